import { percentOf, toCents, type Cents } from '../money.ts';

export interface FeeOptionPrice {
  /** Euros excl. tax when fixed; a percentage when percent. */
  price: number;
  price_type: 'fixed' | 'percent';
}

/** What a fee option costs: fixed per unit (times qty), or a percent of the base (a line's or the cart's net total). */
export function feeOptionAmount(option: FeeOptionPrice, base: Cents, qty = 1): Cents {
  return option.price_type === 'percent' ? percentOf(base, option.price) : toCents(option.price) * qty;
}

/** The fee checkbox: adds or removes the option id from the selected list (shopping.md §4). */
export function toggleFeeOption(selected: readonly number[], optionId: number): number[] {
  return selected.includes(optionId) ? selected.filter((id) => id !== optionId) : [...selected, optionId];
}

/** A fee counts as applied when the fee total is above 0 and the option is selected. */
export function isFeeApplied(feeTotal: number, selected: readonly number[], optionId: number): boolean {
  return feeTotal > 0 && selected.includes(optionId);
}
