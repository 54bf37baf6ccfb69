import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha3_224 } from './sha3.ts';

describe('sha3_224', () => {
  it('matches the standard digest for empty, short, multi-block and non-ASCII input', () => {
    for (const text of ['', 'abc', 'null', 'x'.repeat(143), 'y'.repeat(144), 'z'.repeat(1000), 'Caffè € 🍝']) {
      expect(sha3_224(text)).toBe(createHash('sha3-224').update(text, 'utf8').digest('hex'));
    }
  });
});
