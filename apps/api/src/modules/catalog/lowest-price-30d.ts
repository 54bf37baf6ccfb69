import type { PriceHistoryEntry } from '@shop/db';
import { fromCents, priceWithTax, toCents, type Cents, type ConfigurableChild, type ProductDoc } from '@shop/domain';

/** "the lowest price applied … in a period not shorter than 30 days before the reduction". */
export const LOWEST_PRICE_WINDOW_MS = 30 * 86_400_000;

/** Prices that applied at some moment of [from, until) while `entry` was the product's price state. */
function pricesApplied(entry: PriceHistoryEntry, from: number, until: number): Cents[] {
  const { regular_price_cents: regular, special_price_cents: special } = entry;
  // A special price at or above the regular price is no promotion (as in the tax rules).
  if (special === null || special >= regular) return [regular];
  const opens = entry.special_from?.getTime() ?? -Infinity;
  const closes = entry.special_to?.getTime() ?? Infinity;
  const prices: Cents[] = [];
  if (opens < until && closes > from) prices.push(special);
  if (opens > from || closes < until) prices.push(regular);
  return prices;
}

/**
 * The lowest net price of the 30 days before the current discount (Omnibus directive 2019/2161,
 * Codice del consumo art. 17-bis), from a product's price history (oldest first):
 * 1. Each entry holds from its recorded_at until the next entry's.
 * 2. The current discount is the last entry's special price. It began at the later of when that
 *    amount was first recorded (in the unbroken run of entries carrying it up to the last one)
 *    and its special_from date: a scheduled discount begins when its window opens.
 * 3. Every price applied in the 30 days before that beginning is a candidate: an entry's special
 *    price while its window was open (and below its regular price), its regular price otherwise.
 *    Earlier promotions therefore count, as the law wants.
 * Returns the lowest candidate, or null when the history knows nothing of that period (the
 * discount was already running when the product was first recorded) or of the discount.
 */
export function lowestPriceBeforeDiscount(history: readonly PriceHistoryEntry[]): Cents | null {
  const last = history.at(-1);
  if (!last || last.special_price_cents === null) return null;
  let first = history.length - 1;
  while (first > 0 && history[first - 1]!.special_price_cents === last.special_price_cents) first--;
  const start = Math.max(history[first]!.recorded_at.getTime(), last.special_from?.getTime() ?? -Infinity);
  const windowStart = start - LOWEST_PRICE_WINDOW_MS;

  let lowest: Cents | null = null;
  history.forEach((entry, i) => {
    const from = Math.max(entry.recorded_at.getTime(), windowStart);
    const until = Math.min(history[i + 1]?.recorded_at.getTime() ?? Infinity, start);
    if (from >= until) return;
    for (const price of pricesApplied(entry, from, until)) lowest = lowest === null ? price : Math.min(lowest, price);
  });
  return lowest;
}

type Priced = ProductDoc | ConfigurableChild;

/** A taxed document shows a discount when its special price survived the tax rules. */
const isDiscounted = (doc: Priced) => Number(doc.special_price) > 0;

/** Skus of the taxed documents and configurable children that show a discount. */
export function discountedSkus(docs: readonly ProductDoc[]): string[] {
  return docs.flatMap((doc) => [doc, ...(doc.configurable_children ?? [])].filter(isDiscounted).map((d) => String(d.sku)));
}

function lowestPriceFields(doc: Priced, history: ReadonlyMap<string, PriceHistoryEntry[]>, ratePercent: number) {
  // Without history of the period, the regular price is the only price known to have applied.
  const net = lowestPriceBeforeDiscount(history.get(String(doc.sku)) ?? []) ?? toCents(Number(doc.original_price ?? doc.price));
  const taxed = priceWithTax(net, ratePercent);
  return { lowest_price_30d: fromCents(taxed.net), lowest_price_30d_incl_tax: fromCents(taxed.gross) };
}

/**
 * Adds lowest_price_30d and lowest_price_30d_incl_tax (euros, taxed at the document's rate) to a
 * taxed document and to each of its configurable children that shows a discount. A configurable
 * parent shows its cheapest child's prices, so it takes that child's values.
 */
export function withLowestPrice30d(
  doc: ProductDoc,
  history: ReadonlyMap<string, PriceHistoryEntry[]>,
  ratePercent: number,
): ProductDoc {
  const children = doc.configurable_children?.map((child) =>
    isDiscounted(child) ? { ...child, ...lowestPriceFields(child, history, ratePercent) } : child,
  );
  const withChildren = children ? { ...doc, configurable_children: children } : doc;
  if (!isDiscounted(doc)) return withChildren;
  const shown = children?.find(
    (child) => child.lowest_price_30d !== undefined && child.special_price === doc.special_price && child.price_incl_tax === doc.price_incl_tax,
  );
  const fields = shown
    ? { lowest_price_30d: shown.lowest_price_30d, lowest_price_30d_incl_tax: shown.lowest_price_30d_incl_tax }
    : lowestPriceFields(doc, history, ratePercent);
  return { ...withChildren, ...fields };
}
