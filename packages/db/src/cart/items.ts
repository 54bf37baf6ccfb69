import { sql, type Selectable } from 'kysely';
import type { Db } from '../connect.ts';
import { jsonb } from '../sql-values.ts';
import type { CartItemTable } from './schema.ts';

export type CartItemRow = Selectable<CartItemTable>;

export interface CartLineValues {
  sku: string;
  parent_sku: string | null;
  product_option: Record<string, unknown> | null;
  checksum: string;
  qty: number;
}

/**
 * Adds a line, or sets the quantity and options of the line with the same sku and checksum: one
 * statement, so concurrent adds of the same product cannot make two lines. Undefined when the
 * cart already holds `maxLines` other lines.
 */
export async function upsertCartLine(db: Db, cartId: number, line: CartLineValues, maxLines: number): Promise<CartItemRow | undefined> {
  const option = line.product_option ? jsonb(line.product_option) : sql`NULL::jsonb`;
  const { rows } = await sql<CartItemRow>`
    INSERT INTO cart_item (cart_id, sku, parent_sku, product_option, checksum, qty)
    SELECT ${cartId}::int, ${line.sku}::text, ${line.parent_sku}::text, ${option}, ${line.checksum}::text, ${line.qty}::int
    WHERE (SELECT count(*) FROM cart_item WHERE cart_id = ${cartId} AND NOT (sku = ${line.sku} AND checksum = ${line.checksum})) < ${maxLines}
    ON CONFLICT (cart_id, sku, checksum)
    DO UPDATE SET qty = EXCLUDED.qty, parent_sku = EXCLUDED.parent_sku, product_option = EXCLUDED.product_option, updated_at = now()
    RETURNING *`.execute(db);
  return rows[0];
}

/** Rewrites a line of this cart; undefined when the cart has no such line (a clash with another line throws 23505). */
export async function updateCartItem(db: Db, cartId: number, itemId: number, line: CartLineValues): Promise<CartItemRow | undefined> {
  return db
    .updateTable('cart_item')
    .set({ ...line, product_option: line.product_option && jsonb(line.product_option), updated_at: new Date() })
    .where('cart_id', '=', cartId)
    .where('id', '=', itemId)
    .returningAll()
    .executeTakeFirst();
}

/** Removes a line of this cart and its fee choices; false when the cart has no such line. */
export async function deleteCartItem(db: Db, cartId: number, itemId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('cart_fee').where('cart_id', '=', cartId).where('cart_item_id', '=', itemId).execute();
    const result = await trx.deleteFrom('cart_item').where('cart_id', '=', cartId).where('id', '=', itemId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  });
}

/**
 * Puts a quote offer's lines into a cart, each naming the offer (migration 0035): a line of the
 * same sku and checksum takes the quoted quantity and the offer. All or nothing, the cart locked
 * meanwhile; undefined (nothing written) when the cart would then hold more than `maxLines`.
 * Answers how many lines were written.
 */
export async function upsertQuotedLines(db: Db, cartId: number, offerId: number, lines: readonly CartLineValues[], maxLines: number): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('cart').select('id').where('id', '=', cartId).forUpdate().execute();
    const present = await trx.selectFrom('cart_item').select(['sku', 'checksum']).where('cart_id', '=', cartId).execute();
    const key = (line: { sku: string; checksum: string }) => `${line.sku}\u0000${line.checksum}`;
    const incoming = new Set(lines.map(key));
    if (present.filter((line) => !incoming.has(key(line))).length + incoming.size > maxLines) return undefined;
    for (const line of lines) {
      await trx
        .insertInto('cart_item')
        .values({ cart_id: cartId, ...line, product_option: line.product_option && jsonb(line.product_option), quote_offer_id: offerId })
        .onConflict((oc) =>
          oc.columns(['cart_id', 'sku', 'checksum']).doUpdateSet({ qty: line.qty, parent_sku: line.parent_sku, product_option: line.product_option && jsonb(line.product_option), quote_offer_id: offerId, updated_at: new Date() }),
        )
        .execute();
    }
    return lines.length;
  });
}
