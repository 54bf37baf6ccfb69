'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { CatalogAggregationsInput } from '@shop/contracts';
import { buildFilterGroups, type FilterableAttribute } from '@/lib/filters/available-filters.ts';
import { EMPTY_SEARCH_QUERY, SEARCH_LIST, changeFilterQuery, listViewHref, type FilterChange } from '@/lib/filters/query-state.ts';
import { normalizeTerm, SEARCH_MIN_LENGTH } from '@/lib/search/search-request.ts';
import { SearchIcon } from '../Icons.tsx';
import type { TileProduct } from '../ProductTile.tsx';
import { useStoreHref } from '../StorePrefix.tsx';
import { setUiFlag, useUiState } from '../ui/ui-store.ts';
import { SearchFacets } from './SearchFacets.tsx';
import { SearchOption, searchItemHref } from './SearchOption.tsx';
import type { SearchTexts } from './search-texts.ts';
import { panelStatus } from './panel-status.ts';
import { useSearch } from './useSearch.ts';
import styles from './search.module.css';

interface SearchBoxProps {
  id: string;
  texts: SearchTexts;
  attributes: readonly FilterableAttribute[];
  aggregations: CatalogAggregationsInput;
}

/**
 * The header search (shopping.md §2 flag `searchpanel`, overlay on while open): a GET form to
 * /search that works without JavaScript. With it, focusing the field opens the panel; results
 * come while typing from the third character, with facets, the matched words marked, a link to
 * all results and closest terms when nothing matched. Keyboard: the field is a combobox over
 * the results listbox (ArrowDown/ArrowUp, Enter opens the active product or all results,
 * Escape closes and keeps focus on the field).
 */
export function SearchBox({ id, texts, attributes, aggregations }: SearchBoxProps) {
  const router = useRouter();
  const storeHref = useStoreHref();
  const uid = useId();
  const inputId = `${id}-q`;
  const listboxId = `${uid}-results`;
  const hintId = `${uid}-hint`;
  const boxRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // The flag is shared (the overlay follows it); `here` tells which search box opened it.
  const [here, setHere] = useState(false);
  const open = useUiState().searchpanel && here;
  const setOpen = (on: boolean) => {
    setHere(on);
    setUiFlag('searchpanel', on);
  };
  const [term, setTerm] = useState('');
  const [view, setView] = useState(EMPTY_SEARCH_QUERY);
  const search = useSearch(term, view, aggregations, open);
  const [active, setActive] = useState({ key: '', index: -1 });

  const items = (search.answer?.result.items ?? []) as unknown as TileProduct[];
  const activeIndex = active.key === search.key && active.index < items.length ? active.index : -1;
  const words = search.answer?.result.matchedWords ?? [];
  const q = normalizeTerm(term);
  const allHref = storeHref(listViewHref({ path: '/search', kind: 'search', lead: { q } }, view));
  const facetSource = search.base?.result;
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

  useEffect(() => {
    if (activeIndex < 0) return;
    document.getElementById(`${listboxId}-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, listboxId]);

  // Set while focus returns to the field on close, which must not reopen the panel.
  const refocusing = useRef(false);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (!refocus) return;
    refocusing.current = true;
    inputRef.current?.focus();
    refocusing.current = false;
  };
  const go = (href: string) => {
    close(false);
    inputRef.current?.blur();
    router.push(href);
  };
  const changeFilter = (change: FilterChange) => setView((current) => changeFilterQuery(current, change, SEARCH_LIST));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const from = activeIndex < 0 && step < 0 ? items.length : activeIndex;
      setActive({ key: search.key, index: (from + step + items.length) % items.length });
    } else if (event.key === 'Enter' && open && activeIndex >= 0) {
      event.preventDefault();
      const product = items[activeIndex];
      if (product) go(storeHref(searchItemHref(product)));
    }
  };

  return (
    <form
      ref={boxRef}
      role="search"
      action={storeHref('/search')}
      method="get"
      className={`search ${styles.box}`}
      aria-label={texts.label}
      onSubmit={(event) => {
        // Validation (3 characters) has passed: all results, with the panel's filters.
        event.preventDefault();
        go(allHref);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          close(true);
        }
      }}
      onBlur={(event) => {
        if (open && !boxRef.current?.contains(event.relatedTarget as Node | null)) close(false);
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        {texts.label}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="search__input"
        type="search"
        name="q"
        minLength={SEARCH_MIN_LENGTH}
        required
        autoComplete="off"
        enterKeyHint="search"
        placeholder={texts.placeholder}
        role="combobox"
        aria-expanded={open}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={open && activeIndex >= 0 ? `${listboxId}-${activeIndex}` : undefined}
        aria-describedby={hintId}
        value={term}
        onChange={(event) => {
          const next = event.target.value;
          if (normalizeTerm(next) !== q) setView(EMPTY_SEARCH_QUERY); // a new term starts unfiltered
          setTerm(next);
          setOpen(true);
        }}
        onFocus={() => {
          if (!refocusing.current) setOpen(true);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <span id={hintId} className="visually-hidden">
        {texts.hint}
      </span>
      <button type="submit" className="search__button">
        <SearchIcon />
        <span className="visually-hidden">{texts.submit}</span>
      </button>

      <div className={styles.panel} hidden={!open} tabIndex={-1}>
        <div className={styles.panelHead}>
          <p className={styles.status} role="status" aria-live="polite">
            {open ? panelStatus(search, term, texts) : ''}
          </p>
          <button type="button" className={styles.close} onClick={() => close(true)}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{texts.close}</span>
          </button>
        </div>

        {search.status !== 'short' && search.answer && search.answer.result.suggestions.length > 0 && items.length === 0 && (
          <p className={styles.suggestions}>
            {texts.suggestions}{' '}
            {search.answer.result.suggestions.map((suggestion) => (
              <button
                key={suggestion}
                type="button"
                className={styles.suggestion}
                onClick={() => {
                  setView(EMPTY_SEARCH_QUERY);
                  setTerm(suggestion);
                  inputRef.current?.focus();
                }}
              >
                {suggestion}
              </button>
            ))}
          </p>
        )}

        <div className={styles.panelBody}>
          <SearchFacets groups={groups} headingId={`${uid}-refine`} heading={texts.refine} anyPrice={texts.anyPrice} onChange={changeFilter} />
          <ul
            id={listboxId}
            role="listbox"
            aria-label={texts.results}
            className={`${styles.results}${search.status === 'loading' ? ` ${styles.stale}` : ''}`}
          >
            {search.status !== 'short' &&
              items.map((product, index) => (
                <SearchOption
                  key={product.sku}
                  id={`${listboxId}-${index}`}
                  href={storeHref(searchItemHref(product))}
                  product={product}
                  active={index === activeIndex}
                  words={words}
                  priceLabels={texts.price}
                  onOpen={() => close(false)}
                />
              ))}
          </ul>
        </div>

        {q.length >= SEARCH_MIN_LENGTH && (
          <Link href={allHref} className={styles.seeAll} prefetch={false} onClick={() => close(false)}>
            {texts.seeAll}
          </Link>
        )}
      </div>
    </form>
  );
}
