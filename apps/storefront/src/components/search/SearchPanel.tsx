'use client';

import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import type { CatalogAggregationsInput } from '@shop/contracts';
import { buildFilterGroups, type FilterableAttribute } from '@/lib/filters/available-filters.ts';
import { EMPTY_SEARCH_QUERY, SEARCH_LIST, changeFilterQuery, listViewHref, type FilterChange } from '@/lib/filters/query-state.ts';
import { normalizeTerm, SEARCH_MIN_LENGTH } from '@/lib/search/search-term.ts';
import type { TileProduct } from '../ProductTile.tsx';
import { useStoreHref } from '../StorePrefix.tsx';
import { SearchFacets } from './SearchFacets.tsx';
import { SearchOption, searchItemHref } from './SearchOption.tsx';
import type { SearchTexts } from './search-texts.ts';
import { panelStatus } from './panel-status.ts';
import { useSearch } from './useSearch.ts';
import { useCategorySuggestions } from './useCategorySuggestions.ts';
import styles from './search.module.css';

/** What the search box's field needs from the panel for the keyboard, the submit and the live region. */
export interface PanelReport {
  /** The query the products answer (the keyboard selection resets when it changes). */
  key: string;
  /** The listed products' links, in order. */
  hrefs: readonly string[];
  /** All results for the term, with the panel's filters. */
  allHref: string;
  status: string;
}

interface SearchPanelProps {
  term: string;
  open: boolean;
  texts: SearchTexts;
  attributes: readonly FilterableAttribute[];
  aggregations: CatalogAggregationsInput;
  /** The field's aria-controls; the options are `${listboxId}-${index}`. */
  listboxId: string;
  refineId: string;
  /** The option the field's arrow keys chose, or -1. */
  activeIndex: number;
  onReport: (report: PanelReport) => void;
  /** A suggested term was picked. */
  onTerm: (term: string) => void;
  /** A product or all results is opened. */
  onClose: () => void;
}

/**
 * The content of the header search's panel (SearchBox.tsx loads this module on the first use of
 * the field): results while typing from the third character, facets, the matched words marked,
 * closest terms when nothing matched and a link to all results. The field stays with the box;
 * the panel reports what its keyboard handling and live region need.
 */
export function SearchPanel({
  term,
  open,
  texts,
  attributes,
  aggregations,
  listboxId,
  refineId,
  activeIndex,
  onReport,
  onTerm,
  onClose,
}: SearchPanelProps) {
  const storeHref = useStoreHref();
  const q = normalizeTerm(term);
  // The filters with the term they were chosen for: a new term starts unfiltered.
  const [filtered, setFiltered] = useState({ q, view: EMPTY_SEARCH_QUERY });
  if (filtered.q !== q) setFiltered({ q, view: EMPTY_SEARCH_QUERY });
  const view = filtered.view;
  const search = useSearch(term, view, aggregations, open);

  const options = useMemo(
    () => ((search.answer?.result.items ?? []) as unknown as TileProduct[]).map((product) => ({ product, href: storeHref(searchItemHref(product)) })),
    [search.answer, storeHref],
  );
  const words = search.answer?.result.matchedWords ?? [];
  // Categories named like the words searched (corrected, when typos were).
  const categories = useCategorySuggestions(search.status !== 'short' && search.answer ? (search.answer.result.corrected ?? q) : null);
  const allHref = storeHref(listViewHref({ path: '/search', kind: 'search', lead: { q } }, view));
  const status = panelStatus(search, term, texts);
  // The current answer's facets: the API counts each under the other chosen filters (disjunctive).
  const facetSource = search.answer?.result ?? search.base?.result;
  const groups = useMemo(
    () =>
      search.status === 'short' || !facetSource
        ? []
        : buildFilterGroups({
            attributes,
            aggregations: facetSource.aggregations,
            attributeMetadata: facetSource.attributeMetadata,
            state: view,
            priceLabel: texts.priceFilter,
          }),
    [search.status, facetSource, attributes, view, texts.priceFilter],
  );

  // Before paint, so the field's keyboard and live region never lag behind the listed products.
  useLayoutEffect(
    () => onReport({ key: search.key, hrefs: options.map((option) => option.href), allHref, status }),
    [onReport, search.key, options, allHref, status],
  );

  useEffect(() => {
    if (activeIndex < 0) return;
    document.getElementById(`${listboxId}-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, listboxId]);

  const changeFilter = (change: FilterChange) =>
    setFiltered((current) => ({ q: current.q, view: changeFilterQuery(current.view, change, SEARCH_LIST) }));

  return (
    <>
      {search.status !== 'short' && search.answer && search.answer.result.suggestions.length > 0 && options.length === 0 && (
        <p className={styles.suggestions}>
          {texts.suggestions}{' '}
          {search.answer.result.suggestions.map((suggestion) => (
            <button key={suggestion} type="button" className={styles.suggestion} onClick={() => onTerm(suggestion)}>
              {suggestion}
            </button>
          ))}
        </p>
      )}

      {categories.length > 0 && (
        <nav className={styles.panelCategories} aria-label={texts.categories}>
          <span className={styles.panelCategoriesLabel} aria-hidden="true">
            {texts.categories}
          </span>
          <ul>
            {categories.map((category) => (
              <li key={category.href}>
                <a href={storeHref(category.href)} onClick={onClose}>
                  {category.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}

      <div className={styles.panelBody}>
        <SearchFacets groups={groups} headingId={refineId} heading={texts.refine} anyPrice={texts.anyPrice} onChange={changeFilter} />
        <ul
          id={listboxId}
          role="listbox"
          aria-label={texts.results}
          className={`${styles.results}${search.status === 'loading' ? ` ${styles.stale}` : ''}`}
        >
          {search.status !== 'short' &&
            options.map(({ product, href }, index) => (
              <SearchOption
                key={product.sku}
                id={`${listboxId}-${index}`}
                href={href}
                product={product}
                active={index === activeIndex}
                words={words}
                priceLabels={texts.price}
                onOpen={onClose}
              />
            ))}
        </ul>
      </div>

      {q.length >= SEARCH_MIN_LENGTH && (
        <a href={allHref} className={styles.seeAll} onClick={onClose}>
          {texts.seeAll}
        </a>
      )}
    </>
  );
}
