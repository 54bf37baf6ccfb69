import { describe, expect, it } from 'vitest';
import { COMPARE_MAX, addToCompare, parseCompareList, removeFromCompare, toggleCompare } from './compare-list.ts';

describe('compare list', () => {
  it('reads only a clean list from storage', () => {
    expect(parseCompareList(null)).toEqual([]);
    expect(parseCompareList('not json')).toEqual([]);
    expect(parseCompareList('{"a":1}')).toEqual([]);
    expect(parseCompareList('["A", "B", "A", 3, "", "C", "D", "E"]')).toEqual(['A', 'B', 'C', 'D']);
  });

  it('adds up to four products and refuses a fifth', () => {
    let list: string[] = [];
    for (const sku of ['A', 'B', 'C']) list = addToCompare(list, sku).list;
    const fourth = addToCompare(list, 'D');
    expect(fourth).toEqual({ list: ['A', 'B', 'C', 'D'], changed: true, full: true });
    expect(addToCompare(fourth.list, 'E')).toEqual({ list: ['A', 'B', 'C', 'D'], changed: false, full: true });
    expect(COMPARE_MAX).toBe(4);
  });

  it('ignores a product already there', () => {
    expect(addToCompare(['A'], 'A')).toEqual({ list: ['A'], changed: false, full: false });
  });

  it('removes and toggles', () => {
    expect(removeFromCompare(['A', 'B'], 'A')).toEqual({ list: ['B'], changed: true, full: false });
    expect(removeFromCompare(['A'], 'X').changed).toBe(false);
    expect(toggleCompare(['A', 'B'], 'B').list).toEqual(['A']);
    expect(toggleCompare(['A'], 'B').list).toEqual(['A', 'B']);
  });
});
