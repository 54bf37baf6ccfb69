import { describe, expect, it } from 'vitest';
import {
  API_SORT,
  EMPTY_QUERY,
  EMPTY_SEARCH_QUERY,
  SEARCH_LIST,
  changeFilterQuery,
  listViewHref,
  categoryViewHref,
  hasFilters,
  hasViewParams,
  isDefaultView,
  parseCategoryQuery,
  parsePriceKey,
  restrictToAttributes,
  serializeCategoryQuery,
  viewApiFilters,
  type CategoryQueryState,
} from './query-state.ts';

const state = (partial: Partial<CategoryQueryState>): CategoryQueryState => ({ ...EMPTY_QUERY, ...partial });

describe('changeFilterQuery (VSF changeFilterQuery.spec vectors)', () => {
  it('adds an option to an empty query', () => {
    expect(changeFilterQuery(EMPTY_QUERY, { type: 'attribute', code: 'color', id: '33' }).filters).toEqual({ color: ['33'] });
  });

  it('removes a chosen option and keeps the others', () => {
    const next = changeFilterQuery(state({ filters: { color: ['23', '33'] } }), { type: 'attribute', code: 'color', id: '33' });
    expect(next.filters).toEqual({ color: ['23'] });
  });

  it('drops an attribute whose last option is removed', () => {
    const next = changeFilterQuery(state({ filters: { color: ['33'] } }), { type: 'attribute', code: 'color', id: '33' });
    expect(next.filters).toEqual({});
  });

  it('ORs options within an attribute (multi-select) and keeps other attributes', () => {
    const one = changeFilterQuery(state({ filters: { marca: ['20001'] } }), { type: 'attribute', code: 'colore', id: '20102' });
    const two = changeFilterQuery(one, { type: 'attribute', code: 'colore', id: '20101' });
    expect(two.filters).toEqual({ colore: ['20101', '20102'], marca: ['20001'] });
  });

  it('adds, removes and replaces the sort', () => {
    const added = changeFilterQuery(EMPTY_QUERY, { type: 'sort', id: 'price:asc' });
    expect(added.sort).toBe('price:asc');
    expect(changeFilterQuery(added, { type: 'sort', id: 'price:asc' }).sort).toBe('position');
    expect(changeFilterQuery(added, { type: 'sort', id: 'updated_at:desc' }).sort).toBe('updated_at:desc');
  });

  it('keeps a single price range: add, same again removes, another replaces', () => {
    const added = changeFilterQuery(EMPTY_QUERY, { type: 'price', id: '50.0-100.0' });
    expect(added.price).toBe('50.0-100.0');
    expect(changeFilterQuery(added, { type: 'price', id: '50.0-100.0' }).price).toBeNull();
    const other = changeFilterQuery(state({ price: '100.0-150.0' }), { type: 'price', id: '50.0-100.0' });
    expect(other.price).toBe('50.0-100.0');
  });

  it('goes back to page 1 on every change but paging', () => {
    const onPage3 = state({ page: 3 });
    expect(changeFilterQuery(onPage3, { type: 'attribute', code: 'colore', id: '1' }).page).toBe(1);
    expect(changeFilterQuery(onPage3, { type: 'price', id: '0.0-50.0' }).page).toBe(1);
    expect(changeFilterQuery(onPage3, { type: 'sort', id: 'price:desc' }).page).toBe(1);
    expect(changeFilterQuery(onPage3, { type: 'page', page: 4 }).page).toBe(4);
    expect(changeFilterQuery(onPage3, { type: 'page', page: 0 }).page).toBe(1);
  });

  it('clears filters but keeps the sort', () => {
    const cleared = changeFilterQuery(state({ filters: { colore: ['1'] }, price: '0.0-50.0', sort: 'price:asc', page: 2 }), { type: 'clear' });
    expect(cleared).toEqual(state({ sort: 'price:asc' }));
  });

  it('does not modify its input', () => {
    const input = state({ filters: { colore: ['1'] } });
    changeFilterQuery(input, { type: 'attribute', code: 'colore', id: '2' });
    expect(input.filters).toEqual({ colore: ['1'] });
  });
});

describe('parseCategoryQuery', () => {
  it('reads the example URL of the brief', () => {
    const params = new URLSearchParams('colore=20101&colore=20102&price=50.0-100.0&sort=price:asc&p=2');
    expect(parseCategoryQuery(params)).toEqual({
      filters: { colore: ['20101', '20102'] },
      price: '50.0-100.0',
      sort: 'price:asc',
      page: 2,
    });
  });

  it('reads Next searchParams objects (string or array values)', () => {
    expect(parseCategoryQuery({ colore: ['20102', '20101'], marca: '20005', p: '3', x: undefined })).toEqual({
      filters: { colore: ['20101', '20102'], marca: ['20005'] },
      price: null,
      sort: 'position',
      page: 3,
    });
  });

  it('ignores bad shapes instead of failing', () => {
    const params = new URLSearchParams('sort=name:asc&p=-1&price=abc&Colore=1&colore=%3Cscript%3E&colore=1&colore=1');
    expect(parseCategoryQuery(params)).toEqual({ filters: { colore: ['1'] }, price: null, sort: 'position', page: 1 });
    expect(parseCategoryQuery(new URLSearchParams('p=2.5')).page).toBe(1);
    expect(parseCategoryQuery(new URLSearchParams('p=99999999')).page).toBe(1);
    expect(parseCategoryQuery(new URLSearchParams('price=100.0-50.0')).price).toBeNull();
  });

  it('accepts open-ended price keys and keeps the first price only', () => {
    expect(parseCategoryQuery(new URLSearchParams('price=150.0-*&price=0.0-50.0')).price).toBe('150.0-*');
    expect(parseCategoryQuery(new URLSearchParams('price=150.0-')).price).toBe('150.0-');
  });

  it('bounds the number of values per attribute', () => {
    const params = new URLSearchParams(Array.from({ length: 30 }, (_, i) => `colore=${i}`).join('&'));
    expect(parseCategoryQuery(params).filters.colore).toHaveLength(20);
  });
});

describe('serializeCategoryQuery', () => {
  it('writes a canonical query: attributes by code, values sorted, defaults left out', () => {
    const view = state({ filters: { marca: ['20005'], colore: ['20102', '20101'] }, price: '50.0-100.0', sort: 'price:asc', page: 2 });
    expect(serializeCategoryQuery(view)).toBe('?colore=20102&colore=20101&marca=20005&price=50.0-100.0&sort=price:asc&p=2');
    expect(serializeCategoryQuery(parseCategoryQuery(new URLSearchParams(serializeCategoryQuery(view))))).toBe(
      '?colore=20101&colore=20102&marca=20005&price=50.0-100.0&sort=price:asc&p=2',
    );
    expect(serializeCategoryQuery(EMPTY_QUERY)).toBe('');
    expect(serializeCategoryQuery(state({ page: 1, sort: 'position' }))).toBe('');
  });

  it('round-trips through parse', () => {
    const url = '?colore=20101&colore=20102&price=50.0-100.0&sort=price:asc&p=2';
    expect(serializeCategoryQuery(parseCategoryQuery(new URLSearchParams(url)))).toBe(url);
  });

  it('builds category links', () => {
    expect(categoryViewHref('/c/coltelli', state({ sort: 'updated_at:desc' }))).toBe('/c/coltelli?sort=updated_at:desc');
    expect(categoryViewHref('/c/coltelli', EMPTY_QUERY)).toBe('/c/coltelli');
  });
});

describe('views', () => {
  it('knows the default view and filtered views', () => {
    expect(isDefaultView(EMPTY_QUERY)).toBe(true);
    expect(isDefaultView(state({ page: 2 }))).toBe(false);
    expect(isDefaultView(state({ sort: 'price:desc' }))).toBe(false);
    expect(hasFilters(state({ sort: 'price:desc' }))).toBe(false);
    expect(hasFilters(state({ price: '0.0-50.0' }))).toBe(true);
    expect(hasFilters(state({ filters: { colore: ['1'] } }))).toBe(true);
  });

  it('keeps only filterable attributes', () => {
    const view = state({ filters: { colore: ['1'], utm_source: ['x'], marca: ['2'] } });
    expect(restrictToAttributes(view, ['colore', 'marca']).filters).toEqual({ colore: ['1'], marca: ['2'] });
  });

  it('tells when a URL needs the dynamic view', () => {
    expect(hasViewParams(new URLSearchParams(''))).toBe(false);
    expect(hasViewParams(new URLSearchParams('utm_source=news&gclid=1&_rsc=abc'))).toBe(false);
    expect(hasViewParams(new URLSearchParams('p=2'))).toBe(true);
    expect(hasViewParams(new URLSearchParams('colore=1&utm_medium=x'))).toBe(true);
  });
});

describe('catalogue query of a view', () => {
  it('ORs options within an attribute and bounds the price with the bucket limits', () => {
    expect(viewApiFilters(state({ filters: { colore: ['20101', '20102'] }, price: '50.0-100.0' }))).toEqual({
      colore: { in: ['20101', '20102'] },
      final_price: { gte: 50, lt: 100 },
    });
  });

  it('leaves out a zero lower bound and an open upper bound (VSF: only truthy bounds)', () => {
    expect(viewApiFilters(state({ price: '0.0-50.0' }))).toEqual({ final_price: { lt: 50 } });
    expect(viewApiFilters(state({ price: '150.0-*' }))).toEqual({ final_price: { gte: 150 } });
  });

  it('parses price keys', () => {
    expect(parsePriceKey('50.0-100.0')).toEqual({ from: 50, to: 100 });
    expect(parsePriceKey('150.0-*')).toEqual({ from: 150 });
    expect(parsePriceKey('nope')).toBeNull();
  });

  it('maps every sort to an API sort', () => {
    expect(API_SORT).toEqual({
      relevance: 'relevance',
      position: 'position:desc',
      'updated_at:desc': 'updated_at:desc',
      'price:asc': 'final_price:asc',
      'price:desc': 'final_price:desc',
    });
  });
});

describe('search result views', () => {
  it('keep the term apart from the filters and default to relevance', () => {
    const view = parseCategoryQuery(new URLSearchParams('q=coltello&colore=20101&sort=price:asc&p=2'), SEARCH_LIST);
    expect(view).toEqual({ filters: { colore: ['20101'] }, price: null, sort: 'price:asc', page: 2 });
    expect(parseCategoryQuery(new URLSearchParams('q=coltello'), SEARCH_LIST)).toEqual(EMPTY_SEARCH_QUERY);
  });
  it('write the term first and leave the default relevance out', () => {
    const base = { path: '/search', kind: 'search', lead: { q: 'coltello da cucina' } } as const;
    expect(listViewHref(base, EMPTY_SEARCH_QUERY)).toBe('/search?q=coltello+da+cucina');
    expect(listViewHref(base, state({ sort: 'price:desc', page: 3 }))).toBe('/search?q=coltello+da+cucina&sort=price:desc&p=3');
  });
  it('offer relevance only on search results', () => {
    expect(parseCategoryQuery(new URLSearchParams('sort=relevance')).sort).toBe('position');
    const sorted = changeFilterQuery(EMPTY_SEARCH_QUERY, { type: 'sort', id: 'price:asc' }, SEARCH_LIST);
    expect(changeFilterQuery(sorted, { type: 'sort', id: 'price:asc' }, SEARCH_LIST).sort).toBe('relevance');
  });
});
