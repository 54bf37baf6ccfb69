import { describe, expect, it } from 'vitest';
import { compileFilters, splitCategoryScope } from './memory-filters.ts';
import { MemoryIndex } from './memory-index.ts';

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
