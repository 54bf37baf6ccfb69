import { describe, expect, it } from 'vitest';
import { appendStoreCode, isStoreCode, storePrefix, withStorePrefix } from './store.ts';

describe('isStoreCode', () => {
  it('accepts only the mapped store', () => {
    expect(isStoreCode('it')).toBe(true);
    expect(isStoreCode('de')).toBe(false);
    expect(isStoreCode('')).toBe(false);
    expect(isStoreCode('favicon.ico')).toBe(false);
  });
});

describe('appendStoreCode', () => {
  it('is off unless APPEND_STORE_CODE says true', () => {
    expect(appendStoreCode({})).toBe(false);
    expect(appendStoreCode({ APPEND_STORE_CODE: 'false' })).toBe(false);
    expect(appendStoreCode({ APPEND_STORE_CODE: '0' })).toBe(false);
    expect(appendStoreCode({ APPEND_STORE_CODE: 'true' })).toBe(true);
    expect(appendStoreCode({ APPEND_STORE_CODE: ' 1 ' })).toBe(true);
  });
});

describe('withStorePrefix', () => {
  it('leaves paths alone without a prefix', () => {
    expect(withStorePrefix('/c/coltelli', storePrefix(false))).toBe('/c/coltelli');
    expect(withStorePrefix('/', '')).toBe('/');
  });

  it('puts the store code before shop paths, once', () => {
    const prefix = storePrefix(true);
    expect(prefix).toBe('/it');
    expect(withStorePrefix('/', prefix)).toBe('/it');
    expect(withStorePrefix('/c/coltelli?sort=price:asc', prefix)).toBe('/it/c/coltelli?sort=price:asc');
    expect(withStorePrefix('/it/c/coltelli', prefix)).toBe('/it/c/coltelli');
    expect(withStorePrefix('/?q=1', prefix)).toBe('/it?q=1');
    expect(withStorePrefix('/italia', prefix)).toBe('/it/italia');
  });

  it('does not touch fragments and absolute URLs', () => {
    expect(withStorePrefix('#reviews', '/it')).toBe('#reviews');
    expect(withStorePrefix('https://example.com/x', '/it')).toBe('https://example.com/x');
  });
});
