/**
 * The view of a product list (category page or search results) as it lives in the URL query
 * string (catalogue.md §2: "Filters and sort are held in the route query string"):
 * `?colore=20101&colore=20102&price=50.0-100.0&sort=price:asc&p=2`. Pure: parse, change (VSF `changeFilterQuery`), serialise and turn into
 * catalogue query filters. Serialising is canonical (attributes by code, values sorted, defaults
 * left out), so one view has one URL.
 */

/** Sort choices of catalogue.md §9 plus search relevance, by the value they take in `?sort=`. */
export const SORT_IDS = ['position', 'updated_at:desc', 'price:asc', 'price:desc', 'relevance'] as const;
export type SortId = (typeof SORT_IDS)[number];

/**
 * "Position" is the default: it is the sort of a URL without `sort`. Higher positions come first
 * (catalogue.md §9: "Product list sort default position descending"), as the API sorts by default.
 */
export const DEFAULT_SORT: SortId = 'position';

/** A kind of list: the sorts it offers (in display order), its default sort, its non-filter parameters. */
export interface ListKind {
  sorts: readonly SortId[];
  defaultSort: SortId;
  /** Parameters that are no filter (the search term `q`), written first in URLs. */
  lead: readonly string[];
}

/** Category pages: the §9 order Latest, price up, price down, Position. */
export const CATEGORY_LIST: ListKind = { sorts: ['updated_at:desc', 'price:asc', 'price:desc', 'position'], defaultSort: DEFAULT_SORT, lead: [] };
/** Search results: the category sorts after "Relevance", the default. */
export const SEARCH_LIST: ListKind = {
  sorts: ['relevance', 'updated_at:desc', 'price:asc', 'price:desc', 'position'],
  defaultSort: 'relevance',
  /** The term, and `typed=1` to search its words as typed (no typo correction). */
  lead: ['q', 'typed'],
};
export const LIST_KINDS = { category: CATEGORY_LIST, search: SEARCH_LIST } as const;
export type ListKindName = keyof typeof LIST_KINDS;

/** Where a list lives: `/c/coltelli`, or `/search` with `{q: 'coltello'}` as lead parameters. */
export interface ListBase {
  path: string;
  kind: ListKindName;
  lead?: Readonly<Record<string, string>>;
}

/** The API sort of each choice (catalogue.md §9: Latest is updated_at descending). */
export const API_SORT: Readonly<Record<SortId, string>> = {
  relevance: 'relevance',
  position: 'position:desc',
  'updated_at:desc': 'updated_at:desc',
  'price:asc': 'final_price:asc',
  'price:desc': 'final_price:desc',
};

/** Query parameters with a fixed meaning; every other parameter names an attribute filter. */
export const PRICE_PARAM = 'price';
export const SORT_PARAM = 'sort';
export const PAGE_PARAM = 'p';
const RESERVED = new Set([PRICE_PARAM, SORT_PARAM, PAGE_PARAM]);

/** Bounds that keep a hand-made URL from producing a huge query. */
export const MAX_FILTER_ATTRIBUTES = 15;
export const MAX_VALUES_PER_ATTRIBUTE = 20;
export const MAX_PAGE = 10_000;

const ATTRIBUTE_CODE = /^[a-z][a-z0-9_]{0,59}$/;
const OPTION_ID = /^[A-Za-z0-9_.-]{1,40}$/;
/** A price bucket key as the API names it: '0.0-50.0', '150.0-*' (or '150.0-'). */
const PRICE_KEY = /^(\d{1,7}(?:\.\d{1,2})?)-(\d{1,7}(?:\.\d{1,2})?|\*)?$/;

export interface CategoryQueryState {
  /** Chosen options per attribute code (OR within an attribute, AND across attributes). */
  filters: Readonly<Record<string, readonly string[]>>;
  /** The chosen price bucket key (one at most), or null. */
  price: string | null;
  sort: SortId;
  /** 1-based page number. */
  page: number;
}

export const EMPTY_QUERY: CategoryQueryState = Object.freeze({ filters: Object.freeze({}), price: null, sort: DEFAULT_SORT, page: 1 });
export const EMPTY_SEARCH_QUERY: CategoryQueryState = Object.freeze({ ...EMPTY_QUERY, sort: SEARCH_LIST.defaultSort });

export type RawSearchParams = URLSearchParams | Readonly<Record<string, string | readonly string[] | undefined>>;

function entries(params: RawSearchParams): [string, string][] {
  if (params instanceof URLSearchParams) return [...params.entries()];
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    for (const v of typeof value === 'string' ? [value] : value) out.push([key, v]);
  }
  return out;
}

export function isSortId(value: string): value is SortId {
  return (SORT_IDS as readonly string[]).includes(value);
}

export function isPriceKey(value: string): boolean {
  const match = PRICE_KEY.exec(value);
  if (!match) return false;
  const to = match[2];
  return to === undefined || to === '*' || Number(to) > Number(match[1]);
}

/** The euro bounds of a price key: '50.0-100.0' → {from: 50, to: 100}; '150.0-*' → {from: 150}. */
export function parsePriceKey(key: string): { from: number; to?: number } | null {
  if (!isPriceKey(key)) return null;
  const [, from = '0', to] = PRICE_KEY.exec(key) ?? [];
  return to === undefined || to === '*' ? { from: Number(from) } : { from: Number(from), to: Number(to) };
}

function parsePage(value: string | undefined): number {
  if (value === undefined || !/^\d{1,6}$/.test(value)) return 1;
  const n = Number(value);
  return n >= 1 && n <= MAX_PAGE ? n : 1;
}

const compareValues = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/**
 * Reads a view from query parameters. Unknown shapes are ignored rather than refused: a bad
 * `sort` is the default, a bad `p` is 1, a bad price key or option id is dropped. Attribute
 * codes are not checked against the catalogue here (see {@link restrictToAttributes}).
 */
export function parseCategoryQuery(params: RawSearchParams, kind: ListKind = CATEGORY_LIST): CategoryQueryState {
  const filters: Record<string, string[]> = {};
  let price: string | null = null;
  let sort: SortId = kind.defaultSort;
  let page: string | undefined;
  for (const [key, value] of entries(params)) {
    if (kind.lead.includes(key)) continue;
    if (key === PRICE_PARAM) {
      if (price === null && isPriceKey(value)) price = value;
    } else if (key === SORT_PARAM) {
      if (isSortId(value) && kind.sorts.includes(value)) sort = value;
    } else if (key === PAGE_PARAM) {
      page ??= value;
    } else if (ATTRIBUTE_CODE.test(key) && OPTION_ID.test(value)) {
      const values = (filters[key] ??= []);
      if (!values.includes(value) && values.length < MAX_VALUES_PER_ATTRIBUTE) values.push(value);
    }
  }
  const codes = Object.keys(filters).sort().slice(0, MAX_FILTER_ATTRIBUTES);
  return {
    filters: Object.fromEntries(codes.map((code) => [code, [...(filters[code] ?? [])].sort(compareValues)])),
    price,
    sort,
    page: parsePage(page),
  };
}

/** Keeps only filters on the given attribute codes (the catalogue's filterable attributes). */
export function restrictToAttributes(state: CategoryQueryState, codes: Iterable<string>): CategoryQueryState {
  const allowed = new Set(codes);
  const filters = Object.fromEntries(Object.entries(state.filters).filter(([code]) => allowed.has(code) && !RESERVED.has(code)));
  return { ...state, filters };
}

/** True when the view shows the list's first page in default order, unfiltered. */
export function isDefaultView(state: CategoryQueryState, kind: ListKind = CATEGORY_LIST): boolean {
  return !hasFilters(state) && state.sort === kind.defaultSort && state.page === 1;
}

/** True when attribute or price filters narrow the list. */
export function hasFilters(state: CategoryQueryState): boolean {
  return state.price !== null || Object.values(state.filters).some((values) => values.length > 0);
}

/** A change a filter control makes (VSF `changeFilterQuery`). */
export type FilterChange =
  | { type: 'attribute'; code: string; id: string }
  | { type: 'price'; id: string }
  | { type: 'sort'; id: SortId }
  | { type: 'page'; page: number }
  | { type: 'clear' };

/**
 * Applies one change and returns the new view. An option is toggled within its attribute; the
 * price is single (the same key again removes it, another replaces it); choosing the current
 * sort again goes back to the default. Every change but paging returns to page 1.
 */
export function changeFilterQuery(state: CategoryQueryState, change: FilterChange, kind: ListKind = CATEGORY_LIST): CategoryQueryState {
  switch (change.type) {
    case 'attribute': {
      const current = state.filters[change.code] ?? [];
      const next = current.includes(change.id)
        ? current.filter((v) => v !== change.id)
        : [...current, change.id].sort(compareValues);
      const filters = { ...state.filters, [change.code]: next };
      if (next.length === 0) delete filters[change.code];
      const sorted = Object.fromEntries(Object.keys(filters).sort().map((code) => [code, filters[code] ?? []]));
      return { ...state, filters: sorted, page: 1 };
    }
    case 'price':
      return { ...state, price: state.price === change.id ? null : change.id, page: 1 };
    case 'sort':
      return { ...state, sort: state.sort === change.id ? kind.defaultSort : change.id, page: 1 };
    case 'page':
      return { ...state, page: Math.min(Math.max(1, Math.trunc(change.page)), MAX_PAGE) };
    case 'clear':
      return { ...state, filters: {}, price: null, page: 1 };
  }
}

/**
 * The canonical query string of a view, with its leading '?', or '' for the default view; the
 * kind's lead parameters (the search term) come first.
 */
export function serializeCategoryQuery(
  state: CategoryQueryState,
  kind: ListKind = CATEGORY_LIST,
  lead: Readonly<Record<string, string>> = {},
): string {
  const params = new URLSearchParams();
  for (const key of kind.lead) if (lead[key] !== undefined) params.append(key, lead[key]);
  for (const code of Object.keys(state.filters).sort()) {
    for (const value of state.filters[code] ?? []) params.append(code, value);
  }
  if (state.price !== null) params.append(PRICE_PARAM, state.price);
  if (state.sort !== kind.defaultSort) params.append(SORT_PARAM, state.sort);
  if (state.page > 1) params.append(PAGE_PARAM, String(state.page));
  const query = params.toString();
  // ':' is legal in a query string; keep `sort=price:asc` readable.
  return query ? `?${query.replace(/%3A/g, ':')}` : '';
}

/** Link to a view of a category page: `/c/coltelli?colore=20101&sort=price:asc`. */
export function categoryViewHref(categoryPath: string, state: CategoryQueryState): string {
  return `${categoryPath}${serializeCategoryQuery(state)}`;
}

/** Link to a view of any list: `/search?q=coltello&colore=20101&p=2`. */
export function listViewHref(base: ListBase, state: CategoryQueryState): string {
  return `${base.path}${serializeCategoryQuery(state, LIST_KINDS[base.kind], base.lead)}`;
}

type ApiCondition = { in?: (string | number)[]; gte?: number; lt?: number };

/**
 * The catalogue query filters of a view's attribute and price choices: `{colore: {in: [...]}}`
 * per attribute and `final_price` ≥ from and < to (the bucket bounds of the price aggregation,
 * whose `to` is exclusive).
 */
export function viewApiFilters(state: CategoryQueryState): Record<string, ApiCondition> {
  const filters: Record<string, ApiCondition> = {};
  for (const [code, values] of Object.entries(state.filters)) {
    if (values.length > 0) filters[code] = { in: [...values] };
  }
  const range = state.price === null ? null : parsePriceKey(state.price);
  if (range) {
    const condition: ApiCondition = {};
    if (range.from > 0) condition.gte = range.from;
    if (range.to !== undefined) condition.lt = range.to;
    if (condition.gte !== undefined || condition.lt !== undefined) filters.final_price = condition;
  }
  return filters;
}

/** Query parameters that never change what a page shows (trackers, Next's own RSC marker). */
export function isIgnoredParam(key: string): boolean {
  return key === '_rsc' || key.startsWith('utm_') || ['gclid', 'fbclid', 'msclkid', 'dclid', 'mc_cid', 'mc_eid'].includes(key);
}

/**
 * True when a category URL's query string asks for a view other than the default (filters,
 * sort or page), i.e. the URL cannot be served from the bare category page's cache.
 */
export function hasViewParams(params: URLSearchParams): boolean {
  for (const key of params.keys()) if (!isIgnoredParam(key)) return true;
  return false;
}
