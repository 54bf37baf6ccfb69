import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryIndex, type IndexedRow } from './memory-index.ts';

// One-group searches by relevance without a filter are answered tier by tier (searchByTiers);
// with a filter that lets everything through, the same search visits every hit. Both must give
// the same total, page (ids, scores, order) and facets, whatever the index has been through.

const t = 1_800_000_000_000;
const LEXEMES = ['coltell', 'coltel', 'guant', 'bilanc', 'cucin'];
const WEIGHTS = ['A', 'C', 'AC', 'B'];

const vecOf = (words: [number, number][]) => words.map(([l, w]) => `'${LEXEMES[l]}':1${WEIGHTS[w]}`).join(' ');
const rowOf = (id: number, words: [number, number][], sku: string, colour: number): IndexedRow => ({
  id, sku, type_id: 'simple', status: 1, visibility: 4, parent_sku: null, category_ids: [], price_cents: 100 * (id % 7) + 100,
  special_price_cents: null, special_from: null, special_to: null, tax_class_id: 2, position: 0, created_at: t, updated_at: t,
  attr_keys: colour ? [`colore:${colour}`] : [], vec: `'${sku.toLowerCase()}':1B ${vecOf(words)}`,
});

const product = fc.record({
  words: fc.array(fc.tuple(fc.nat(LEXEMES.length - 1), fc.nat(WEIGHTS.length - 1)), { maxLength: 3 }),
  sku: fc.constantFrom('COL-1', 'COL-12', 'GUA-3', 'coltell'),
  colour: fc.nat(3),
});

const query = fc.record({
  exact: fc.subarray(LEXEMES, { minLength: 1, maxLength: 2 }),
  near: fc.array(fc.record({ lexeme: fc.constantFrom(...LEXEMES), distance: fc.integer({ min: 0, max: 4 }) }), { maxLength: 3 }),
  sku: fc.option(fc.constantFrom('col', 'col-1', 'coltell'), { nil: undefined }),
  start: fc.nat(4),
  size: fc.integer({ min: 1, max: 6 }),
  minScore: fc.constantFrom(0, 0.02, 0.3, 0.8),
});

describe('one-group searches answered tier by tier', () => {
  it('give what visiting every hit gives: total, page and facets, after rewrites and removals', () => {
    fc.assert(
      fc.property(
        fc.array(product, { minLength: 1, maxLength: 60 }),
        fc.array(fc.tuple(fc.nat(59), product, fc.boolean()), { maxLength: 20 }),
        query,
        (built, writes, q) => {
          const index = new MemoryIndex();
          index.add(built.map((p, i) => rowOf(i + 1, p.words, p.sku, p.colour)));
          index.seal();
          // Rewritten products take new slots out of id order; removed ones leave the index.
          for (const [at, p, remove] of writes) {
            const id = (at % built.length) + 1;
            if (remove) index.remove(id);
            else index.upsert(rowOf(id, p.words, p.sku, p.colour));
          }
          const search = (filter: ((slot: number) => boolean) | null) =>
            index.search({
              groups: [{ exact: q.exact, near: q.near, ...(q.sku ? { sku: q.sku } : {}) }],
              filter,
              minScore: q.minScore,
              order: { field: 'relevance' },
              start: q.start,
              size: q.size,
              now: t,
              facets: { codes: ['colore'], size: 10, ranges: [{ to: 3 }, { from: 3 }] },
            });
          expect(search(null)).toEqual(search(() => true));
        },
      ),
      { numRuns: 500 },
    );
  });
});
