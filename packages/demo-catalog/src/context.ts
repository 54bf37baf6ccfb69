/** Inputs shared by every generator; all of them are pure functions of this context. */

export interface CatalogOptions {
  /** Number of product documents, configurable children included. */
  products: number;
  seed?: number;
  /** Reference date for created_at spreads, special-price windows and availability dates. */
  now?: Date;
}

export interface CatalogContext {
  readonly total: number;
  readonly seed: number;
  readonly nowMs: number;
}

export const DEFAULT_SEED = 1;
/** A fixed date rather than the real clock, so output never depends on when it runs. */
export const DEFAULT_NOW = new Date('2026-11-01T00:00:00Z');

export function createCatalogContext(options: CatalogOptions): CatalogContext {
  const { products, seed = DEFAULT_SEED, now = DEFAULT_NOW } = options;
  if (!Number.isInteger(products) || products < 0) throw new Error(`products must be a non-negative integer, got ${products}`);
  const nowMs = now.getTime();
  if (Number.isNaN(nowMs)) throw new Error('now is an invalid date');
  return { total: products, seed: seed >>> 0, nowMs };
}
