import { describe, expect, it } from 'vitest';
import { isStoreCode } from './store.ts';

describe('isStoreCode', () => {
  it('accepts only the mapped store', () => {
    expect(isStoreCode('it')).toBe(true);
    expect(isStoreCode('de')).toBe(false);
    expect(isStoreCode('')).toBe(false);
    expect(isStoreCode('favicon.ico')).toBe(false);
  });
});
