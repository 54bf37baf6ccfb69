/**
 * The GA4 ecommerce events of the shop (shopping.md §9 "Tag events", integrations-security-
 * legal.md §3.1), built as plain objects for `dataLayer`. Pure: the browser side (track.ts)
 * decides whether and when they are pushed.
 *
 * Rules: items go in groups of at most 12 (a longer list becomes several events of the same
 * name), names are cut at 100 characters, at most 5 category levels, prices come from integer
 * cents (net of VAT, the shop's headline price) so that no float sum drifts. No personal data
 * (e-mail, fiscal code, phone) ever goes in (ASVS 14.2.3): the builders take none.
 *
 * One exception to the grouping: `purchase` stays one event. GA4 counts a transaction once per
 * `transaction_id` and drops repeats, so a second group would be lost and its revenue with it;
 * its items are capped at GA4's own 200 instead.
 */
import type { PriceView } from '../price.ts';

export const GA4_LIMITS = { itemsPerEvent: 12, nameLength: 100, categoryLevels: 5, purchaseItems: 200 } as const;

/** A product as the shop knows it, before it becomes a GA4 item. */
export interface TrackedItem {
  sku: string;
  name: string;
  /** Unit price net of VAT, cents. */
  priceCents: number;
  quantity?: number;
  /** The category trail from the top level down. */
  categories?: readonly string[];
  /** The chosen variant (a configurable's child sku, options). */
  variant?: string;
  /** Unit discount, cents (a special price's saving). */
  discountCents?: number;
}

export interface ItemList {
  id: string;
  name: string;
}

export interface Ga4Item {
  item_id: string;
  item_name: string;
  price: number;
  quantity: number;
  index?: number;
  item_list_id?: string;
  item_list_name?: string;
  item_category?: string;
  item_category2?: string;
  item_category3?: string;
  item_category4?: string;
  item_category5?: string;
  item_variant?: string;
  discount?: number;
}

export type Ga4EventName =
  | 'view_item_list'
  | 'select_item'
  | 'view_item'
  | 'add_to_cart'
  | 'remove_from_cart'
  | 'view_cart'
  | 'begin_checkout'
  | 'add_shipping_info'
  | 'add_payment_info'
  | 'purchase'
  | 'search'
  | 'sign_up'
  | 'login';

export interface Ga4Event {
  event: Ga4EventName;
  ecommerce?: Record<string, unknown> & { items?: Ga4Item[] };
  [parameter: string]: unknown;
}

/** Euros from cents, exact to the cent. */
export const euros = (cents: number): number => Math.round(cents) / 100;

/** A name cut at GA4's 100 characters (by code point: an emoji is never split). */
export function cutName(name: string): string {
  const points = Array.from(name.trim());
  return points.length > GA4_LIMITS.nameLength ? points.slice(0, GA4_LIMITS.nameLength).join('') : points.join('');
}

const CATEGORY_KEYS = ['item_category', 'item_category2', 'item_category3', 'item_category4', 'item_category5'] as const;

/** One GA4 item; `index` and the list when it was shown in one. */
export function ga4Item(item: TrackedItem, position?: { index: number; list?: ItemList }): Ga4Item {
  const result: Ga4Item = { item_id: item.sku, item_name: cutName(item.name), price: euros(item.priceCents), quantity: item.quantity ?? 1 };
  if (position) {
    result.index = position.index;
    if (position.list) {
      result.item_list_id = position.list.id;
      result.item_list_name = cutName(position.list.name);
    }
  }
  const categories = (item.categories ?? []).filter((name) => name.trim() !== '').slice(0, GA4_LIMITS.categoryLevels);
  categories.forEach((name, level) => {
    result[CATEGORY_KEYS[level]!] = cutName(name);
  });
  if (item.variant) result.item_variant = cutName(item.variant);
  if (item.discountCents) result.discount = euros(item.discountCents);
  return result;
}

/** Consecutive groups of at most `size`. */
export function inGroups<T>(items: readonly T[], size: number = GA4_LIMITS.itemsPerEvent): T[][] {
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size) groups.push(items.slice(start, start + size));
  return groups;
}

/** Σ price × quantity in cents. */
export const valueCents = (items: readonly TrackedItem[]): number => items.reduce((sum, item) => sum + Math.round(item.priceCents) * (item.quantity ?? 1), 0);

/**
 * A product with its prices as the shop shows them (a list tile's data: net price, the saving
 * while discounted), with its category trail. Here, with no dependency, so that the list
 * tracking in every page's shared chunk does not bring the catalogue's price code along.
 */
export function pricedItem(item: { sku: string; name: string; price: PriceView }, categories: readonly string[] = []): TrackedItem {
  const { price } = item;
  return {
    sku: item.sku,
    name: item.name,
    priceCents: price.net,
    ...(categories.length > 0 ? { categories } : {}),
    ...(price.originalNet !== null ? { discountCents: price.originalNet - price.net } : {}),
  };
}

/** A list shown (`view_item_list`): one event per group of 12, positions counted across groups. */
export function viewItemList(list: ItemList, items: readonly TrackedItem[]): Ga4Event[] {
  const all = items.map((item, index) => ga4Item(item, { index, list }));
  return inGroups(all).map((group) => ({ event: 'view_item_list', ecommerce: { item_list_id: list.id, item_list_name: cutName(list.name), items: group } }));
}

/** A product chosen from a list. */
export function selectItem(list: ItemList, item: TrackedItem, index: number): Ga4Event {
  return { event: 'select_item', ecommerce: { item_list_id: list.id, item_list_name: cutName(list.name), items: [ga4Item(item, { index, list })] } };
}

type ValueEventName = 'view_item' | 'add_to_cart' | 'remove_from_cart' | 'view_cart' | 'begin_checkout' | 'add_shipping_info' | 'add_payment_info';

/**
 * An event carrying money (`currency`, `value`, `items`), one per group of 12, each with the
 * value of its own items; `extra` (coupon, shipping_tier, payment_type) goes on every group.
 */
export function valueEvent(event: ValueEventName, items: readonly TrackedItem[], extra: Record<string, string | undefined> = {}): Ga4Event[] {
  const params = Object.fromEntries(Object.entries(extra).filter(([, value]) => value !== undefined && value !== ''));
  return inGroups(items).map((group) => ({
    event,
    ecommerce: { currency: 'EUR', value: euros(valueCents(group)), ...params, items: group.map((item) => ga4Item(item)) },
  }));
}

export interface PurchaseInput {
  transactionId: string;
  items: readonly TrackedItem[];
  taxCents: number;
  shippingCents: number;
  coupon?: string;
}

/** The order placed: one event (see the file's note), value = the items' net sum. */
export function purchase({ transactionId, items, taxCents, shippingCents, coupon }: PurchaseInput): Ga4Event {
  return {
    event: 'purchase',
    ecommerce: {
      transaction_id: transactionId,
      currency: 'EUR',
      value: euros(valueCents(items)),
      tax: euros(taxCents),
      shipping: euros(shippingCents),
      ...(coupon ? { coupon } : {}),
      items: items.slice(0, GA4_LIMITS.purchaseItems).map((item) => ga4Item(item)),
    },
  };
}

/** A search for a term (the term as typed, trimmed and cut: it is what the shopper looked for, not who they are). */
export const search = (term: string): Ga4Event => ({ event: 'search', search_term: cutName(term) });

/** Account events: the method only, never who. */
export const signUp = (): Ga4Event => ({ event: 'sign_up', method: 'email' });
export const login = (): Ga4Event => ({ event: 'login', method: 'email' });

/** A unit price net of VAT in cents, from a gross price and its VAT rate (order lines carry gross prices). */
export const netCents = (grossEuros: number, taxPercent: number): number => Math.round((grossEuros * 100) / (1 + taxPercent / 100));
