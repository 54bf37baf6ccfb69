import type { Cents } from '../money.ts';

/**
 * Splits `total` cents over `weights` in proportion, by largest remainder: every part is whole,
 * the parts sum to `total` exactly, and leftover cents go to the largest fractions (earlier lines
 * on ties). All zeros when the weights sum to 0.
 */
export function allocateCents(total: Cents, weights: readonly Cents[]): Cents[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}
