import { deliveryDaysText, type DeliveryDays, type SellerIdentity } from '@shop/contracts';
import type { Db } from '@shop/db';
import { formatPrice } from '@shop/domain';

/**
 * The shop's own data in CMS texts (issue #42 point 11): legal pages and home blocks write
 * `{{seller.name}}`, `{{delivery.days}}`, … and the API fills them when it answers, so the pages
 * always say what the configuration says (SELLER_*, DELIVERY_DAYS, the shipping method's free
 * threshold) and nothing is copied into the content.
 */
export const PLACEHOLDER = /\{\{\s*([a-zA-Z]+\.[a-zA-Z]+)\s*\}\}/g;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Replaces known placeholders (HTML-escaped); unknown ones stay visible, so a typo is seen, not hidden. */
export function fillPlaceholders(html: string, values: ReadonlyMap<string, string>): string {
  return html.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values.get(name);
    return value === undefined ? whole : escapeHtml(value);
  });
}

/** The values every CMS text may name. */
export async function shopPlaceholders(db: Db, seller: SellerIdentity, deliveryDays: DeliveryDays): Promise<Map<string, string>> {
  const shipping = await db.selectFrom('shipping_method').select(['price_cents', 'free_from_cents']).orderBy('is_default', 'desc').orderBy('position').executeTakeFirst();
  return new Map([
    ['seller.name', seller.name],
    ['seller.address', seller.address],
    ['seller.vatId', seller.vatId],
    ['seller.fiscalCode', seller.fiscalCode],
    ['seller.pec', seller.pec ?? seller.email],
    ['seller.rea', seller.rea ?? '—'],
    ['seller.phone', seller.phone],
    ['seller.email', seller.email],
    ['delivery.days', deliveryDaysText(deliveryDays)],
    ['shipping.price', shipping ? formatPrice(shipping.price_cents) : ''],
    ['shipping.freeFrom', shipping?.free_from_cents ? formatPrice(shipping.free_from_cents) : ''],
  ]);
}
