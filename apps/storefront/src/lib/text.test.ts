import { describe, expect, it } from 'vitest';
import { truncate } from './text.ts';

describe('truncate', () => {
  it('keeps short text', () => {
    expect(truncate('breve', 10)).toBe('breve');
  });
  it('cuts at a word boundary', () => {
    expect(truncate('Coltello da cucina professionale in acciaio', 25)).toBe('Coltello da cucina…');
  });
});
