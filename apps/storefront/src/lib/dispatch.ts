/**
 * The URL dispatcher of proxy.ts (catalogue.md §2 routing rules, §4 product states): decides,
 * for a public path, whether to serve an internal route (rewrite), answer 404 (rewrite to the
 * not-found page), or redirect with 301. Pure apart from the injected catalogue lookups, which
 * proxy.ts backs with the API and a short-lived cache; unit-tested with fakes.
 *
 * - Known shapes: `/c/{slug}` must be an active category; `/p/{parentSku}/{slug}[/{childSku}]`
 *   must be an enabled product (status < 2) that is visible individually (else 301 to its
 *   configurable parent, or 404), under its current slug (else 301 to the canonical URL);
 *   `/i/{identifier}` must be an active CMS page.
 * - Any other path goes through the URL mapping (POST /api/url/map): a product, category or
 *   CMS page found by url_path is served from its route; an old product url_path whose URL key
 *   the seller changed answers 301 to the product's current url_path (ADR 0032); nothing found is
 *   a 404.
 * - When the API cannot answer, the request goes through unchanged and the page deals with it.
 *
 * The texts of catalogue.md §8 are logged as written.
 */
import { productSlug, productUrl } from '@shop/domain';
import { hasViewParams } from './filters/query-state.ts';
import { NOT_FOUND_SLUG, matchShopRoute, proxyTarget, stripStorePrefix } from './routing.ts';
import { DISABLED_STATUS } from './shop-config.ts';
import { DEFAULT_STORE, storePrefix, withStorePrefix } from './store.ts';

/** Visibility 1: "not visible individually" (catalogue.md §4). */
export const NOT_VISIBLE_INDIVIDUALLY = 1;

/** Fields a product lookup needs (the proxy asks the API for these only). */
export const DISPATCH_PRODUCT_FIELDS = [
  'id',
  'sku',
  'name',
  'slug',
  'url_key',
  'status',
  'visibility',
  'type_id',
  'parent_sku',
  'configurable_children.sku',
  'configurable_children.status',
];

export interface DispatchProduct {
  id: number;
  sku: string;
  name: string;
  slug?: string;
  url_key?: string;
  status: number;
  visibility: number;
  type_id?: string;
  parent_sku?: string | null;
  configurable_children?: { sku: string; status?: number }[];
}

export interface DispatchCategory {
  id: number;
  slug?: string;
  url_key?: string;
  is_active?: boolean;
}

export interface DispatchCmsPage {
  identifier: string;
  active?: boolean;
}

/** An old product URL path: where the product is now (its current url_path). */
export interface DispatchRedirect {
  url_path?: string;
}

export type UrlMapping =
  | { _type: 'product'; _source: DispatchProduct }
  | { _type: 'category'; _source: DispatchCategory }
  | { _type: 'cms_page'; _source: DispatchCmsPage }
  | { _type: 'redirect'; _source: DispatchRedirect }
  | null;

/** Catalogue lookups the dispatcher needs; each may throw when the API is unreachable. */
export interface DispatchLookups {
  productBySku(sku: string): Promise<DispatchProduct | null>;
  /** The configurable product with this child SKU (`configurable_children.sku eq`), or null. */
  parentOfChild(childSku: string): Promise<DispatchProduct | null>;
  /** An active category by slug, or null. */
  categoryBySlug(slug: string): Promise<DispatchCategory | null>;
  /** An active CMS page by identifier, or null. */
  cmsPage(identifier: string): Promise<DispatchCmsPage | null>;
  /** POST /api/url/map with a path without leading or trailing slash. */
  mapUrl(url: string): Promise<UrlMapping>;
}

/** Where the §8 texts go: `message` exactly as the catalogue writes it, `detail` the URL. */
export interface DispatchLog {
  warn(message: string, detail: string): void;
  info(message: string, detail: string): void;
}

export type DispatchResult =
  /** Serve `pathname` (internal, under the store segment); `status` 404 for the not-found page. */
  | { type: 'rewrite'; pathname: string; status?: 404 }
  /** Redirect to `location` (a path with its query string). */
  | { type: 'redirect'; location: string; status: 301 };

/** Highest sitemap page a URL may ask for (anything above is a 404, not a cache entry). */
export const MAX_SITEMAP_PAGE = 1000;

const notFound = (store: string): DispatchResult => ({ type: 'rewrite', pathname: `/${store}/${NOT_FOUND_SLUG}`, status: 404 });

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The query string to carry over to a redirect target: everything but Next's internal marker. */
function carriedQuery(search: URLSearchParams): string {
  const kept = new URLSearchParams([...search.entries()].filter(([key]) => key !== '_rsc'));
  const query = kept.toString();
  return query ? `?${query}` : '';
}

/** Internal path of a category page: the cached bare page, or the dynamic view for ?filters. */
export function categoryTarget(slug: string, search: URLSearchParams, store: string = DEFAULT_STORE): string {
  const base = `/${store}/c/${encodeURIComponent(slug)}`;
  return hasViewParams(search) ? `${base}/filtered` : base;
}

/** Internal path of a sitemap page from `?p=` (1-based; anything unreadable is page 1). */
export function sitemapTarget(search: URLSearchParams, store: string = DEFAULT_STORE): string | null {
  const raw = search.get('p');
  const page = raw !== null && /^\d{1,7}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
  return page > MAX_SITEMAP_PAGE ? null : `/${store}/sitemap/${page}`;
}

interface DispatchContext {
  store: string;
  /** '/it' when store codes are appended to URLs, else '': redirects carry it. */
  prefix: string;
  search: URLSearchParams;
  lookups: DispatchLookups;
  log: DispatchLog;
  /** The requested path, for log lines. */
  url: string;
}

function isDisabled(product: { status?: number }): boolean {
  return (product.status ?? 1) >= DISABLED_STATUS;
}

/**
 * What to do with a product that is known to exist: 404 when disabled, 301 to the configurable
 * parent when not visible individually, otherwise `serve`.
 */
async function productDecision(
  product: DispatchProduct,
  context: DispatchContext,
  serve: () => DispatchResult,
): Promise<DispatchResult> {
  const { store, prefix, search, lookups, log, url } = context;
  if (isDisabled(product)) {
    log.warn(`Product query returned empty result product status = ${product.status}`, url);
    return notFound(store);
  }
  if (product.visibility === NOT_VISIBLE_INDIVIDUALLY) {
    // catalogue.md §4: the parent found by configurable_children.sku, else the first parent_sku.
    let parent = await lookups.parentOfChild(product.sku);
    if (!parent && product.parent_sku) parent = await lookups.productBySku(product.parent_sku);
    if (!parent || isDisabled(parent) || parent.visibility === NOT_VISIBLE_INDIVIDUALLY) {
      log.warn(`Product query returned empty result product visibility = ${product.visibility}`, url);
      return notFound(store);
    }
    const location = productUrl({ parentSku: parent.sku, slug: productSlug(parent), childSku: product.sku });
    return { type: 'redirect', location: `${prefix}${location}${carriedQuery(search)}`, status: 301 };
  }
  return serve();
}

export interface DispatchOptions {
  store?: string;
  /** appendStoreCode: public URLs carry `/{store}`; the form without it answers 301, and vice versa. */
  appendStoreCode?: boolean;
}

/**
 * Decides how to serve `pathname` (+ `search`). The store-code prefix follows configuration:
 * a URL in the other form redirects (301) to the configured one, so every page has one address;
 * other store codes stay unmapped.
 */
export async function dispatch(
  pathname: string,
  search: URLSearchParams,
  lookups: DispatchLookups,
  log: DispatchLog,
  { store = DEFAULT_STORE, appendStoreCode = false }: DispatchOptions = {},
): Promise<DispatchResult> {
  const path = stripStorePrefix(pathname, store);
  const prefix = storePrefix(appendStoreCode, store);
  if ((path !== pathname) !== appendStoreCode) {
    return { type: 'redirect', location: `${withStorePrefix(path, prefix)}${carriedQuery(search)}`, status: 301 };
  }
  const route = matchShopRoute(path);
  const context: DispatchContext = { store, prefix, search, lookups, log, url: pathname };

  try {
    if (!route) return await dispatchUnknown(path, context);

    switch (route.kind) {
      case 'category': {
        const slug = decode(route.slug);
        if (slug === null) return notFound(store);
        const category = await lookups.categoryBySlug(slug);
        if (!category) {
          log.warn(`Category query returned empty result slug = ${slug}`, pathname);
          return notFound(store);
        }
        return { type: 'rewrite', pathname: categoryTarget(slug, search, store) };
      }
      case 'product': {
        const parentSku = decode(route.parentSku);
        const slug = decode(route.slug);
        const childSku = route.childSku === undefined ? undefined : decode(route.childSku);
        if (parentSku === null || slug === null || childSku === null) return notFound(store);
        const product = await lookups.productBySku(parentSku);
        if (!product) {
          log.warn(`Product query returned empty result sku = ${parentSku}`, pathname);
          return notFound(store);
        }
        return await productDecision(product, context, () => {
          if (childSku !== undefined) {
            const child = product.configurable_children?.find((c) => c.sku === childSku);
            if (!child || isDisabled(child)) {
              log.warn(
                child
                  ? `Product query returned empty result product status = ${child.status}`
                  : `Product query returned empty result configurable_children.sku = ${childSku}`,
                pathname,
              );
              return notFound(store);
            }
          }
          const canonical = productSlug(product);
          if (slug !== canonical || parentSku !== product.sku) {
            const location = productUrl({ parentSku: product.sku, slug: canonical, childSku });
            return { type: 'redirect', location: `${prefix}${location}${carriedQuery(search)}`, status: 301 };
          }
          return { type: 'rewrite', pathname: `/${store}${path}` };
        });
      }
      case 'cms': {
        const identifier = decode(route.identifier);
        if (identifier === null) return notFound(store);
        const page = await lookups.cmsPage(identifier);
        if (!page) {
          log.warn('CMS query returned empty result', pathname);
          return notFound(store);
        }
        return { type: 'rewrite', pathname: `/${store}/i/${encodeURIComponent(identifier)}` };
      }
      case 'sitemap': {
        const target = sitemapTarget(search, store);
        return target ? { type: 'rewrite', pathname: target } : notFound(store);
      }
      default:
        return { type: 'rewrite', pathname: proxyTarget(path, store).pathname };
    }
  } catch {
    // The API is unreachable or failed: serve the route as it is and let the page handle it.
    const target = proxyTarget(path, store);
    if (route?.kind === 'category') {
      const slug = decode(route.slug);
      if (slug !== null) return { type: 'rewrite', pathname: categoryTarget(slug, search, store) };
    }
    return target.status === 404 ? notFound(store) : { type: 'rewrite', pathname: target.pathname };
  }
}

/** The URL-mapping path of a request path: no leading or trailing slash (query already apart). */
export function mappingPath(path: string): string {
  return path.replace(/^\/+/, '').replace(/\/+$/, '');
}

async function dispatchUnknown(path: string, context: DispatchContext): Promise<DispatchResult> {
  const { store, search, lookups, log } = context;
  const url = mappingPath(path);
  const decoded = url ? decode(url) : null;
  // Paths the mapping can never resolve: empty, undecodable, or another store's prefix.
  if (!decoded || decoded.length > 2000) return notFound(store);
  const mapping = await lookups.mapUrl(decoded);
  if (!mapping) {
    log.info('No mapping found', context.url);
    return notFound(store);
  }
  switch (mapping._type) {
    case 'product': {
      const product = mapping._source;
      return productDecision(product, context, () => ({
        type: 'rewrite',
        pathname: `/${store}${productUrl({ parentSku: product.sku, slug: productSlug(product) })}`,
      }));
    }
    case 'category': {
      const category = mapping._source;
      const slug = category.slug || category.url_key;
      if (!slug || category.is_active === false) {
        log.warn(`Category query returned empty result url_path = ${decoded}`, context.url);
        return notFound(store);
      }
      return { type: 'rewrite', pathname: categoryTarget(slug, search, store) };
    }
    case 'cms_page': {
      const page = mapping._source;
      if (!page.identifier || page.active === false) {
        log.warn('CMS query returned empty result', context.url);
        return notFound(store);
      }
      return { type: 'rewrite', pathname: `/${store}/i/${encodeURIComponent(page.identifier)}` };
    }
    case 'redirect': {
      const target = mapping._source.url_path;
      if (!target) return notFound(store);
      const location = `/${target.split('/').map(encodeURIComponent).join('/')}`;
      return { type: 'redirect', location: `${context.prefix}${location}${carriedQuery(search)}`, status: 301 };
    }
    default:
      return notFound(store);
  }
}
