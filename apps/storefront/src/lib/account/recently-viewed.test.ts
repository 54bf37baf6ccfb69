import { describe, expect, it } from 'vitest';
import { parseViewed, RECENTLY_VIEWED_MAX, withViewed } from './recently-viewed.ts';

const product = (n: number) => ({ sku: `SKU-${n}`, name: `Prodotto ${n}`, url: `/p/SKU-${n}/prodotto-${n}` });

describe('recently viewed', () => {
  it('puts the latest view first, once, and keeps at most 12', () => {
    let list = [product(1), product(2)];
    list = withViewed(list, product(2));
    expect(list.map((entry) => entry.sku)).toEqual(['SKU-2', 'SKU-1']);
    for (let n = 3; n <= 20; n++) list = withViewed(list, product(n));
    expect(list).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(list[0]!.sku).toBe('SKU-20');
    expect(list.at(-1)!.sku).toBe('SKU-9');
  });

  it('reads only well-formed entries with a local path', () => {
    const raw = JSON.stringify([product(1), { sku: 'X', name: 'Evil', url: 'https://evil.example/' }, { sku: 3 }, 'junk']);
    expect(parseViewed(raw)).toEqual([product(1)]);
    expect(parseViewed('not json')).toEqual([]);
    expect(parseViewed(null)).toEqual([]);
  });
});
