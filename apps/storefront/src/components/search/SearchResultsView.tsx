import type { SearchResult } from '@shop/contracts';
import { t } from '@/i18n/index.ts';
import { getFilterableAttributes } from '@/lib/api/listing.ts';
import { searchProducts } from '@/lib/api/search.ts';
import { buildFilterGroups } from '@/lib/filters/available-filters.ts';
import { facetRequest } from '@/lib/filters/facet-request.ts';
import {
  EMPTY_SEARCH_QUERY,
  SEARCH_LIST,
  changeFilterQuery,
  hasFilters,
  listViewHref,
  restrictToAttributes,
  type CategoryQueryState,
  type ListBase,
} from '@/lib/filters/query-state.ts';
import { pageCount } from '@/lib/pagination.ts';
import { SEARCH_PAGE_SIZE, searchRequest } from '@/lib/search/search-request.ts';
import { isSearchable } from '@/lib/search/search-term.ts';
import { storeHref } from '@/lib/store.ts';
import { ActiveFilters, CategoryFilters, SortControl } from '../category/CategoryFilters.tsx';
import categoryStyles from '../category/category.module.css';
import { Pagination } from '../Pagination.tsx';
import { ProductGrid, tileData, type TileProduct } from '../ProductTile.tsx';
import styles from './search.module.css';

/** Page links on each side of the current page (as on category pages). */
const PAGINATION_WINDOW = 2;

const searchHref = (q: string, view: CategoryQueryState = EMPTY_SEARCH_QUERY) =>
  storeHref(listViewHref({ path: '/search', kind: 'search', lead: { q } }, view));

/**
 * One page of results and its facets, from one answer: the API counts each facet under every
 * chosen filter but its own (disjunctive, as on category pages).
 */
async function loadResults(q: string, view: CategoryQueryState, asTyped: boolean) {
  const attributes = await getFilterableAttributes().catch(() => []);
  const page = await searchProducts(searchRequest(q, view, { size: SEARCH_PAGE_SIZE, aggregations: facetRequest(attributes), asTyped }));
  return { attributes, page, facets: page };
}

/** Says that typos were corrected (issue 42 point 18), with a link searching the words as typed. */
function Correction({ q, corrected }: { q: string; corrected: string }) {
  return (
    <p className={styles.correction}>
      {t('searchCorrection.shown', { typed: q, corrected })}{' '}
      <a href={storeHref(listViewHref({ path: '/search', kind: 'search', lead: { q, typed: '1' } }, EMPTY_SEARCH_QUERY))}>{t('searchCorrection.asTyped', { typed: q })}</a>
    </p>
  );
}

function Suggestions({ result }: { result: SearchResult }) {
  if (result.suggestions.length === 0) return null;
  return (
    <p className={styles.suggestions}>
      {t('search.suggestions')}{' '}
      {result.suggestions.map((suggestion) => (
        <a key={suggestion} href={searchHref(suggestion)} className={styles.suggestion}>
          {suggestion}
        </a>
      ))}
    </p>
  );
}

/**
 * The results page /search?q= (catalogue.md §3/§5/§9): heading with the term and total, the
 * category page's filters, sorts (plus Relevance) and pagination with the state in the URL, the
 * matched words marked; closest terms when nothing matched; the 3-character minimum for a short
 * term; the catalogue's list message when the API fails. Works without JavaScript.
 */
export async function SearchResultsView({ q, view: requested, asTyped = false }: { q: string; view: CategoryQueryState; asTyped?: boolean }) {
  if (!isSearchable(q)) {
    return (
      <div className="container page">
        <h1>{t('search.headingEmpty')}</h1>
        <p className="empty-note" role="status">
          {t('search.minLength')}
        </p>
      </div>
    );
  }
  const loaded = await loadResults(q, requested, asTyped).catch(() => null);
  const base: ListBase = { path: storeHref('/search'), kind: 'search', lead: { q, ...(asTyped ? { typed: '1' } : {}) } };
  const view = loaded ? restrictToAttributes(requested, loaded.attributes.map((a) => a.attribute_code)) : requested;
  const groups = loaded
    ? buildFilterGroups({
        attributes: loaded.attributes,
        aggregations: loaded.facets.aggregations,
        attributeMetadata: loaded.facets.attributeMetadata,
        state: view,
        priceLabel: t('filters.price'),
      })
    : [];
  const result = loaded?.page;
  const total = result?.total ?? 0;
  const items = (result?.items ?? []) as unknown as TileProduct[];
  const pages = pageCount(total, SEARCH_PAGE_SIZE);
  const firstShown = (view.page - 1) * SEARCH_PAGE_SIZE + 1;

  return (
    <div className="container page">
      <header className={categoryStyles.header}>
        <h1>{t('search.heading', { term: result?.corrected ?? q })}</h1>
        {result?.corrected && <Correction q={q} corrected={result.corrected} />}
      </header>
      <div className={categoryStyles.layout}>
        <aside className={categoryStyles.sidebar} aria-label={t('filters.heading')}>
          <CategoryFilters base={base} groups={groups} view={view} total={total} count={{ endpoint: '/api/search', body: searchRequest(q, EMPTY_SEARCH_QUERY, { size: 1, asTyped }) }} noneText={t('search.noFilters')} />
        </aside>
        <section className={categoryStyles.results} aria-labelledby="results-heading">
          <h2 id="results-heading" className="visually-hidden">
            {t('search.results')}
          </h2>
          <div className={categoryStyles.toolbar}>
            <p className={categoryStyles.resultCount} role="status">
              {items.length > 0
                ? t('category.showing', { from: firstShown, to: firstShown + items.length - 1, total })
                : t('search.resultCount', { count: total })}
            </p>
            <SortControl view={view} kind="search" />
          </div>
          <ActiveFilters base={base} groups={groups} view={view} />

          {!result ? (
            <p className="empty-note" role="alert">
              {t('category.empty')}
            </p>
          ) : items.length > 0 ? (
            <ProductGrid tiles={items.map(tileData)} eagerCount={4} highlight={result.matchedWords} />
          ) : hasFilters(view) ? (
            <div className="empty-note">
              <p>{t('filters.noResults')}</p>
              <a href={listViewHref(base, changeFilterQuery(view, { type: 'clear' }, SEARCH_LIST))}>
                {t('filters.clearAll')}
              </a>
            </div>
          ) : (
            <div className="empty-note">
              <p>{t('search.noResults', { term: q })}</p>
              <Suggestions result={result} />
            </div>
          )}

          <Pagination
            current={Math.min(view.page, Math.max(pages, 1))}
            pages={pages}
            window={PAGINATION_WINDOW}
            withLast
            href={(page) => listViewHref(base, changeFilterQuery(view, { type: 'page', page }, SEARCH_LIST))}
            label={t('search.pagination')}
          />
        </section>
      </div>
    </div>
  );
}
