import type { StockItem } from '@shop/domain';
import { DAY_MS, formatDate } from '../format.ts';
import type { Rng } from '../rng.ts';

export interface Availability {
  stock: StockItem;
  messaggio_disponibilita: string;
  messaggio_disponibilita_custom?: string;
  data_disponibilita?: string;
}

/** The storefront's availability labels (spec §8); '' falls back to "Contattaci per conoscere la disponibilità". */
export const AVAILABLE = 'disponibilità immediata';
const FEW_LEFT = 'disponibili pochi pezzi';

const CUSTOM_MESSAGES = [
  'Disponibile su ordinazione in 10 giorni lavorativi',
  'Spedizione diretta dal produttore in 5-7 giorni lavorativi',
  'Consegna con corriere su appuntamento',
  'Disponibile in 3 settimane: contattaci per tempi certi',
  'Ultimi pezzi a magazzino, riassortimento in arrivo',
];

const stockItem = (productId: number, qty: number, isInStock: boolean, manageStock = true): StockItem => ({
  item_id: productId,
  product_id: productId,
  stock_id: 1,
  qty,
  is_in_stock: isInStock,
  manage_stock: manageStock,
  min_sale_qty: 1,
  max_sale_qty: 10000,
  backorders: 0,
});

type Level = 'in' | 'low' | 'out';

/**
 * Stock of a physical simple product: mostly in stock, some with 1–3 pieces left, some sold out
 * (half of those with an expected date). Big-ticket items keep smaller quantities and more often
 * carry a custom lead-time message.
 */
export function physicalAvailability(
  rng: Rng,
  productId: number,
  price: number,
  nowMs: number,
  level: Level = rollLevel(rng),
): Availability {
  const qty = level === 'out' ? 0 : level === 'low' ? rng.int(1, 3) : price > 500 ? rng.int(4, 30) : rng.int(10, 400);
  const availability: Availability = {
    stock: stockItem(productId, qty, level !== 'out'),
    messaggio_disponibilita: level === 'in' ? AVAILABLE : level === 'low' ? FEW_LEFT : '',
  };
  if (rng.chance(price > 800 ? 0.25 : 0.05)) availability.messaggio_disponibilita_custom = rng.pick(CUSTOM_MESSAGES);
  if (level === 'out' && rng.chance(0.5)) availability.data_disponibilita = formatDate(nowMs + rng.int(5, 60) * DAY_MS);
  return availability;
}

function rollLevel(rng: Rng): Level {
  const r = rng.next();
  return r < 0.73 ? 'in' : r < 0.86 ? 'low' : 'out';
}

/** Courses, warranties and downloads are never out of stock. */
export function serviceAvailability(productId: number): Availability {
  return { stock: stockItem(productId, 0, true, false), messaggio_disponibilita: AVAILABLE };
}

/** Configurable, grouped and bundle parents: qty 0 as Magento indexes them, in stock if any child is. */
export function compositeAvailability(productId: number, anyInStock: boolean): Availability {
  return { stock: stockItem(productId, 0, anyInStock), messaggio_disponibilita: anyInStock ? AVAILABLE : '' };
}
