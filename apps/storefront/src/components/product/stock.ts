/**
 * Stock and availability rules of the product page (catalogue.md §3, §4, §8, §9). Pure.
 */
import { shopDateParts } from '@shop/domain';
import type { StockInfo } from './types.ts';

/** Stock check status (§4): ok (in stock), volatile (not sure), out_of_stock. */
export type StockStatus = 'ok' | 'volatile' | 'out_of_stock';

/** "Stock prefetch count 8" (§9) and "stock list requests are split in batches of 15 skus" (§4). */
export const STOCK_PREFETCH_COUNT = 8;
export const STOCK_LIST_BATCH = 15;

function statusOf(stock: StockInfo): StockStatus {
  // Stock that is not managed (services, made-to-measure) never runs out.
  return stock.manage_stock === false || stock.is_in_stock ? 'ok' : 'out_of_stock';
}

/**
 * The status of an item: the live stock check when it answered, else the stock in the cached
 * document; with neither the shop cannot be sure ('volatile').
 */
export function stockStatus(checked: StockInfo | null | undefined, cached: StockInfo | null | undefined): StockStatus {
  if (checked) return statusOf(checked);
  if (cached) return statusOf(cached);
  return 'volatile';
}

/** Splits a list into batches (stock list requests carry at most STOCK_LIST_BATCH skus). */
export function batches<T>(list: readonly T[], size: number = STOCK_LIST_BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** How the availability text is shown: available (green), low (amber), or neutral. */
export type AvailabilityTone = 'available' | 'low' | 'neutral';

export type AvailabilityView =
  | { tone: AvailabilityTone; key: 'stock.availability.immediate' | 'stock.availability.low' | 'stock.availability.default' }
  | { tone: 'neutral'; text: string };

const IMMEDIATE = 'disponibilità immediata';
const FEW_LEFT = 'disponibili pochi pezzi';

/**
 * The availability line of §8: 'disponibilità immediata' is shown as available, 'disponibili
 * pochi pezzi' as low availability, any other text as it is, and none as "Contattaci per
 * conoscere la disponibilità".
 */
export function availabilityView(info: { message?: string | null }): AvailabilityView {
  const message = (info.message ?? '').trim();
  const normalised = message.toLocaleLowerCase('it-IT');
  if (normalised === IMMEDIATE) return { tone: 'available', key: 'stock.availability.immediate' };
  if (normalised === FEW_LEFT) return { tone: 'low', key: 'stock.availability.low' };
  if (message === '') return { tone: 'neutral', key: 'stock.availability.default' };
  return { tone: 'neutral', text: message };
}

/** The one availability line of an item: its text and how it is toned. */
export interface AvailabilityLine {
  text: string;
  tone: 'available' | 'low' | 'neutral' | 'out_of_stock';
}

/**
 * One line says whether an item can be had (issue 42 point 10): the stock check and the
 * availability text never repeat each other or disagree. Sold out wins ("Esaurito!"); in stock
 * shows the document's availability text ("Disponibilità immediata", "Disponibili pochi pezzi",
 * a custom text), or "Disponibile!" when it states none; unsure stock shows the document's text,
 * or the spec's default ("Contattaci per conoscere la disponibilità").
 */
export function availabilityLine(
  status: StockStatus,
  info: { tone: AvailabilityTone; text: string; isDefault?: boolean },
  texts: { inStock: string; outOfStock: string },
): AvailabilityLine {
  if (status === 'out_of_stock') return { text: texts.outOfStock, tone: 'out_of_stock' };
  if (status === 'ok' && info.isDefault) return { text: texts.inStock, tone: 'available' };
  return { text: info.text, tone: info.tone };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * `data_disponibilita` as D/M/YYYY (the shop's date format, §9) while it lies ahead (or is
 * today in the shop's time zone); null when missing, unreadable or past.
 */
export function availableFrom(date: string | null | undefined, now: Date): string | null {
  const match = ISO_DATE.exec(date ?? '');
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const when = Date.UTC(year, month - 1, day);
  if (Number.isNaN(when) || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const rome = shopDateParts(now);
  if (!rome) return null;
  const today = Date.UTC(rome.year, rome.month - 1, rome.day);
  return when >= today ? `${day}/${month}/${year}` : null;
}

/**
 * The largest quantity that may be ordered: the managed stock quantity (when known and not
 * back-orderable) and the maximum sale quantity; undefined when unlimited.
 */
export function maxOrderQuantity(stock: (StockInfo & { backorders?: number }) | null | undefined): number | undefined {
  if (!stock) return undefined;
  const limits: number[] = [];
  if (stock.manage_stock !== false && stock.is_in_stock && stock.qty > 0 && !stock.backorders) limits.push(Math.floor(stock.qty));
  if (stock.max_sale_qty !== undefined && stock.max_sale_qty > 0) limits.push(Math.floor(stock.max_sale_qty));
  return limits.length > 0 ? Math.min(...limits) : undefined;
}
