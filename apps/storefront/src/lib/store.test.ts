import { describe, expect, it } from 'vitest';
import { internalStorePath, isStoreCode } from './store.ts';

describe('internalStorePath', () => {
  it('maps the home page and its /pwa.html alias to the store root', () => {
    expect(internalStorePath('/')).toBe('/it');
    expect(internalStorePath('/pwa.html')).toBe('/it');
    expect(internalStorePath('/it/pwa.html')).toBe('/it');
  });

  it('lets paths that already carry the store code through', () => {
    expect(internalStorePath('/it')).toBeNull();
    expect(internalStorePath('/it/')).toBeNull();
    expect(internalStorePath('/it/c/coltelli')).toBeNull();
    expect(internalStorePath('/it/p/COL-00001/coltello')).toBeNull();
  });

  it('prefixes every other path with the store segment', () => {
    expect(internalStorePath('/c/coltelli')).toBe('/it/c/coltelli');
    expect(internalStorePath('/p/COL-1/coltello/COL-1-R')).toBe('/it/p/COL-1/coltello/COL-1-R');
    expect(internalStorePath('/error')).toBe('/it/error');
    expect(internalStorePath('/sitemap.html')).toBe('/it/sitemap.html');
    // Only a whole segment counts as a store code.
    expect(internalStorePath('/italia')).toBe('/it/italia');
    expect(internalStorePath('/de/c/messer')).toBe('/it/de/c/messer');
  });
});

describe('isStoreCode', () => {
  it('accepts only the mapped store', () => {
    expect(isStoreCode('it')).toBe(true);
    expect(isStoreCode('de')).toBe(false);
    expect(isStoreCode('')).toBe(false);
  });
});
