import { CART_MESSAGES } from './messages.ts';

export type StockStatus = 'ok' | 'volatile' | 'out_of_stock';

export interface StockLike {
  qty: number;
  is_in_stock: boolean;
  manage_stock?: boolean;
  backorders?: number;
  max_sale_qty?: number;
}

/**
 * Stock status of catalogue.md §4: unknown stock is volatile (added for pre-reservation);
 * managed stock with nothing left and no backorders is out of stock.
 */
export function stockStatusOf(stock: StockLike | null | undefined): StockStatus {
  if (!stock) return 'volatile';
  if (!stock.is_in_stock) return 'out_of_stock';
  if (stock.manage_stock && !stock.backorders && stock.qty <= 0) return 'out_of_stock';
  return 'ok';
}

/** Largest quantity one line may hold, or null when stock does not limit it. */
export function maxOrderableQty(stock: StockLike | null | undefined): number | null {
  if (!stock || !stock.manage_stock || stock.backorders) return null;
  return Math.max(0, Math.floor(stock.qty));
}

/**
 * Largest quantity a cart line may hold now: what stock leaves and the product's most per sale;
 * null when neither limits it. The cart refuses more and shows it on the line (shopping.md §4 "Stock sync").
 */
export function lineMaxQty(stock: StockLike | null | undefined): number | null {
  const max = Math.min(maxOrderableQty(stock) ?? Infinity, stock?.max_sale_qty ?? Infinity);
  return Number.isFinite(max) ? max : null;
}

/** What the cart shows on a line after a stock check (shopping.md §4 "Stock sync"). */
export function stockNotice(status: StockStatus): { info?: string; error?: string } {
  if (status === 'out_of_stock') return { error: CART_MESSAGES.outOfTheStock };
  return status === 'ok' ? { info: CART_MESSAGES.inStock } : {};
}

export interface PriceLike {
  price_incl_tax?: number | null;
  errors?: Readonly<Record<string, unknown>> | null;
}

/**
 * Why a product cannot be added (catalogue.md §5): a price incl. tax below 0 (zero-price products
 * are allowed, so 0 is a price), plus every per-product error entry.
 */
export function addToCartErrors(product: PriceLike, useZeroPriceProduct = true): string[] {
  const price = product.price_incl_tax ?? 0;
  const unknown = useZeroPriceProduct ? price < 0 : price <= 0;
  const own = Object.values(product.errors ?? {}).filter((e): e is string => typeof e === 'string' && e !== '');
  return [...(unknown ? [CART_MESSAGES.priceUnknown] : []), ...own];
}
