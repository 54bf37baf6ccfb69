import { CART_MESSAGES, formatMessage } from './messages.ts';

/** "Quantity strings become integers, default 1" (shopping.md §5; VSF parseInt(qty || 1)). */
export function parseQty(raw: unknown): number {
  const qty = Number.parseInt(String(raw || 1), 10);
  return Number.isNaN(qty) ? 1 : qty;
}

/** Positive-only number input: 0 becomes 1, negatives their absolute value. */
export function positiveOnly(value: number): number {
  const abs = Math.abs(value);
  return abs === 0 ? 1 : abs;
}

export interface QtyLimits {
  /** Largest quantity available; checked only online for simple and configurable items. */
  maxQuantity?: number | null;
  online?: boolean;
  productType?: string;
}

/**
 * The cart quantity field's error (shopping.md §5), or null: required, numeric, a whole number
 * of at least 1, and not above what is available.
 */
export function cartQtyError(raw: unknown, limits: QtyLimits = {}): string | null {
  const qty = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof qty !== 'number' || !Number.isInteger(qty) || qty < 1) return CART_MESSAGES.qtyPositive;
  const checksMax = (limits.online ?? true) && ['simple', 'configurable'].includes(limits.productType ?? 'simple');
  if (checksMax && limits.maxQuantity != null && qty > limits.maxQuantity) {
    return formatMessage(CART_MESSAGES.qtyBelow, { quantity: limits.maxQuantity });
  }
  return null;
}

/** Edit mode: fewer available than wanted, or none at all (shopping.md §5). */
export function editModeQtyError(available: number, qty: number): string | null {
  if (available <= 0) return CART_MESSAGES.outOfStock;
  if (available < qty) return formatMessage(CART_MESSAGES.editOnlyAvailable, { maxQuantity: available });
  return null;
}

/** Minus does nothing at 1. */
export function decrementQty(qty: number): number {
  return qty > 1 ? qty - 1 : qty;
}
