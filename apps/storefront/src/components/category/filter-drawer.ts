/** The phone's filter drawer (issue 42 point 13): its count request and button text. Pure. */
import { interpolate } from '@/i18n/interpolate.ts';

/** Below this width the filters open as a drawer (the layout puts them beside the grid from 992 px). */
export const DRAWER_MEDIA = '(max-width: 991.98px)';

/** How a list counts its products for choices not yet applied: its own API query, the choices' filters added. */
export interface CountQuery {
  endpoint: '/api/catalog' | '/api/search';
  /** The body without the choices' filters (`filters` holds the list's own: category scope, listable). */
  body: { filters?: Record<string, unknown> } & Record<string, unknown>;
}

export interface DrawerTexts {
  /** "Mostra {count} prodotti" as an ICU plural: "Nessun prodotto" for 0, "Mostra 1 prodotto" for 1. */
  show: string;
  /** While counting, or when the count failed. */
  showAny: string;
}

/** "Mostra 12 prodotti", "Mostra 1 prodotto", "Nessun prodotto"; without a count, "Mostra i prodotti". */
export function showProductsText(total: number | null, texts: DrawerTexts): string {
  if (total === null) return texts.showAny;
  return interpolate(texts.show, { count: total });
}

/** The request body counting `filters` (the choices' API filters) on top of the list's own query. */
export function countBody(query: CountQuery, filters: Record<string, unknown>): Record<string, unknown> {
  return { ...query.body, filters: { ...query.body.filters, ...filters }, size: 1, includeFields: ['id'] };
}
