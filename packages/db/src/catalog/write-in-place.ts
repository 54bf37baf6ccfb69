import { sameFields, sameJson, type ProductDoc } from '@shop/domain';
import { sql } from 'kysely';
import type { Db } from '../connect.ts';
import { mergeProductIndexQueues } from '../maintenance/gin-queues.ts';
import { resetStockLevels } from '../orders/stock.ts';
import { recordSearchChange } from '../search/changes.ts';
import { jsonb } from '../sql-values.ts';
import { productColumns, type ProductColumns } from './rows.ts';
import { recordPriceChanges, selectAttributeCodes } from './write.ts';

/** A stored product's document as stored, and as an edit leaves it (prepared as the import stores it). */
export interface ProductRewrite {
  before: ProductDoc;
  after: ProductDoc;
}

/** The only columns an in-place write sets: what a price or stock edit changes. */
const IN_PLACE_COLUMNS = ['price_cents', 'regular_price_cents', 'special_price_cents', 'special_from', 'special_to', 'updated_at'] as const;
type InPlaceColumn = (typeof IN_PLACE_COLUMNS)[number];

interface InPlaceRow {
  id: number;
  typeId: string;
  /** Top-level fields of the stored document to set, and to remove. */
  set: Record<string, unknown>;
  unset: string[];
  columns: Pick<ProductColumns, InPlaceColumn>;
}

/** The product keys tag invalidation reads (as import-batch.ts's productKeys). */
export interface InPlaceKeys {
  id: number;
  sku: string;
  parent_sku: string | null;
  child_skus: string[];
  category_ids: number[];
}

/**
 * The rewrites whose new document changes no product column but the price columns and
 * `updated_at` (so no name, URL, category, attribute or search data): written in place by
 * writeInPlace; the others need the whole upsert. Columns as upsertProducts derives them, at `now`.
 */
export async function splitInPlace(db: Db, rewrites: readonly ProductRewrite[], now: Date): Promise<{ inPlace: InPlaceRow[]; whole: ProductDoc[] }> {
  if (rewrites.length === 0) return { inPlace: [], whole: [] };
  const codes = await selectAttributeCodes(db);
  const inPlace: InPlaceRow[] = [];
  const whole: ProductDoc[] = [];
  for (const { before, after } of rewrites) {
    const was = productColumns(before, codes, now);
    const is = productColumns(after, codes, now);
    const others = (c: ProductColumns) => Object.fromEntries(Object.entries(c).filter(([key]) => !(IN_PLACE_COLUMNS as readonly string[]).includes(key)));
    if (was.id !== is.id || !sameFields(others(was), others(is)) || is.updated_at === now) {
      whole.push(after);
      continue;
    }
    const set = Object.fromEntries(Object.entries(after).filter(([key, value]) => !sameJson(value, before[key])));
    const unset = Object.keys(before).filter((key) => !(key in after));
    inPlace.push({ id: is.id, typeId: is.type_id, set, unset, columns: Object.fromEntries(IN_PLACE_COLUMNS.map((key) => [key, is[key]])) as Pick<ProductColumns, InPlaceColumn> });
  }
  return { inPlace, whole };
}

/**
 * Writes products' new prices and stock in place (ADR 0032, "in place"): the price columns and
 * the changed fields of the stored documents, one set-based statement each, instead of
 * re-upserting whole rows (whose every index and search vector an upsert rewrites). What an
 * upsert does besides for such a change is done too: the shop's stock counts start again from
 * the documents, the price history records the new prices, the search indexes are told. Returns
 * the written products' keys for cache tags.
 */
export async function writeInPlace(db: Db, rows: readonly InPlaceRow[]): Promise<InPlaceKeys[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const { rows: keys } = await sql<InPlaceKeys>`
    UPDATE product p SET price_cents = v.price_cents, regular_price_cents = v.regular_price_cents,
      special_price_cents = v.special_price_cents, special_from = v.special_from, special_to = v.special_to, updated_at = v.updated_at
    FROM jsonb_to_recordset(${jsonb(rows.map((row) => ({ id: row.id, ...row.columns })))})
      AS v(id int, price_cents int, regular_price_cents int, special_price_cents int, special_from timestamptz, special_to timestamptz, updated_at timestamptz)
    WHERE p.id = v.id
    RETURNING p.id, p.sku, p.parent_sku, p.child_skus, p.category_ids`.execute(db);
  await sql`
    UPDATE product_doc d SET doc = (d.doc - ARRAY(SELECT jsonb_array_elements_text(v.unset))) || v.set
    FROM jsonb_to_recordset(${jsonb(rows.map((row) => ({ id: row.id, set: row.set, unset: row.unset })))}) AS v(id int, set jsonb, unset jsonb)
    WHERE d.id = v.id`.execute(db);
  await resetStockLevels(db, ids);
  await recordPriceChanges(db, ids);
  // Not a HOT update: every GIN index got the rows' entries again, queued; merged in bulk.
  await mergeProductIndexQueues(db);
  await recordSearchChange(db, { productIds: ids, pricesOnly: true });
  return keys;
}
