import { describe, expect, it } from 'vitest';
import { compileFilters, splitCategoryScope } from './memory-filters.ts';
import { MemoryIndex, type IndexedRow } from './memory-index.ts';

const row = (id: number, columns: Partial<IndexedRow>): IndexedRow => ({
  id, sku: `P-${id}`, type_id: 'simple', status: 1, visibility: 4, parent_sku: null, category_ids: [], price_cents: 1000,
  special_price_cents: null, special_from: null, special_to: null, tax_class_id: 2, position: 0, created_at: 0, updated_at: 0,
  attr_keys: [], vec: '', ...columns,
});

describe('compileFilters — nin and exists, as catalog/query.ts answers them', () => {
  const index = new MemoryIndex();
  index.add([
    row(1, { attr_keys: ['colore:1'], category_ids: [10], parent_sku: 'C-1' }),
    row(2, { attr_keys: ['colore:1', 'colore:2', 'marca:9'], category_ids: [10, 11] }),
    row(3, {}),
  ]);
  index.seal();
  const slots = [0, 1, 2];
  const skus = (filters: Parameters<typeof compileFilters>[1]) => {
    const test = compileFilters(index, filters, new Set(['colore', 'marca']), 0)!;
    return slots.filter(test).map((s) => index.field.sku(s));
  };

  it('nin: none of the values, a record without the field passing', () => {
    expect(skus({ colore: { nin: ['2'] } })).toEqual(['P-1', 'P-3']);
    expect(skus({ category_ids: { nin: [11] } })).toEqual(['P-1', 'P-3']);
    expect(skus({ parent_sku: { nin: ['C-1'] } })).toEqual(['P-2', 'P-3']);
    expect(skus({ sku: { nin: ['P-1', 'P-3'] } })).toEqual(['P-2']);
  });

  it('exists: a value, an option, a list item', () => {
    expect(skus({ marca: { exists: true } })).toEqual(['P-2']);
    expect(skus({ colore: { exists: false } })).toEqual(['P-3']);
    expect(skus({ category_ids: { exists: false } })).toEqual(['P-3']);
    expect(skus({ parent_sku: { exists: true } })).toEqual(['P-1']);
    expect(skus({ colore: { exists: true, nin: ['2'] } })).toEqual(['P-1']);
  });
});

describe('splitCategoryScope', () => {
  it("takes a category page's categories out of the filters tested per product", () => {
    expect(splitCategoryScope({ category_ids: { in: [10, '11'] }, status: { eq: 1 } })).toEqual({ scope: new Set([10, 11]), rest: { category_ids: {}, status: { eq: 1 } } });
    expect(splitCategoryScope({ category_ids: { eq: 10 } })).toEqual({ scope: new Set([10]), rest: { category_ids: {} } });
  });

  it('leaves filters without categories as they are', () => {
    const filters = { status: { eq: 1 } };
    expect(splitCategoryScope(filters)).toEqual({ scope: undefined, rest: filters });
  });

  it('keeps both tests when eq and in are given together, and the conditions the index cannot answer', () => {
    const both = { category_ids: { eq: 10, in: [11, 12] } };
    expect(splitCategoryScope(both)).toEqual({ scope: new Set([10]), rest: both });
    const { rest } = splitCategoryScope({ category_ids: { in: [10], like: '1%' } });
    expect(rest).toEqual({ category_ids: { like: '1%' } });
    expect(compileFilters(new MemoryIndex(), rest, new Set(), Date.now())).toBeNull();
  });
});
