import { describe, expect, it } from 'vitest';
import { listingQuery, scopeTags } from './listing-query.ts';
import { EMPTY_QUERY } from './query-state.ts';

const FIELDS = ['id', 'sku', 'final_price_incl_tax'];

describe('listingQuery', () => {
  it('asks for one page of 48 listable products of the scope, filtered and sorted', () => {
    const query = listingQuery([20, 21], { filters: { colore: ['20101', '20102'] }, price: '50.0-100.0', sort: 'price:asc', page: 3 }, FIELDS);
    expect(query).toMatchObject({
      entityType: 'product',
      filters: {
        category_ids: { in: [20, 21] },
        visibility: { in: [2, 3, 4] },
        status: { in: [0, 1] },
        colore: { in: ['20101', '20102'] },
        final_price: { gte: 50, lt: 100 },
      },
      sort: 'final_price:asc',
      size: 48,
      start: 96,
    });
    expect(query.includeFields).toContain('final_price_incl_tax');
  });

  it('uses the default position order', () => {
    expect(listingQuery([20], EMPTY_QUERY, FIELDS)).toMatchObject({ sort: 'position:desc', start: 0 });
  });
});

describe('scopeTags', () => {
  it('tags a list with product and every category of its scope, at most 128', () => {
    expect(scopeTags([20, 21, 22])).toEqual(['product', 'C20', 'C21', 'C22']);
    expect(scopeTags(Array.from({ length: 300 }, (_, i) => i + 1))).toHaveLength(128);
  });
});
