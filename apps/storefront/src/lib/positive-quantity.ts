/**
 * shopping.md §5: a positive-only number input turns 0 into 1 and takes the absolute value. An
 * empty field stays empty (the shopper is typing a new number); anything that is no number is
 * left for the field's validation to name.
 */
export function positiveQuantityInput(raw: string): string {
  if (raw.trim() === '') return raw;
  const qty = Math.abs(Math.trunc(Number(raw)));
  return Number.isFinite(qty) ? String(qty || 1) : raw;
}
