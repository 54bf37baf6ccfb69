import { z } from 'zod';

/**
 * Prices and stock as a CSV file (issue #45 point 1): the back office's export, and its import in
 * two steps, a preview that checks every row and writes nothing, then the import that writes the
 * good rows through the catalogue's one write path (AdminProducts.applyEdits), in transactions of
 * ADMIN_PRODUCT_BATCH rows, each all or nothing, and reports what it wrote and what it skipped.
 *
 * The file: UTF-8 (a BOM is fine), `;` between cells, a header naming the columns (any order, any
 * case), one product per row. `sku` is required, `name` is shown and never imported, every other
 * column is optional: a column left out changes nothing. Numbers take a decimal comma or point
 * and no thousands separator (19,90 or 19.90; a `€` is ignored); an empty `special_price`,
 * `special_from` or `special_to` removes it; an empty `is_in_stock` lets the quantity decide.
 * Dates: a day (2026-12-31 or 31/12/2026: `special_from` from its start, `special_to` to its end,
 * Italian time), a time of day in Italy (31/12/2026 08:00), or an instant with its offset (what the
 * export writes: 2026-12-31T08:00:00+01:00). The export re-imports as it is, changing nothing.
 */
export const PRICE_CSV_COLUMNS = ['sku', 'name', 'price', 'special_price', 'special_from', 'special_to', 'qty', 'is_in_stock'] as const;
export type PriceCsvColumn = (typeof PRICE_CSV_COLUMNS)[number];

/** Data rows one file may hold. */
export const PRICE_CSV_MAX_ROWS = 50_000;
/**
 * Largest file, in bytes: 50,000 rows with their names fit. Below the 10 MiB the storefront's
 * /api pass-through forwards whole (Next's proxyClientMaxBodySize), so the API's 413 answers first.
 */
export const PRICE_CSV_MAX_BYTES = 8 * 1024 * 1024;
/**
 * Rows the back office sends a request, preview and import: the shop's port gives a request 30 s
 * (the storefront's pass-through of /api), and a part this size answers well within it.
 */
export const PRICE_CSV_PREVIEW_PART = 5_000;
export const PRICE_CSV_IMPORT_PART = 2_500;
/** Problems and changes an answer lists (the counts are always whole). */
export const PRICE_CSV_LISTED_PROBLEMS = 1000;
export const PRICE_CSV_LISTED_CHANGES = 200;

export const PRICE_CSV_MESSAGES = {
  // The whole file refused: nothing is read further.
  empty: 'Il file è vuoto.',
  encoding: 'Il file non è in UTF-8: ha caratteri che non si leggono (come quelli di «CSV (delimitato dal separatore di elenco)» di Excel). Salvalo come «CSV UTF-8» e caricalo di nuovo.',
  separator: 'Le colonne vanno separate con il punto e virgola (;), questo file usa {found}. Salvalo con il punto e virgola (Excel con le impostazioni italiane lo fa da sé) e caricalo di nuovo.',
  header: 'Intestazione non valida: {problem}. La prima riga nomina le colonne, ad esempio {columns}.',
  unknownColumns: 'colonne sconosciute {names}',
  missingSku: 'manca la colonna sku',
  repeatedColumn: 'la colonna {name} compare più volte',
  nothingToImport: 'oltre a sku (e name) serve almeno una colonna da importare: price, special_price, special_from, special_to, qty o is_in_stock',
  noRows: 'Il file non ha righe di prodotti dopo l’intestazione.',
  tooManyRows: 'Il file ha più di {max} righe di prodotti: dividilo in più file.',
  unclosedQuote: 'Riga {line}: le virgolette aperte non si chiudono più.',
  // One row: each message names its column first.
  cellCount: 'la riga ha {found} colonne, l’intestazione {expected}.',
  sku: 'sku: lo SKU va da 1 a 64 caratteri, senza caratteri di controllo.',
  missingSkuValue: 'sku: manca lo SKU.',
  unknownSku: 'sku: nessun prodotto ha lo SKU {sku}.',
  duplicateSku: 'sku: lo SKU {sku} compare più volte nel file (righe {lines}): tienine una sola.',
  missingValue: '{column}: manca il valore (la colonna è nel file: ogni riga lo indica).',
  notANumber: '{column}: «{value}» non è un numero: scrivi ad esempio 19,90.',
  negativePrice: '{column}: il prezzo non può essere negativo ({value}).',
  tooManyDecimals: '{column}: «{value}» ha più di due decimali.',
  thousands: '{column}: «{value}»: niente separatore delle migliaia (scrivi 1234,50).',
  priceTooHigh: '{column}: «{value}» supera il massimo di 1.000.000,00 €.',
  notAQuantity: 'qty: «{value}» non è una quantità: scrivi un numero come 25.',
  negativeQty: 'qty: la quantità non può essere negativa ({value}).',
  ambiguousQty: 'qty: «{value}» è ambiguo: scrivi {plain} senza separatore delle migliaia, oppure la virgola per i decimali.',
  qtyTooHigh: 'qty: «{value}» supera il massimo di 1.000.000.000.',
  badStock: 'is_in_stock: «{value}» non vale: scrivi 1 (disponibile) o 0 (esaurito), oppure lascia vuoto perché decida la quantità.',
  badDate: '{column}: «{value}» non è una data: scrivi ad esempio 2026-12-31, 31/12/2026, 31/12/2026 08:00 o 2026-12-31T08:00:00+01:00.',
  specialNotBelowPrice: 'special_price: il prezzo speciale ({special}) deve essere inferiore al prezzo ({price}).',
  windowEndsFirst: 'special_to: la fine del prezzo speciale ({to}) deve venire dopo l’inizio ({from}).',
  // Zod messages of the query: the answer names the parameter before them.
  badOffset: 'offset è il numero di righe di prodotti da saltare, da 0 a 50.000.',
  badLimit: 'limit è il numero di righe di prodotti da trattare, da 1 a 50.000.',
} as const;
const M = PRICE_CSV_MESSAGES;

/**
 * Which rows of the file a request checks or writes: `limit` rows of products from the one after
 * the first `offset` (blank rows are not counted). The whole file is read and checked every time
 * (a SKU twice is seen across parts); only the part's rows are compared and written, and only
 * their problems answered. Without them, the whole file.
 */
export const priceCsvPart = z.object({
  offset: z.coerce.number({ error: M.badOffset }).int(M.badOffset).min(0, M.badOffset).max(PRICE_CSV_MAX_ROWS, M.badOffset).default(0),
  limit: z.coerce.number({ error: M.badLimit }).int(M.badLimit).min(1, M.badLimit).max(PRICE_CSV_MAX_ROWS, M.badLimit).default(PRICE_CSV_MAX_ROWS),
});
export type PriceCsvPart = z.infer<typeof priceCsvPart>;

const line = z.number().int().min(1);
const count = z.number().int().min(0);

/** One problem of one row: the file's line where the row starts (the header is line 1), its SKU as read, the column, and the Italian message naming the column. */
export const priceCsvProblem = z
  .object({
    line,
    sku: z.string().nullable(),
    /** Null when the row as a whole is wrong (its number of cells). */
    column: z.enum(PRICE_CSV_COLUMNS).nullable(),
    message: z.string(),
  })
  .meta({ id: 'PriceCsvProblem' });
export type PriceCsvProblem = z.infer<typeof priceCsvProblem>;

/** What one good row changes: each column's value now and in the file, written as the file writes them. */
export const priceCsvChange = z
  .object({
    line,
    sku: z.string(),
    fields: z.array(z.object({ column: z.enum(PRICE_CSV_COLUMNS), from: z.string(), to: z.string() })),
  })
  .meta({ id: 'PriceCsvChange' });
export type PriceCsvChange = z.infer<typeof priceCsvChange>;

const counts = {
  /** The columns the file's header names, as the import reads them. */
  columns: z.array(z.enum(PRICE_CSV_COLUMNS)),
  /** Rows of products in the whole file (blank rows are not counted). */
  fileRows: count,
  /** Rows of products of the part asked for (the whole file without offset and limit). */
  rows: count,
  /** Rows refused, each with at least one problem. */
  invalid: count,
  /** The first PRICE_CSV_LISTED_PROBLEMS problems, by line. */
  problems: z.array(priceCsvProblem),
  /** Problems past the list. */
  problemsNotListed: count,
};

/** POST /api/admin/products/prices/preview: every row checked against the catalogue as it is, nothing written. */
export const priceCsvPreview = z
  .object({
    ...counts,
    /** Good rows that change their product, and good rows equal to it already. */
    changing: count,
    unchanged: count,
    /** The first PRICE_CSV_LISTED_CHANGES changes, by line. */
    changes: z.array(priceCsvChange),
  })
  .meta({ id: 'PriceCsvPreview' });
export type PriceCsvPreview = z.infer<typeof priceCsvPreview>;

/** POST /api/admin/products/prices/import: the good rows written, the bad ones skipped with their reasons. */
export const priceCsvReport = z
  .object({
    ...counts,
    /** Products changed, and good rows that were equal to their product already. */
    written: count,
    unchanged: count,
    /** Transactions the good rows were written in, each all or nothing. */
    batches: count,
  })
  .meta({ id: 'PriceCsvReport' });
export type PriceCsvReport = z.infer<typeof priceCsvReport>;
