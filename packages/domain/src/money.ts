/**
 * Money is integer cents. The one rounding rule of the shop: round half away from zero after
 * absorbing binary floating-point error (as VSF's roundTo does with `toFixed(11)`), so that
 * 1.005 € becomes 1.01 € although 1.005 * 100 is 100.49999999999999 in binary.
 */

/** An amount of money in euro cents; always an integer. */
export type Cents = number;

/** Rounds half away from zero to `digits` decimals after correcting binary float error: roundTo(1.005, 2) = 1.01, roundTo(-1.005, 2) = -1.01. */
export function roundTo(x: number, digits: number): number {
  const factor = 10 ** digits;
  // toFixed(11) cuts the representation error (…49999999999) before deciding the half.
  const scaled = Number.parseFloat((Math.abs(x) * factor).toFixed(11));
  const rounded = (Math.sign(x) * Math.round(scaled)) / factor;
  return rounded === 0 ? 0 : rounded; // no -0 in money
}

/** Euros (e.g. 19.99) to integer cents (1999) with the shop's rounding rule. */
export function toCents(euros: number): Cents {
  return roundTo(euros * 100, 0);
}

/** Integer cents to euros (1999 → 19.99). */
export function fromCents(cents: Cents): number {
  return roundTo(cents / 100, 2);
}

/** `ratePercent` % of `cents`, rounded to whole cents with the shop's rule (1999 at 22 % → 440). */
export function percentOf(cents: Cents, ratePercent: number): Cents {
  return roundTo((cents * ratePercent) / 100, 0);
}

/** Sum of amounts in cents (exact, since cents are integers). */
export function sumCents(amounts: readonly Cents[]): Cents {
  return amounts.reduce((total, amount) => total + amount, 0);
}

/** A price without and with tax, in cents. */
export interface PricePair {
  net: Cents;
  gross: Cents;
}
