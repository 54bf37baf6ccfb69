'use client';

import { useRouter } from 'next/navigation';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { CatalogAggregationsInput } from '@shop/contracts';
import type { FilterableAttribute } from '@/lib/filters/available-filters.ts';
import { normalizeTerm, SEARCH_MIN_LENGTH } from '@/lib/search/search-term.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import { setUiFlag, useUiState } from '../ui/ui-store.ts';
import type { PanelReport } from './SearchPanel.tsx';
import type { SearchTexts } from './search-texts.ts';
import { useLazySearchPanel } from './useLazySearchPanel.ts';
import styles from './search.module.css';

interface SearchBoxProps {
  id: string;
  texts: SearchTexts;
  /** The submit button's icon, rendered on the server. */
  icon: ReactNode;
  /** For the panel's facets. */
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
 *
 * Only the form and the field's keyboard handling ship with the page: the panel's content
 * (SearchPanel.tsx: the search, facets and results) is fetched on the first use of the field
 * and reports back the products and links the keyboard moves over.
 */
export function SearchBox({ id, texts, icon, attributes, aggregations }: SearchBoxProps) {
  const router = useRouter();
  const storeHref = useStoreHref();
  const uid = useId();
  const inputId = `${id}-q`;
  const listboxId = `${uid}-results`;
  const hintId = `${uid}-hint`;
  const boxRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const { Panel, failed, load } = useLazySearchPanel();
  // The flag is shared (the overlay follows it); `here` tells which search box opened it.
  const [here, setHere] = useState(false);
  const open = useUiState().searchpanel && here;
  const setOpen = (on: boolean) => {
    if (on) load();
    setHere(on);
    setUiFlag('searchpanel', on);
  };
  const [term, setTerm] = useState('');
  // Null until the panel has loaded.
  const [report, setReport] = useState<PanelReport | null>(null);
  const [active, setActive] = useState({ key: '', index: -1 });
  const hrefs = report?.hrefs ?? [];
  const activeIndex = active.key === report?.key && active.index < hrefs.length ? active.index : -1;
  // Without the panel there are no filters: all results for the term, as the panel would link.
  const allHref = report?.allHref ?? storeHref(`/search?${new URLSearchParams({ q: normalizeTerm(term) })}`);

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

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      if (!report || hrefs.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const from = activeIndex < 0 && step < 0 ? hrefs.length : activeIndex;
      setActive({ key: report.key, index: (from + step + hrefs.length) % hrefs.length });
    } else if (event.key === 'Enter' && open && activeIndex >= 0) {
      event.preventDefault();
      const href = hrefs[activeIndex];
      if (href) go(href);
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
          setTerm(event.target.value);
          setOpen(true);
        }}
        onFocus={() => {
          if (!refocusing.current) setOpen(true);
        }}
        onClick={() => setOpen(true)}
        onPointerDown={load}
        onKeyDown={onKeyDown}
      />
      <span id={hintId} className="visually-hidden">
        {texts.hint}
      </span>
      <button type="submit" className="search__button">
        {icon}
        <span className="visually-hidden">{texts.submit}</span>
      </button>

      <div className={styles.panel} hidden={!open} tabIndex={-1}>
        <div className={styles.panelHead}>
          <p className={styles.status} role="status" aria-live="polite">
            {open ? (report?.status ?? (failed ? texts.error : '')) : ''}
          </p>
          <button type="button" className={styles.close} onClick={() => close(true)}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{texts.close}</span>
          </button>
        </div>

        {Panel ? (
          <Panel
            term={term}
            open={open}
            texts={texts}
            attributes={attributes}
            aggregations={aggregations}
            listboxId={listboxId}
            refineId={`${uid}-refine`}
            activeIndex={activeIndex}
            onReport={setReport}
            onTerm={(suggestion) => {
              setTerm(suggestion);
              inputRef.current?.focus();
            }}
            onClose={() => close(false)}
          />
        ) : (
          // The field's aria-controls target while the panel's code loads.
          <ul id={listboxId} role="listbox" aria-label={texts.results} className={styles.results} />
        )}
      </div>
    </form>
  );
}
