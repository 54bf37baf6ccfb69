import { describe, expect, it } from 'vitest';
import { isSearchable, normalizeTerm } from './search-term.ts';

describe('search term', () => {
  it('needs three characters after trimming', () => {
    expect(isSearchable('co')).toBe(false);
    expect(isSearchable('  co  ')).toBe(false);
    expect(isSearchable('col')).toBe(true);
    expect(normalizeTerm('  coltello \t da  cucina ')).toBe('coltello da cucina');
  });
});
