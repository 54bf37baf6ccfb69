import { describe, expect, it } from 'vitest';
import { EMPTY_SEARCH_QUERY } from '../filters/query-state.ts';
import { searchRequest } from './search-request.ts';

describe('search request', () => {
  it('carries filters, sort, paging and facets', () => {
    const view = { ...EMPTY_SEARCH_QUERY, filters: { colore: ['20101'] }, price: '50.0-100.0', sort: 'price:asc' as const, page: 3 };
    expect(searchRequest(' coltello ', view, { size: 50, aggregations: { terms: ['colore'] } })).toEqual({
      q: 'coltello',
      filters: { colore: { in: ['20101'] }, final_price: { gte: 50, lt: 100 } },
      sort: 'final_price:asc',
      size: 50,
      start: 100,
      aggregations: { terms: ['colore'] },
    });
    expect(searchRequest('coltello', EMPTY_SEARCH_QUERY, { size: 8 })).toEqual({ q: 'coltello', filters: {}, sort: 'relevance', size: 8, start: 0 });
  });
});
