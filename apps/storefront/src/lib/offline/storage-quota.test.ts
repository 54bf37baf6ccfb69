import { describe, expect, it } from 'vitest';
import { cachesToPurge } from './storage-quota.ts';

describe('cachesToPurge', () => {
  const names = ['serwist-precache-v2-x', 'shop-pages-abc', 'shop-images'];
  it('leaves everything while the usage is within the budget', () => {
    expect(cachesToPurge(10, names, 100)).toEqual([]);
  });
  it('empties pictures, then pages, above it, never the app shell', () => {
    expect(cachesToPurge(101, names, 100)).toEqual(['shop-images', 'shop-pages-abc']);
  });
});
