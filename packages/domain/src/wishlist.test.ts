import { describe, expect, it } from 'vitest';
import { WISHLIST_MAX, addToWishlist, mergeWishlists, parseWishlist, removeFromWishlist } from './wishlist.ts';

describe('wishlist list rules', () => {
  it('reads only a clean list from storage', () => {
    expect(parseWishlist(null)).toEqual([]);
    expect(parseWishlist('not json')).toEqual([]);
    expect(parseWishlist('{"sku":"A"}')).toEqual([]);
    expect(parseWishlist('["A", "B", "A", 3, "", "C"]')).toEqual(['A', 'B', 'C']);
    expect(parseWishlist(JSON.stringify(Array.from({ length: 150 }, (_, i) => `S${i}`)))).toHaveLength(WISHLIST_MAX);
  });

  it('ignores a sku already there and refuses one past the limit', () => {
    expect(addToWishlist(['A'], 'B')).toEqual({ list: ['A', 'B'], changed: true, full: false });
    expect(addToWishlist(['A'], 'A')).toEqual({ list: ['A'], changed: false, full: false });
    const full = Array.from({ length: WISHLIST_MAX }, (_, i) => `S${i}`);
    expect(addToWishlist(full, 'X')).toEqual({ list: full, changed: false, full: true });
  });

  it('removes by sku', () => {
    expect(removeFromWishlist(['A', 'B'], 'A')).toEqual({ list: ['B'], changed: true, full: false });
    expect(removeFromWishlist(['A'], 'X').changed).toBe(false);
  });

  it("merges this device's list after the customer's, without duplicates, up to the limit", () => {
    expect(mergeWishlists(['A', 'B'], ['B', 'C'])).toEqual(['A', 'B', 'C']);
    expect(mergeWishlists([], ['C'])).toEqual(['C']);
    const server = Array.from({ length: WISHLIST_MAX - 1 }, (_, i) => `S${i}`);
    expect(mergeWishlists(server, ['X', 'Y'])).toEqual([...server, 'X']);
  });
});
