import { sql } from 'kysely';

/**
 * The net price a shopper pays now, in cents: the special price while its window is open and it
 * is below the list price (catalogue.md §4), else the list price. Evaluated in SQL because the
 * windows open and close with time, not with writes. Price sorting, price filters and price
 * facets all use it, so they agree with the prices on the tiles.
 */
export const effectivePriceCents = sql<number>`(CASE
  WHEN special_price_cents IS NOT NULL AND special_price_cents < price_cents
   AND (special_from IS NULL OR special_from < now())
   AND (special_to IS NULL OR now() < special_to)
  THEN special_price_cents ELSE price_cents END)`;

/** Query fields that name the effective price rather than a column. */
export const EFFECTIVE_PRICE = 'effective_price';
