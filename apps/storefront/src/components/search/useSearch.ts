import { useEffect, useMemo, useState } from 'react';
import type { CatalogAggregationsInput } from '@shop/contracts';
import { hasFilters, type CategoryQueryState } from '@/lib/filters/query-state.ts';
import { canonicalJson } from '@/lib/search/search-cache.ts';
import { runSearch, type SearchAnswer } from '@/lib/search/search-client.ts';
import { searchRequest } from '@/lib/search/search-request.ts';
import { search } from '@/lib/analytics/ga4.ts';
import { track } from '@/lib/analytics/track.ts';
import { isSearchable, normalizeTerm } from '@/lib/search/search-term.ts';

/** Pause after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 250;
/** Products the panel shows; the full page has the rest. */
export const PANEL_SIZE = 8;

export type SearchStatus = 'short' | 'loading' | 'ready' | 'error';

export interface PanelSearch {
  status: SearchStatus;
  /** The answer shown: the current one, or the previous one while the next loads. */
  answer: SearchAnswer | null;
  /** The unfiltered answer for the term (its aggregations are the facets), when known. */
  base: SearchAnswer | null;
  /** Identifies the current query (the keyboard selection resets when it changes). */
  key: string;
}

type Settled = { key: string; answer?: SearchAnswer; failed?: boolean };

/**
 * The panel's search: debounced, the previous request aborted by the next, nothing below three
 * characters. Each answer is kept with the query it answers, so a late answer never shows for a
 * newer term.
 */
export function useSearch(term: string, view: CategoryQueryState, aggregations: CatalogAggregationsInput, enabled: boolean): PanelSearch {
  const q = normalizeTerm(term);
  const searchable = isSearchable(q);
  const query = useMemo(() => (searchable ? searchRequest(q, view, { size: PANEL_SIZE, aggregations }) : null), [searchable, q, view, aggregations]);
  const key = query ? canonicalJson(query) : '';
  const [settled, setSettled] = useState<Settled | null>(null);
  const [base, setBase] = useState<{ q: string; answer: SearchAnswer } | null>(null);

  useEffect(() => {
    if (!query || !enabled) return;
    const controller = new AbortController();
    const filtered = hasFilters(view);
    const timer = setTimeout(() => {
      runSearch(query, controller.signal).then(
        (answer) => {
          setSettled({ key, answer });
          if (filtered) return;
          setBase({ q: query.q, answer });
          // A term the shopper paused on (debounced) is a search; refining it with facets is not a new one.
          track(search(query.q));
        },
        () => {
          if (!controller.signal.aborted) setSettled({ key, failed: true });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `key` stands for `query` and `view` (it serialises them).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, enabled]);

  if (!searchable) return { status: 'short', answer: null, base: null, key };
  const current = settled?.key === key ? settled : null;
  return {
    status: current ? (current.failed ? 'error' : 'ready') : 'loading',
    answer: (current ?? settled)?.answer ?? null,
    base: base?.q === q ? base.answer : null,
    key,
  };
}
