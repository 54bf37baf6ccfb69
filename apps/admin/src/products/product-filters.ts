/** The list's filters, as the address and the API name them (GET /api/admin/products, a bulk action's `filter`). */
export const PRODUCT_FILTERS = ['q', 'categoryId', 'type', 'status', 'visibility', 'stock', 'brand', 'special'] as const;
export type ProductFilterName = (typeof PRODUCT_FILTERS)[number];
export type ProductFilters = Record<ProductFilterName, string>;

export const PRODUCT_SORTS = ['name', '-name', 'sku', '-sku', 'price', '-price', '-updated', 'updated'] as const;
export const DEFAULT_SORT = 'name';

/** The filters set (empty ones left out): the same in the list's query and in a bulk action on the whole filter. */
export function filterBody(filters: Partial<ProductFilters>): Partial<ProductFilters> {
  return Object.fromEntries(PRODUCT_FILTERS.filter((name) => (filters[name] ?? '').trim() !== '').map((name) => [name, filters[name]!.trim()]));
}

/** Whether any filter narrows the list (a bulk action on "everything" needs one). */
export const isFiltered = (filters: Partial<ProductFilters>) => Object.keys(filterBody(filters)).length > 0;
