import { z } from 'zod';

/** "Page sizes: default list 50 … search default 50" (catalogue.md §9). */
export const DEFAULT_PAGE_SIZE = 50;
/** Deepest first item a list may ask for: deeper offsets cost the database a scan for nothing. */
export const MAX_PAGE_START = 1_000_000;

/**
 * catalogue.md §5 paging, one rule for every list (`POST /api/catalog`, `POST /api/search`): a
 * size of 0 or less becomes the default (50), a start below 0 becomes 0. Sizes above a list's
 * maximum are refused (400), not clamped: a client that asked for more than a page is told so
 * instead of silently getting fewer items. `max` is left out where it depends on other fields.
 */
export const pageSize = (max?: number) =>
  (max === undefined ? z.number().int() : z.number().int().max(max, `must be at most ${max}`))
    .meta({ description: `Items per page; 0 or less means ${DEFAULT_PAGE_SIZE} (catalogue.md §5)` })
    .default(DEFAULT_PAGE_SIZE)
    .transform((size) => (size <= 0 ? DEFAULT_PAGE_SIZE : size));

export const pageStart = z
  .number()
  .int()
  .max(MAX_PAGE_START)
  .meta({ description: 'First item, from 0; below 0 means 0 (catalogue.md §5)' })
  .default(0)
  .transform((start) => Math.max(0, start));
