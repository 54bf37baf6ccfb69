import { describe, expect, it } from 'vitest';
import { CATALOG_QUERY_LIMITS, catalogQuery } from './catalog-query.ts';
import { searchQuery } from './search.ts';

const lists = [
  ['POST /api/catalog', (page: object) => catalogQuery.safeParse({ entityType: 'product', ...page })],
  ['POST /api/search', (page: object) => searchQuery.safeParse({ q: 'coltello', ...page })],
] as const;

describe('catalogue §5 paging: size ≤ 0 becomes 50, start < 0 becomes 0', () => {
  for (const [name, parse] of lists) {
    it(`${name} normalises by the same rule`, () => {
      for (const size of [0, -1, -5000]) expect(parse({ size }).data).toMatchObject({ size: 50 });
      for (const start of [-1, -999]) expect(parse({ start }).data).toMatchObject({ start: 0 });
      expect(parse({}).data).toMatchObject({ size: 50, start: 0 });
      expect(parse({ size: 7, start: 14 }).data).toMatchObject({ size: 7, start: 14 });
      for (const bad of [{ size: 1.5 }, { start: 0.5 }, { size: '10' }, { start: 1_000_001 }]) expect(parse(bad).success, JSON.stringify(bad)).toBe(false);
    });
  }
});

describe('page size caps: one request cannot dump the catalogue', () => {
  it(`refuses product pages above ${CATALOG_QUERY_LIMITS.maxProductSize}, naming size`, () => {
    expect(catalogQuery.safeParse({ entityType: 'product', size: CATALOG_QUERY_LIMITS.maxProductSize }).success).toBe(true);
    const refused = catalogQuery.safeParse({ entityType: 'product', size: CATALOG_QUERY_LIMITS.maxProductSize + 1 });
    expect(refused.error?.issues).toMatchObject([{ path: ['size'], message: expect.stringMatching(/^must be at most 500 for products/) }]);
  });

  it('lets categories keep their fetch size of 4,000 (catalogue §9), and no more', () => {
    expect(catalogQuery.safeParse({ entityType: 'category', size: 4000 }).success).toBe(true);
    expect(catalogQuery.safeParse({ entityType: 'category', size: 4001 }).error?.issues[0]?.path).toEqual(['size']);
  });

  it('keeps search pages at 200', () => {
    expect(searchQuery.safeParse({ q: 'coltello', size: 200 }).success).toBe(true);
    expect(searchQuery.safeParse({ q: 'coltello', size: 201 }).success).toBe(false);
  });
});
