import type { ProductDoc, TierPrice } from '@shop/domain';
import { DAY_MS, euro, formatDateTime, shelfPrice } from '../format.ts';
import type { Rng } from '../rng.ts';
import { designScale, type Design } from './design.ts';

/**
 * List price in euros excl. tax: log-interpolated across the subcategory's range, mostly by the
 * product's size so a 30 cm knife costs more than a 12 cm one, with some noise between brands.
 */
export function listPrice(rng: Rng, design: Design): number {
  const [min, max] = design.ref.leaf.price;
  const scale = designScale(design);
  const u = scale === null ? rng.next() : Math.min(1, scale * 0.75 + rng.next() * 0.25);
  return shelfPrice(min * Math.pow(max / min, u));
}

/** A variant of a configurable product: a few sizes cost a little more (XXL, large shoe sizes). */
export function childPrice(rng: Rng, parentPrice: number): number {
  return rng.chance(0.2) ? shelfPrice(parentPrice * rng.between(1.04, 1.12)) : parentPrice;
}

type SpecialFields = Pick<ProductDoc, 'special_price' | 'special_from_date' | 'special_to_date'>;

/**
 * About one product in five has a special price. Its window is active, expired, not yet started,
 * open-ended, or absent, so every branch of the "special price is current" rule has data.
 */
export function specialPrice(rng: Rng, price: number, nowMs: number): SpecialFields | null {
  if (!rng.chance(0.2)) return null;
  const special = euro(price * (1 - rng.between(0.08, 0.3)));
  const day = (offsetDays: number): string => formatDateTime(Math.floor(nowMs / DAY_MS + offsetDays) * DAY_MS);
  const r = rng.next();
  if (r < 0.45) return { special_price: special, special_from_date: day(-rng.int(1, 40)), special_to_date: day(rng.int(5, 60)) };
  if (r < 0.65) {
    const to = -rng.int(1, 50);
    return { special_price: special, special_from_date: day(to - rng.int(14, 120)), special_to_date: day(to) };
  }
  if (r < 0.8) {
    const from = rng.int(3, 30);
    return { special_price: special, special_from_date: day(from), special_to_date: day(from + rng.int(7, 30)) };
  }
  if (r < 0.9) return { special_price: special, special_from_date: null, special_to_date: null };
  return { special_price: special, special_from_date: day(-rng.int(1, 90)), special_to_date: null };
}

/** Customer groups for tier prices: 0 general (not logged in), 1 retail, 2 wholesale. */
const TIER_BREAKS: readonly { group: number; qty: number; discount: number }[][] = [
  [
    { group: 0, qty: 10, discount: 0.05 },
    { group: 0, qty: 50, discount: 0.1 },
  ],
  [{ group: 1, qty: 5, discount: 0.03 }],
  [
    { group: 2, qty: 1, discount: 0.08 },
    { group: 2, qty: 20, discount: 0.15 },
  ],
];

/** Quantity breaks on about one product in seven, for one to three customer groups. */
export function tierPrices(rng: Rng, price: number): TierPrice[] {
  if (!rng.chance(0.15)) return [];
  return rng
    .pickSome(TIER_BREAKS, rng.int(1, TIER_BREAKS.length))
    .flat()
    .map((b) => ({ customer_group_id: b.group, qty: b.qty, value: euro(price * (1 - b.discount)) }));
}
