import { describe, expect, it } from 'vitest';
import requests from './fixtures/vsf-1.12.3-requests.json' with { type: 'json' };
import { DslError, translateAggregations, translateQuery, translateSort } from './dsl.ts';
import { filterSource, globMatches } from './source-filter.ts';

const bodyOf = (name: string) => requests.find((r) => r.name === name)!.body as { query?: unknown; aggs?: unknown };

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DslError);
    return (error as DslError).message;
  }
  throw new Error('not refused');
}

describe('translateQuery — the bodies VSF 1.12.3 builds', () => {
  it('a category page: visibility, status, categories as filters', () => {
    expect(translateQuery(bodyOf('category page: products with facets').query)).toEqual({
      matches: true,
      filters: { visibility: { in: [2, 3, 4] }, status: { in: [0, 1] }, category_ids: { in: [20, 21, 22, 23, 24, 25] } },
    });
  });

  it('chosen filters: the {code}_options alternative for configurables folds into the attribute filter', () => {
    const { filters } = translateQuery(bodyOf('category page with a brand, colours and a price range chosen').query);
    expect(filters).toEqual({
      visibility: { in: [2, 3, 4] },
      status: { in: [0, 1] },
      category_ids: { in: [30] },
      marca: { in: ['20005'] },
      colore: { in: ['20111', '20104'] },
      final_price: { lte: 50 },
    });
  });

  it('the search panel: function_score and the SKU alternatives become one text', () => {
    expect(translateQuery(bodyOf('search panel').query)).toEqual({ matches: true, filters: { visibility: { in: [3, 4] }, status: { in: [0, 1] } }, text: 'coltello' });
  });

  it('categories, CMS, reviews: terms as filters', () => {
    expect(translateQuery(bodyOf('category tree by level').query).filters).toEqual({ level: { in: [2] }, is_active: { in: [true] } });
    expect(translateQuery(bodyOf('CMS page by identifier').query).filters).toEqual({ identifier: { in: ['chi-siamo'] } });
    expect(translateQuery(bodyOf('tax rules').query)).toEqual({ matches: true, filters: {} });
  });

  it('term, match on a non-text field, range from/to, constant_score and two conditions on one field', () => {
    expect(
      translateQuery({
        constant_score: { filter: { bool: { must: [{ term: { sku: { value: 'A-1' } } }, { match: { type_id: 'simple' } }, { range: { price: { from: 10, to: 20 } } }, { terms: { level: [2, 3] } }, { terms: { level: [3, 4] } }] } } },
      }).filters,
    ).toEqual({ sku: { eq: 'A-1' }, type_id: { eq: 'simple' }, price: { gte: 10, lte: 20 }, level: { in: [3] } });
  });

  it('alternatives of one field merge; disjoint values or an empty terms list match nothing', () => {
    expect(translateQuery({ bool: { should: [{ term: { marca: '1' } }, { terms: { marca: ['2', '3'] } }] } }).filters).toEqual({ marca: { in: ['1', '2', '3'] } });
    expect(translateQuery({ bool: { filter: [{ terms: { marca: ['1'] } }, { terms: { marca: ['2'] } }] } }).matches).toBe(false);
    expect(translateQuery({ terms: { sku: [] } }).matches).toBe(false);
  });

  it('should clauses beside must only score: they select nothing', () => {
    expect(translateQuery({ bool: { must: [{ term: { status: 1 } }], should: [{ term: { marca: '1' } }] } }).filters).toEqual({ status: { eq: 1 } });
    expect(translateQuery({ bool: { must: [{ term: { status: 1 } }], should: [{ term: { marca: '1' } }], minimum_should_match: 1 } }).filters).toEqual({ status: { eq: 1 }, marca: { eq: '1' } });
  });
});

describe('translateQuery — must_not and exists (storefront-query-builder nin, neq, eq null, or/nor null)', () => {
  // The shapes body.ts's baseFilters build through bodybuilder's filter/notFilter/orFilter.
  const base = { terms: { visibility: [2, 3, 4] } };

  it('nin and neq: must_not terms and term become nin', () => {
    expect(translateQuery({ bool: { filter: { bool: { must: [base], must_not: [{ terms: { marca: ['1', '2'] } }] } } } }).filters).toEqual({ visibility: { in: [2, 3, 4] }, marca: { nin: ['1', '2'] } });
    expect(translateQuery({ bool: { must_not: { term: { type_id: 'bundle' } } } })).toEqual({ matches: true, filters: { type_id: { nin: ['bundle'] } } });
    expect(translateQuery({ bool: { must_not: { terms: { colore_options: ['7'] } } } }).filters).toEqual({ colore: { nin: ['7'] } });
  });

  it('eq null and nin null: exists, and must_not exists', () => {
    expect(translateQuery({ bool: { filter: [base, { exists: { field: 'marca' } }] } }).filters).toEqual({ visibility: { in: [2, 3, 4] }, marca: { exists: true } });
    expect(translateQuery({ bool: { must_not: [{ exists: { field: 'parent_sku' } }] } }).filters).toEqual({ parent_sku: { exists: false } });
  });

  it('or null (should of a bool must_not exists) and nor (should of a bool must_not terms)', () => {
    expect(translateQuery({ bool: { should: [{ bool: { must_not: [{ exists: { field: 'marca' } }] } }] } }).filters).toEqual({ marca: { exists: false } });
    expect(translateQuery({ bool: { should: [{ bool: { must_not: [{ terms: { marca: ['1'] } }] } }] } }).filters).toEqual({ marca: { nin: ['1'] } });
    expect(translateQuery({ bool: { should: [{ exists: { field: 'marca' } }] } }).filters).toEqual({ marca: { exists: true } });
  });

  it('a bool of one field negates; double negation and empty lists', () => {
    expect(translateQuery({ bool: { must_not: { bool: { should: [{ term: { marca: '1' } }, { term: { marca: '2' } }] } } } }).filters).toEqual({ marca: { nin: ['1', '2'] } });
    expect(translateQuery({ bool: { must_not: { bool: { must_not: { exists: { field: 'marca' } } } } } }).filters).toEqual({ marca: { exists: true } });
    expect(translateQuery({ bool: { must_not: { bool: { must_not: { terms: { marca: ['1'] } } } } } }).filters).toEqual({ marca: { in: ['1'] } });
    expect(translateQuery({ bool: { must_not: { terms: { marca: [] } } } })).toEqual({ matches: true, filters: {} });
    expect(translateQuery({ bool: { must_not: { bool: { filter: [] } } } }).matches).toBe(false);
  });

  it('conditions on one field combine: nin lists join, a value list drops its excluded values, exists meets its opposite', () => {
    expect(translateQuery({ bool: { must_not: [{ terms: { marca: ['1', '2'] } }, { term: { marca: '3' } }, { term: { marca: '1' } }] } }).filters).toEqual({ marca: { nin: ['1', '2', '3'] } });
    expect(translateQuery({ bool: { filter: [{ terms: { marca: ['1', '2'] } }], must_not: [{ term: { marca: '1' } }] } }).filters).toEqual({ marca: { in: ['2'] } });
    expect(translateQuery({ bool: { filter: [{ terms: { marca: ['1'] } }], must_not: [{ term: { marca: '1' } }] } }).matches).toBe(false);
    expect(translateQuery({ bool: { filter: [{ exists: { field: 'marca' } }], must_not: [{ exists: { field: 'marca' } }] } }).matches).toBe(false);
    expect(translateQuery({ bool: { filter: [{ terms: { marca: ['1'] } }], must_not: [{ exists: { field: 'marca' } }] } }).matches).toBe(false);
    expect(translateQuery({ bool: { filter: [{ exists: { field: 'marca' } }], must_not: [{ term: { marca: '1' } }] } }).filters).toEqual({ marca: { exists: true, nin: ['1'] } });
  });
});

describe('translateQuery — refusals name the clause', () => {
  it.each([
    [{ script: { script: 'true' } }, 'query.script: scripts are not run'],
    [{ wildcard: { sku: 'A*' } }, 'query.wildcard'],
    [{ regexp: { sku: '.*' } }, 'query.regexp'],
    [{ bool: { filter: [{ exists: { field: 'X' } }] } }, 'query.bool.filter.0.exists.field: is not a catalogue field'],
    [{ bool: { filter: [{ exists: { field: 'marca', x: 1 } }] } }, 'query.bool.filter.0.exists: must name one field'],
    [{ bool: { must_not: [{ range: { price: { gte: 10 } } }] } }, 'query.bool.must_not.0.range: must_not takes term, terms, exists'],
    [{ bool: { must_not: { match: { type_id: 'simple' } } } }, 'query.bool.must_not.match'],
    [{ bool: { must_not: [{ bool: { filter: [{ range: { price: { gte: 10 } } }] } }] } }, 'query.bool.must_not.0.bool: must_not takes term, terms or exists conditions only, not gte on price'],
    [{ bool: { must_not: [{ bool: { filter: [{ term: { marca: '1' } }, { term: { colore: '2' } }] } }] } }, 'query.bool.must_not.0.bool: must_not takes conditions on one field only'],
    [{ bool: { must_not: [{ bool: { must: [{ match: { name: 'coltello' } }] } }] } }, 'query.bool.must_not.0.bool: must_not cannot exclude a search text'],
    [{ bool: { must_not: [{ terms: { marca: Array.from({ length: 501 }, (_, i) => String(i)) } }] } }, 'query.bool.must_not.0.terms.marca: at most 500 values'],
    [{ function_score: { query: { match_all: {} }, functions: [{ script_score: { script: 'x' } }] } }, 'query.function_score.functions.0.script_score'],
    [{ nested: { path: 'x', query: {} } }, 'query.nested: is outside the query subset'],
    [{ bool: { should: [{ term: { marca: '1' } }, { term: { colore: '2' } }] } }, 'query.bool.should: alternatives must be values of one field'],
    [{ terms: { sku: Array.from({ length: 10_000 }, (_, i) => `S${i}`) } }, 'query.terms.sku: at most 500 values'],
  ])('%j', (query, message) => {
    expect(refusal(() => translateQuery(query))).toContain(message);
  });

  it('field names outside the catalogue, prototype keys included', () => {
    expect(refusal(() => translateQuery(JSON.parse('{"term":{"__proto__":1}}')))).toBe('query.term.__proto__: is not a catalogue field');
    expect(refusal(() => translateQuery(JSON.parse('{"terms":{"__proto__":[1]}}')))).toContain('is not a catalogue field');
    expect(refusal(() => translateQuery({ constructor: {} }))).toContain('query.constructor: is outside the query subset');
    expect(refusal(() => translateQuery({ range: { price: { constructor: 1 } } }))).toContain('query.range.price.constructor');
  });

  it('deep and huge queries', () => {
    let deep: unknown = { term: { status: 1 } };
    for (let i = 0; i < 20; i++) deep = { bool: { filter: [deep] } };
    expect(refusal(() => translateQuery(deep))).toMatch(/nest more than 12 levels/);
    const wide = { bool: { filter: Array.from({ length: 300 }, () => ({ term: { status: 1 } })) } };
    expect(refusal(() => translateQuery(wide))).toMatch(/at most 200 clauses/);
  });
});

describe('translateAggregations and translateSort', () => {
  it("VSF's facets: terms per attribute and its _options twin, the price as ranges, agg_terms_price without buckets", () => {
    const plans = translateAggregations(bodyOf('category page with a brand, colours and a price range chosen').aggs);
    expect(plans.find((p) => p.name === 'agg_terms_colore_options')).toEqual({ name: 'agg_terms_colore_options', kind: 'terms', code: 'colore', size: 10 });
    expect(plans.find((p) => p.name === 'agg_terms_price')).toEqual({ name: 'agg_terms_price', kind: 'empty-terms' });
    expect(plans.find((p) => p.name === 'agg_range_price')).toEqual({ name: 'agg_range_price', kind: 'range', ranges: [{ from: 0, to: 50 }, { from: 50, to: 100 }, { from: 100, to: 150 }, { from: 150 }, { to: 50 }] });
  });

  it('refuses other aggregations by name', () => {
    expect(refusal(() => translateAggregations({ top: { max: { field: 'price' } } }))).toBe('aggs.top.max: only terms and range aggregations are translated (ADR 0037)');
    expect(refusal(() => translateAggregations({ r: { range: { field: 'weight', ranges: [{ to: 1 }] } } }))).toContain('aggs.r.range.field');
    expect(refusal(() => translateAggregations({ t: { terms: { field: 'marca', script: 'x' } } }))).toContain('aggs.t.terms.script');
  });

  it('sorts from the URL win over the body; body forms', () => {
    expect(translateSort('final_price,updated_at:desc', [{ id: 'asc' }])).toEqual(['final_price', 'updated_at:desc']);
    expect(translateSort('', [{ position: { order: 'asc' } }, 'id', '_score'])).toEqual(['position:asc', 'id', '_score']);
  });
});

describe('filterSource', () => {
  const doc = { id: 1, sku: 'A', image: 'a.jpg', small_image: 's.jpg', sgn: 'x', stock: { qty: 1, stock_id: 2 }, configurable_children: [{ sku: 'A-1', sgn: 'y', price: 3 }] };

  it('wildcards reach nested fields and arrays, as Elasticsearch does', () => {
    expect(filterSource(doc, { includes: ['id', '*sku', '*image'], excludes: ['*.sgn'] })).toEqual({ id: 1, sku: 'A', image: 'a.jpg', small_image: 's.jpg', configurable_children: [{ sku: 'A-1' }] });
    expect(filterSource(doc, { includes: [], excludes: ['sgn', '*.sgn', 'stock.stock_id'] })).toEqual({ id: 1, sku: 'A', image: 'a.jpg', small_image: 's.jpg', stock: { qty: 1 }, configurable_children: [{ sku: 'A-1', price: 3 }] });
    expect(filterSource(doc, { includes: [], excludes: ['*'] })).toEqual({});
    expect(filterSource(doc, { includes: ['stock'], excludes: [] })).toEqual({ stock: { qty: 1, stock_id: 2 } });
    expect(filterSource(doc, { includes: ['id', 'configurable_children.sku', 'stock'], excludes: ['stock.qty'] })).toEqual({ id: 1, stock: { stock_id: 2 }, configurable_children: [{ sku: 'A-1' }] });
  });

  it('matches globs without backtracking for ever', () => {
    expect(globMatches('*.sgn', 'configurable_children.sgn')).toBe(true);
    expect(globMatches('*.sgn', 'sgn')).toBe(false);
    expect(globMatches('a*b*c', 'aXbYc')).toBe(true);
    expect(globMatches(`${'*a'.repeat(100)}Z`, 'a'.repeat(60))).toBe(false);
  });
});
