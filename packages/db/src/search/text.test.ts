import { describe, expect, it } from 'vitest';
import type { Expansion } from './expand.ts';
import { buildMatchQuery } from './match-query.ts';
import { combinations, foldText, fuzzinessOf, lexeme, minimumShouldMatch, parseQuery } from './text.ts';

describe('query text', () => {
  it('folds accents and case like unaccent', () => {
    expect(foldText('WÜSTHOF Grand Maître ø 20 Più')).toBe('wusthof grand maitre o 20 piu');
  });

  it("allows two edits to every word of 3 letters or more (catalogue §9's fuzziness 2), none for numbers", () => {
    expect(['ab', 'abc', 'abcde', 'abcdef', 'n85', '2000'].map((w) => fuzzinessOf(w))).toEqual([0, 2, 2, 2, 0, 0]);
  });

  it('allows edits by word length with the by-length rule (fuzziness AUTO)', () => {
    expect(['ab', 'abc', 'abcde', 'abcdef', 'n85', '2000'].map((w) => fuzzinessOf(w, 'by-length'))).toEqual([0, 1, 1, 2, 0, 0]);
  });

  it('splits words, keeps hyphenated chunks as SKUs and types the last word as a prefix', () => {
    const parsed = parseQuery('Guanti  GN 1/1 col-00004 x nitr');
    expect(parsed.terms.map((t) => t.word)).toEqual(['guanti', 'gn', '1', '1', 'col', '00004', 'nitr']);
    expect(parsed.terms.map((t) => t.prefix)).toEqual([false, false, false, false, false, false, true]);
    expect(parsed.groups).toEqual([
      { terms: [0] },
      { terms: [1] },
      { terms: [2] },
      { terms: [3] },
      { terms: [4, 5], sku: 'col-00004' },
      { terms: [6] },
    ]);
    expect(parseQuery('tec').groups).toEqual([{ terms: [0], sku: 'tec' }]);
  });

  it('keeps only characters that cannot build tsquery syntax', () => {
    const parsed = parseQuery("'); drop table product;-- :*|&! \\ %");
    expect(parsed.terms.map((t) => t.word)).toEqual(['drop', 'table', 'product']);
    expect(lexeme("it's\\", { prefix: true, weights: 'B' })).toBe("'it''s\\\\':*B");
  });

  it('needs 75 % of the words, rounded down, at least one', () => {
    expect([1, 2, 3, 4, 5, 8].map(minimumShouldMatch)).toEqual([1, 1, 2, 3, 3, 6]);
    expect(combinations(4, 3)).toEqual([[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]]);
  });
});

describe('match query', () => {
  const expansion = (stem: string | null, known: string[] = [], near: [string, string, number][] = []): Expansion => ({
    stem,
    known,
    near: near.map(([word, lex, distance]) => ({ word, lexeme: lex, distance })),
  });

  it('expands unknown words by their typos, known ones only by their stem', () => {
    const parsed = parseQuery('coltelo cucina da');
    const q = buildMatchQuery(parsed, [
      expansion('coltel', [], [['coltello', 'coltell', 1]]),
      expansion('cucin', ['cucina'], [['cucina', 'cucin', 0], ['cucine', 'cucin', 1]]),
      expansion(null),
    ])!;
    // Two words left after the stopword: one must match.
    expect(q.match).toBe("(('coltel' | 'coltell') | 'cucin')");
    expect(q.tiers[0]![0]).toEqual(["'coltel':A", 1]);
    expect(q.tiers[0]![1]).toEqual(["'coltell':A", 0.7]);
    expect(q.matchedWords.sort()).toEqual(['coltello', 'cucina']);
    expect(q.sku).toBeUndefined();
  });

  it('matches a SKU chunk as a weight-B prefix or by all its parts', () => {
    const q = buildMatchQuery(parseQuery('COL-0000'), [expansion('col'), expansion('0000')])!;
    expect(q.match).toBe("(('col' & '0000') | 'col-0000':*B)");
    expect(q.sku).toEqual({ exact: "'col-0000':B", prefix: "'col-0000':*B" });
  });

  it('reports words nothing matched, and nothing to search for stopwords only', () => {
    expect(buildMatchQuery(parseQuery('xyzzy'), [expansion('xyzzy')])!.unknownWords).toEqual(['xyzzy']);
    expect(buildMatchQuery(parseQuery('per la'), [expansion(null), expansion(null)])).toBeNull();
  });
});
