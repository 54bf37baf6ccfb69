import { describe, expect, it } from 'vitest';
import { adjacentPages, pageCount, pageWindow, type PageItem } from './pagination.ts';

const render = (items: PageItem[]) => items.map((i) => (i.type === 'gap' ? '…' : i.current ? `[${i.page}]` : String(i.page))).join(' ');

describe('pageCount', () => {
  it('counts pages of 50 (sitemap) and 48 (category), at least one', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
    expect(pageCount(97, 48)).toBe(3);
  });
});

describe('pageWindow (sitemap: page 1 and pages within 4)', () => {
  it('shows every page of a short list', () => {
    expect(render(pageWindow(1, 3, { window: 4 }))).toBe('[1] 2 3');
  });

  it('shows page 1 and the window around the current page', () => {
    expect(render(pageWindow(10, 20, { window: 4 }))).toBe('1 … 6 7 8 9 [10] 11 12 13 14');
    expect(render(pageWindow(1, 20, { window: 4 }))).toBe('[1] 2 3 4 5');
    expect(render(pageWindow(6, 20, { window: 4 }))).toBe('1 2 3 4 5 [6] 7 8 9 10');
    expect(render(pageWindow(20, 20, { window: 4 }))).toBe('1 … 16 17 18 19 [20]');
  });

  it('can add the last page (category grid)', () => {
    expect(render(pageWindow(5, 20, { window: 2, withLast: true }))).toBe('1 … 3 4 [5] 6 7 … 20');
    expect(render(pageWindow(1, 1, { window: 2, withLast: true }))).toBe('[1]');
  });

  it('clamps the current page', () => {
    expect(render(pageWindow(99, 3, { window: 4 }))).toBe('1 2 [3]');
    expect(render(pageWindow(0, 3, { window: 4 }))).toBe('[1] 2 3');
  });
});

describe('adjacentPages', () => {
  it('gives previous and next, null at the ends', () => {
    expect(adjacentPages(1, 3)).toEqual({ previous: null, next: 2 });
    expect(adjacentPages(2, 3)).toEqual({ previous: 1, next: 3 });
    expect(adjacentPages(3, 3)).toEqual({ previous: 2, next: null });
    expect(adjacentPages(1, 1)).toEqual({ previous: null, next: null });
  });
});
