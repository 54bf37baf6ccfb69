/**
 * Quick order (issue 42 point 17): rows of "sku + quantity" typed, pasted or uploaded as CSV, read
 * into rows with a problem each where one is wrong. Pure; the browser parses what the buyer gives,
 * the API checks the rows again (`POST /api/cart/quick-order`). Texts in English like the rest of
 * CART_MESSAGES; the shop shows them from its catalogue.
 */

/** At most this many rows, and this many bytes of CSV, per quick order. */
export const QUICK_ORDER_MAX_ROWS = 1000;
export const QUICK_ORDER_MAX_BYTES = 1_048_576;
/** Most units one row may ask for: the cart's limit per line (CART_MAX_QTY of @shop/contracts, kept equal by a test there). */
export const QUICK_ORDER_MAX_QTY = 10_000;

export const QUICK_ORDER_MESSAGES = {
  tooManyRows: 'A quick order holds at most {max} rows',
  tooLarge: 'The file is larger than 1 MB',
  separator: 'Separate code and quantity with a space, ; or , or a tab',
  skuMissing: 'The product code is missing',
  qtyInvalid: 'The quantity must be a whole number from 1',
  qtyTooLarge: 'At most {max} per row',
  unknownSku: 'No product has this code',
  outOfStock: 'The product is out of stock',
  overStock: 'Only {max} available',
  notSimple: 'This product needs options: add it from its page',
} as const;

export interface QuickOrderRow {
  /** 1-based line of the text, for the buyer to find it. */
  line: number;
  sku: string;
  /** NaN when the quantity was not a whole number. */
  qty: number;
  /** What is wrong with the row as typed (before the shop looked the code up). */
  problem?: string;
}

export type QuickOrderParse = { rows: QuickOrderRow[] } | { error: string };

const SEPARATORS = /[;,\t]/;
const HEADER = /^\s*"?(sku|codice|code)"?\s*[;,\t ]\s*"?(qty|quantit[aà]|quantity)"?\s*$/i;

/**
 * One row: "sku;qty", "sku,qty", "sku<TAB>qty" or, with none of those, "sku qty" (spaces); a
 * quantity without digits or a missing separator is a problem of the row.
 */
function parseRow(text: string, line: number): QuickOrderRow {
  const pieces = SEPARATORS.test(text) ? text.split(SEPARATORS) : text.trim().split(/ +/);
  const parts = pieces.map((part) => part.trim().replace(/^"(.*)"$/, '$1'));
  if (parts.length < 2) return { line, sku: text.trim(), qty: Number.NaN, problem: QUICK_ORDER_MESSAGES.separator };
  const [sku = '', qtyText = ''] = parts;
  const qty = /^\d{1,6}$/.test(qtyText) ? Number(qtyText) : Number.NaN;
  if (sku === '') return { line, sku, qty, problem: QUICK_ORDER_MESSAGES.skuMissing };
  if (!(qty >= 1) || parts.slice(2).some((extra) => extra !== '')) return { line, sku, qty, problem: QUICK_ORDER_MESSAGES.qtyInvalid };
  if (qty > QUICK_ORDER_MAX_QTY) return { line, sku, qty, problem: QUICK_ORDER_MESSAGES.qtyTooLarge.replace('{max}', String(QUICK_ORDER_MAX_QTY)) };
  return { line, sku, qty };
}

/**
 * The rows of a typed, pasted or uploaded text: blank lines and a header row ("sku;qty") skipped.
 * Over 1 MB or over 1,000 rows the whole text is refused (nothing is read halfway).
 */
export function parseQuickOrder(text: string): QuickOrderParse {
  if (new TextEncoder().encode(text).length > QUICK_ORDER_MAX_BYTES) return { error: QUICK_ORDER_MESSAGES.tooLarge };
  const rows: QuickOrderRow[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  for (const [index, raw] of lines.entries()) {
    if (raw.trim() === '' || (rows.length === 0 && HEADER.test(raw))) continue;
    rows.push(parseRow(raw, index + 1));
    if (rows.length > QUICK_ORDER_MAX_ROWS) return { error: QUICK_ORDER_MESSAGES.tooManyRows.replace('{max}', String(QUICK_ORDER_MAX_ROWS)) };
  }
  return { rows };
}

/** What the shop knows of a row's product, for `rowProblem`. */
export interface QuickOrderStock {
  found: boolean;
  inStock: boolean;
  /** Most the line may hold now; null: not limited. */
  maxQty: number | null;
}

/** The problem of a well-formed row once its product is known, or undefined when it can be added. */
export function quickOrderRowProblem(qty: number, stock: QuickOrderStock): string | undefined {
  if (!stock.found) return QUICK_ORDER_MESSAGES.unknownSku;
  if (!stock.inStock || stock.maxQty === 0) return QUICK_ORDER_MESSAGES.outOfStock;
  if (!(qty >= 1)) return QUICK_ORDER_MESSAGES.qtyInvalid;
  if (stock.maxQty !== null && qty > stock.maxQty) return QUICK_ORDER_MESSAGES.overStock.replace('{max}', String(stock.maxQty));
  return undefined;
}

/** A row as `POST /api/cart/quick-order` resolved it (the contract's QuickOrderRow). */
export interface ResolvedQuickOrderRow {
  sku: string;
  qty: number;
  name: string | null;
  price: number | null;
  stock_status: 'ok' | 'volatile' | 'out_of_stock' | null;
  max_qty: number | null;
  error: string | null;
}

/** What a bulk add puts in the cart (`reducedFrom`: the quantity asked, when less was left) and what it leaves out, with why. */
export interface BulkAddPlan {
  add: { sku: string; qty: number; name: string; stock: 'ok' | 'volatile'; reducedFrom?: number }[];
  refused: { sku: string; qty: number; name: string | null; error: string }[];
}

/**
 * The rows a bulk add (quick order, reorder, the whole wishlist) puts in the cart: those without a
 * problem. With `reduceToStock` (a reorder) a row asking more than is left is added with what is
 * left, and says so; otherwise it is refused like every row with a problem. Nothing else is added.
 */
export function bulkAddPlan(rows: readonly ResolvedQuickOrderRow[], { reduceToStock = false } = {}): BulkAddPlan {
  const plan: BulkAddPlan = { add: [], refused: [] };
  for (const row of rows) {
    const left = row.max_qty ?? 0;
    const overStock = row.error !== null && left >= 1 && row.error === QUICK_ORDER_MESSAGES.overStock.replace('{max}', String(left));
    if (row.name !== null && row.stock_status !== null && row.stock_status !== 'out_of_stock' && (row.error === null || (reduceToStock && overStock))) {
      const reduced = row.error !== null;
      plan.add.push({ sku: row.sku, qty: reduced ? left : row.qty, name: row.name, stock: row.stock_status, ...(reduced ? { reducedFrom: row.qty } : {}) });
    } else {
      plan.refused.push({ sku: row.sku, qty: row.qty, name: row.name, error: row.error ?? QUICK_ORDER_MESSAGES.unknownSku });
    }
  }
  return plan;
}
