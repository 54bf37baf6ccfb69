import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { categoryUrl } from '@shop/domain';
import { t } from '@/i18n/index.ts';
import { getCategories, getCategoryBySlug } from '@/lib/api/catalog.ts';
import { getCategoryFacets, getCategoryListing, getCategoryScope, getFilterableAttributes } from '@/lib/api/listing.ts';
import { LISTABLE } from '@/lib/filters/listing-query.ts';
import { parseRobots } from '@/lib/category.ts';
import { buildFilterGroups, type FilterGroup } from '@/lib/filters/available-filters.ts';
import {
  EMPTY_QUERY,
  categoryViewHref,
  changeFilterQuery,
  hasFilters,
  isDefaultView,
  restrictToAttributes,
  type CategoryQueryState,
} from '@/lib/filters/query-state.ts';
import { pageCount } from '@/lib/pagination.ts';
import { CATEGORY_PAGE_SIZE } from '@/lib/shop-config.ts';
import { absoluteUrl } from '@/lib/shop-url.ts';
import { truncate } from '@/lib/text.ts';
import { TrackList } from '../analytics/tracking.tsx';
import { Pagination } from '../Pagination.tsx';
import { ProductGrid, tileData } from '../ProductTile.tsx';
import { categoryTrail } from './category-trail.ts';
import { ActiveFilters, CategoryFilters, SortControl } from './CategoryFilters.tsx';
import styles from './category.module.css';
import { storeHref } from '@/lib/store.ts';

/** Page links on each side of the current page in the category grid. */
const PAGINATION_WINDOW = 2;

/**
 * The view a request asks for, limited to the catalogue's filterable attributes (anything else
 * in the query string, e.g. a tracking parameter, is ignored).
 */
async function effectiveView(view: CategoryQueryState): Promise<CategoryQueryState> {
  if (Object.keys(view.filters).length === 0) return view;
  const attributes = await getFilterableAttributes();
  return restrictToAttributes(view, attributes.map((a) => a.attribute_code));
}

/**
 * Title, description, robots and canonical URL of a category view. Filtered or sorted views
 * are `noindex, follow` with the bare category as canonical; page n of the default order is
 * its own canonical; otherwise the category's own robots value applies.
 */
export async function categoryMetadata(slug: string, requested: CategoryQueryState = EMPTY_QUERY): Promise<Metadata> {
  const category = await getCategoryBySlug(slug);
  if (!category) return {}; // the not-found page brings its own title
  const view = await effectiveView(requested);
  const path = storeHref(categoryUrl(slug));
  const baseTitle = category.meta_title || category.name;
  const robots = parseRobots(category.robots);
  const pagedOnly = !hasFilters(view) && view.sort === EMPTY_QUERY.sort && view.page > 1;
  const indexable = isDefaultView(view) || pagedOnly;
  return {
    title: view.page > 1 ? t('category.metaTitlePage', { title: baseTitle, page: view.page }) : baseTitle,
    description: truncate(category.meta_description || t('category.metaDescription', { name: category.name }), 160),
    robots: indexable ? robots : { index: false, follow: robots.follow },
    alternates: { canonical: absoluteUrl(pagedOnly ? categoryViewHref(path, view) : path) },
  };
}

interface CategoryViewProps {
  slug: string;
  view: CategoryQueryState;
  /**
   * The bare category URL is ISR-cached: a failed catalogue read must then fail the render (the
   * error view, not cached) rather than cache a broken page for a day. Views with a query
   * string are rendered per request and show the catalogue's message instead.
   */
  cached: boolean;
}

/**
 * A view of a category (catalogue.md §7, §9): filters from the facets of the whole category, sort,
 * the product grid (48 a page) with pagination. Inside CategoryFrame (the route's layout), which
 * a change of view keeps: only this part is rendered anew, on the server and in the browser.
 */
export async function CategoryView({ slug: requestedSlug, view: requested, cached }: CategoryViewProps) {
  // Started now, awaited below: the reads that don't need the category go out with its own, and
  // so do its product list and facets whenever the (cached) list of active categories already
  // names its id, as it does for every category a shopper reaches from the menu.
  const found = getCategoryBySlug(requestedSlug);
  void found.catch(() => undefined);
  void getFilterableAttributes().catch(() => undefined);
  const [view, listed] = await Promise.all([
    effectiveView(requested),
    getCategories().then((all) => all.find((c) => c.slug === requestedSlug), () => undefined),
  ]);
  if (listed) {
    void getCategoryFacets(listed.id, view).catch(() => undefined);
    void getCategoryListing(listed.id, view).catch(() => undefined);
  }
  const category = await found;
  if (!category) notFound();
  const path = storeHref(categoryUrl(requestedSlug));
  const base = { path, kind: 'category' } as const;

  const guard = <T,>(promise: Promise<T>, fallback: T): Promise<T> => (cached ? promise : promise.catch(() => fallback));
  const [categories, attributes, facets, listing, scope] = await Promise.all([
    getCategories(),
    guard(getFilterableAttributes(), []),
    guard(getCategoryFacets(category.id, view), { aggregations: undefined, attributeMetadata: undefined }),
    guard(
      getCategoryListing(category.id, view).then((result) => ({ ...result, failed: false })),
      { items: [], total: 0, start: 0, perPage: 0, aggregations: {}, attributeMetadata: [], failed: true },
    ),
    getCategoryScope(category.id),
  ]);

  const groups: FilterGroup[] = buildFilterGroups({
    attributes,
    aggregations: facets.aggregations,
    attributeMetadata: facets.attributeMetadata,
    state: view,
    priceLabel: t('filters.price'),
  });
  const pages = pageCount(listing.total, CATEGORY_PAGE_SIZE);
  const filtered = hasFilters(view);
  const firstShown = (view.page - 1) * CATEGORY_PAGE_SIZE + 1;
  const trail = categoryTrail(category, categories);
  // One array for the grid and its tracking: the page's payload carries it once.
  const tiles = listing.items.map(tileData);

  return (
      <div className={styles.layout}>
        <aside className={styles.sidebar} aria-label={t('filters.heading')}>
          <CategoryFilters base={base} groups={groups} view={view} total={listing.total} count={{ endpoint: '/api/catalog', body: { entityType: 'product', filters: { category_ids: { in: scope }, ...LISTABLE } } }} />
        </aside>

        <section className={styles.results} aria-labelledby="results-heading">
          <h2 id="results-heading" className="visually-hidden">
            {t('category.resultsHeading', { name: category.name })}
          </h2>
          <div className={styles.toolbar}>
            <p className={styles.resultCount} role="status">
              {listing.total > 0
                ? t('category.showing', {
                    from: firstShown,
                    to: Math.min(firstShown + listing.items.length - 1, listing.total),
                    total: listing.total,
                  })
                : t('category.productCount', { count: 0 })}
            </p>
            <SortControl view={view} kind="category" />
          </div>
          <ActiveFilters base={base} groups={groups} view={view} />

          {listing.items.length > 0 ? (
            <TrackList list={{ id: `category_${category.id}`, name: category.name }} categories={trail.map((crumb) => crumb.name)} tiles={tiles}>
              <ProductGrid tiles={tiles} eagerCount={4} />
            </TrackList>
          ) : filtered && !listing.failed ? (
            <div className="empty-note">
              <p>{t('filters.noResults')}</p>
              <a href={categoryViewHref(path, changeFilterQuery(view, { type: 'clear' }))}>
                {t('filters.clearAll')}
              </a>
            </div>
          ) : (
            <p className="empty-note" role={listing.failed ? 'alert' : undefined}>
              {t('category.empty')}
            </p>
          )}

          <Pagination
            current={Math.min(view.page, pages)}
            pages={pages}
            window={PAGINATION_WINDOW}
            withLast
            href={(page) => categoryViewHref(path, changeFilterQuery(view, { type: 'page', page }))}
            label={t('category.pagination')}
          />
          {view.page > 1 && (
            <link rel="prev" href={categoryViewHref(path, changeFilterQuery(view, { type: 'page', page: view.page - 1 }))} />
          )}
          {view.page < pages && (
            <link rel="next" href={categoryViewHref(path, changeFilterQuery(view, { type: 'page', page: view.page + 1 }))} />
          )}
        </section>
      </div>
  );
}
