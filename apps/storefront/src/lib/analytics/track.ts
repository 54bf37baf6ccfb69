/**
 * BROWSER: pushes GA4 events into `dataLayer` — only with the shopper's analytics consent;
 * before it (or after a refusal) nothing is pushed, stored or loaded. The spec's pushing order:
 * `{ecommerce: null}` first (clears the previous event's ecommerce object in GTM's data model),
 * then the event.
 *
 * Lists and product pages remember what they showed (name, net price, categories) for the
 * session, so cart and checkout events — whose lines know only sku, name and server price —
 * carry the same categories. That memory is analytics storage too: written only with consent.
 */
import { analyticsAllowed } from '../consent/consent-store.ts';
import type { Ga4Event, TrackedItem } from './ga4.ts';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Pushes events when allowed; answers whether they were pushed. */
export function track(events: Ga4Event | readonly Ga4Event[]): boolean {
  if (!analyticsAllowed()) return false;
  const layer = (window.dataLayer ??= []);
  for (const event of Array.isArray(events) ? events : [events]) {
    if (event.ecommerce) layer.push({ ecommerce: null });
    layer.push(event);
  }
  return true;
}

const ITEMS_KEY = 'shop/ga4/items/v1';
const ITEMS_KEPT = 300;
type Remembered = Omit<TrackedItem, 'quantity'>;

function readItems(): Record<string, Remembered> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(ITEMS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, Remembered>) : {};
  } catch {
    return {};
  }
}

/** Remembers items shown (also under their parent's sku, which a configurable's cart line names). */
export function rememberItems(items: readonly (TrackedItem & { parentSku?: string })[]): void {
  if (!analyticsAllowed() || items.length === 0) return;
  const known = readItems();
  for (const { quantity: _quantity, parentSku, ...item } of items) {
    known[item.sku] = item;
    if (parentSku) known[parentSku] = { ...item, sku: parentSku };
  }
  const entries = Object.entries(known);
  try {
    sessionStorage.setItem(ITEMS_KEY, JSON.stringify(Object.fromEntries(entries.slice(-ITEMS_KEPT))));
  } catch {
    // Storage full or denied: events go without categories.
  }
}

/** A line as an item: the remembered categories and price unless the line brings its own. */
export function itemFor(line: { sku: string; name: string; qty: number; parentSku?: string | undefined; priceCents?: number | undefined }): TrackedItem {
  const known = readItems();
  const seen = known[line.sku] ?? (line.parentSku ? known[line.parentSku] : undefined);
  return {
    sku: line.sku,
    name: line.name,
    quantity: line.qty,
    priceCents: line.priceCents ?? seen?.priceCents ?? 0,
    ...(seen?.categories ? { categories: seen.categories } : {}),
    ...(seen?.variant ? { variant: seen.variant } : {}),
  };
}

const PURCHASES_KEY = 'shop/ga4/purchases/v1';

/** `purchase` once per order in this browser: a reload of the thank-you page sends nothing. */
export function trackPurchaseOnce(transactionId: string, event: () => Ga4Event): void {
  if (!analyticsAllowed()) return;
  let sent: string[] = [];
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(PURCHASES_KEY) ?? '[]');
    if (Array.isArray(parsed)) sent = parsed.filter((id): id is string => typeof id === 'string');
  } catch {
    // unreadable: start a new list
  }
  if (sent.includes(transactionId)) return;
  localStorage.setItem(PURCHASES_KEY, JSON.stringify([...sent, transactionId].slice(-50)));
  track(event());
}
