/**
 * Add-to-cart validation of catalogue.md §5 and shopping.md §5, as problems (message keys with
 * parameters) the purchase islands show. Pure.
 */
import type { Cents } from '@shop/domain';
import type { StockStatus } from './stock.ts';
import type { PurchaseTextKey } from './text-keys.ts';
import type { CustomOptionView } from './types.ts';
import type { CustomOptionChoice, CustomOptionChoices } from './pricing.ts';

export interface Problem {
  key: PurchaseTextKey;
  params?: Readonly<Record<string, string | number>>;
}

/**
 * "A product must have a known price to be added: price incl. tax below 0 is refused; zero
 * price is allowed (zero-price products enabled)". A missing or unreadable price is unknown too.
 */
export function priceProblem(gross: Cents | null | undefined): Problem | null {
  return gross === null || gross === undefined || !Number.isFinite(gross) || gross < 0 ? { key: 'unknownPrice' } : null;
}

/** "Out-of-stock products cannot be added to the cart." */
export function stockProblem(status: StockStatus): Problem | null {
  return status === 'out_of_stock' ? { key: 'cannotAdd' } : null;
}

export type QuantityResult = { ok: true; qty: number } | { ok: false; problem: Problem };

/**
 * The quantity typed by the shopper: a whole number of at least `min` (1 for the product, 0 for
 * a grouped row) and at most `max` when the stock limits it.
 */
export function parseQuantity(raw: string, { min = 1, max }: { min?: number; max?: number } = {}): QuantityResult {
  const text = raw.trim();
  const qty = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(qty) || qty < min) return { ok: false, problem: { key: 'quantityPositive' } };
  if (max !== undefined && qty > max) return { ok: false, problem: { key: 'quantityMax', params: { quantity: max } } };
  return { ok: true, qty };
}

/** True when a custom option has a value: a chosen value or non-blank text. */
export function hasChoice(choice: CustomOptionChoice | undefined): boolean {
  return typeof choice === 'string' ? choice.trim() !== '' : Array.isArray(choice) && choice.length > 0;
}

/** Required custom options still without a value. */
export function missingOptions(options: readonly CustomOptionView[], choices: CustomOptionChoices): CustomOptionView[] {
  return options.filter((option) => option.is_require && !hasChoice(choices[option.option_id]));
}

/** A problem for each required custom option still without a value. */
export function missingCustomOptions(options: readonly CustomOptionView[], choices: CustomOptionChoices): Problem[] {
  return missingOptions(options, choices).map((option) => ({ key: 'requiredOption', params: { option: option.title } }));
}

/** Per-product error entries (§5) as problems; known VSF texts map to their messages. */
export function productErrorProblems(errors: readonly string[]): Problem[] {
  return errors.map((error) =>
    error === 'No available product variants' ? { key: 'noVariants' } : { key: 'productError', params: { error } },
  );
}
