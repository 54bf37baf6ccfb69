/**
 * Page links of a paged list. Pure.
 *
 * The sitemap (shopping.md §2, catalogue.md §9 "sitemap page size 50, window 4") shows page 1
 * and every page within 4 of the current one, with previous and next arrows; the category grid
 * uses the same rule with a smaller window and also shows the last page.
 */

export type PageItem = { type: 'page'; page: number; current: boolean } | { type: 'gap'; key: string };

export interface PageWindowOptions {
  /** Pages shown on each side of the current one. */
  window: number;
  /** Also show the last page (the sitemap shows only page 1 and the window). */
  withLast?: boolean;
}

/** Number of pages for `total` items, `perPage` a page (at least 1). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / perPage));
}

/**
 * The page links to show: page 1, the pages within `window` of `current`, optionally the last
 * page, with a gap marker wherever numbers are skipped. `current` is clamped to [1, pages].
 */
export function pageWindow(current: number, pages: number, { window, withLast = false }: PageWindowOptions): PageItem[] {
  const last = Math.max(1, pages);
  const page = Math.min(Math.max(1, Math.trunc(current)), last);
  const shown = new Set<number>([1]);
  for (let n = Math.max(1, page - window); n <= Math.min(last, page + window); n++) shown.add(n);
  if (withLast) shown.add(last);
  const items: PageItem[] = [];
  let previous = 0;
  for (const n of [...shown].sort((a, b) => a - b)) {
    if (n > previous + 1) items.push({ type: 'gap', key: `gap-${previous}` });
    items.push({ type: 'page', page: n, current: n === page });
    previous = n;
  }
  return items;
}

/** The previous and next page numbers, or null at either end. */
export function adjacentPages(current: number, pages: number): { previous: number | null; next: number | null } {
  return { previous: current > 1 ? current - 1 : null, next: current < pages ? current + 1 : null };
}
