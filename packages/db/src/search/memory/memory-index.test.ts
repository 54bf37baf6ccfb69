import { describe, expect, it } from 'vitest';
import { Bitset } from './bitset.ts';
import { parseTsvector } from './memory-index.ts';
import { TopK } from './top-k.ts';
import { boundedDistance } from './vocabulary.ts';

describe('in-memory index parts', () => {
  it('reads tsvector text: lexemes, quotes, backslashes and weights (no letter: D)', () => {
    expect(parseTsvector("'col-00004':1B 'coltell':2A,5C 'it''s':3 'a\\\\b':4A")).toEqual([
      ['col-00004', 2],
      ['coltell', 1 | 4],
      ["it's", 8],
      ['a\\b', 1],
    ]);
    expect(parseTsvector('')).toEqual([]);
  });

  it('measures edits like levenshtein_less_equal: exact up to the bound, bound + 1 beyond', () => {
    // Values the database answers for levenshtein_less_equal(word, 'colt', 2).
    const cases: [string, number][] = [['colt', 0], ['cole', 1], ['caltx', 2], ['co', 2], ['coltello', 3], ['coltellinoxyz', 3], ['colorato', 3]];
    expect(cases.map(([w]) => boundedDistance(w, 'colt', 2))).toEqual(cases.map(([, d]) => d));
    expect(boundedDistance('guanti', 'guanit', 2)).toBe(2);
  });

  it('keeps the best k items in order', () => {
    const top = new TopK(3, (a, b) => b - a);
    [5, 1, 9, 3, 7, 2].forEach((n) => top.offer(n));
    expect(top.sorted()).toEqual([9, 7, 5]);
    expect(new TopK(0, (a, b) => a - b).sorted()).toEqual([]);
  });

  it('combines bit sets and lists their members', () => {
    const a = new Bitset(100);
    const b = new Bitset(100);
    [1, 31, 32, 64, 99].forEach((i) => a.set(i));
    [31, 64, 70].forEach((i) => b.set(i));
    const members = (s: Bitset) => {
      const out: number[] = [];
      s.forEach((i) => out.push(i));
      return out;
    };
    expect(members(new Bitset(100, a.words.slice()).and(b))).toEqual([31, 64]);
    expect(members(a.or(b))).toEqual([1, 31, 32, 64, 70, 99]);
    a.clear(31);
    expect(a.has(31)).toBe(false);
    expect(members(a.grown(200))).toEqual([1, 32, 64, 70, 99]);
  });
});
