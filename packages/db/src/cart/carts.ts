import { createHash, randomBytes } from 'node:crypto';
import { GUEST_GROUP_ID } from '@shop/domain';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../connect.ts';
import { jsonb } from '../sql-values.ts';
import type { CartFeeChoice } from './fees.ts';
import type { CartItemRow } from './items.ts';
import type { CartTable } from './schema.ts';

export type CartRow = Selectable<CartTable>;

/** 192 random bits, URL-safe (32 characters). */
export function newCartToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Tokens are stored hashed and looked up by hash: equality on a digest leaks nothing about the
 * token through timing, and a copy of the table opens no cart.
 */
export function hashCartToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Creates an empty cart and returns its token (shown once; only the hash is kept). */
export async function createCart(db: Db, customerId: number | null = null): Promise<string> {
  const token = newCartToken();
  await db.insertInto('cart').values({ token_hash: hashCartToken(token), customer_id: customerId }).execute();
  return token;
}

/**
 * A customer's cart: their most recent one, or a new one. Its token is derived from the cart
 * (`tokenOf`, a keyed hash of customer and creation time), so every device of the customer gets
 * the same token without the shop ever storing it in clear.
 */
export async function customerCart(db: Db, customerId: number, tokenOf: (createdAt: Date) => string): Promise<string> {
  const existing = await db.selectFrom('cart').select('created_at').where('customer_id', '=', customerId).orderBy('last_active_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  if (existing) return tokenOf(existing.created_at);
  const createdAt = new Date();
  const token = tokenOf(createdAt);
  await db.insertInto('cart').values({ token_hash: hashCartToken(token), customer_id: customerId, created_at: createdAt }).execute();
  return token;
}

/** A cart with its lines and fee choices, read in one statement (every cart call needs them). */
export interface CartSnapshot {
  row: CartRow;
  items: CartItemRow[];
  fees: CartFeeChoice[];
  /** The customer group its prices are for: its customer's group now, guests' for a guest cart. */
  groupId: number;
}

/**
 * The cart of a token, with its lines and fees. Opening a cart is using it: the same statement
 * stamps `last_active_at` when it is more than an hour old (one write per cart and hour at most).
 */
export async function findCart(db: Db, token: string): Promise<CartSnapshot | undefined> {
  const tokenHash = hashCartToken(token);
  const { rows } = await sql<CartRow & { items: CartItemRow[]; fees: CartFeeChoice[]; group_id: number }>`
    WITH touched AS (
      UPDATE cart SET last_active_at = now()
      WHERE token_hash = ${tokenHash} AND last_active_at < now() - interval '1 hour'
    )
    SELECT c.*,
      COALESCE((SELECT json_agg(i ORDER BY i.id) FROM cart_item i WHERE i.cart_id = c.id), '[]') AS items,
      COALESCE((SELECT json_agg(json_build_object('cartItemId', f.cart_item_id, 'feeId', f.fee_id, 'optionIds', f.option_ids))
                FROM cart_fee f WHERE f.cart_id = c.id), '[]') AS fees,
      COALESCE((SELECT cu.group_id FROM customer cu WHERE cu.id = c.customer_id), ${GUEST_GROUP_ID}) AS group_id
    FROM cart c WHERE c.token_hash = ${tokenHash}`.execute(db);
  const found = rows[0];
  if (!found) return undefined;
  const { items, fees, group_id, ...row } = found;
  return { row, items, fees, groupId: group_id };
}

export interface CartChoices {
  shipping_carrier_code?: string | null;
  shipping_method_code?: string | null;
  payment_method?: string | null;
  shipping_address?: Record<string, unknown> | null;
  billing_address?: Record<string, unknown> | null;
}

/** Saves the order attributes of a cart (they replace earlier ones). */
export async function saveOrderAttributes(db: Db, cartId: number, attributes: Record<string, unknown>): Promise<void> {
  await db.updateTable('cart').set({ order_attributes: jsonb(attributes), updated_at: new Date() }).where('id', '=', cartId).execute();
}

/** Saves chosen methods and addresses (undefined leaves a field as it is); stamps updated_at. */
export async function updateCartChoices(db: Db, cartId: number, choices: CartChoices): Promise<void> {
  const json = (value: Record<string, unknown> | null | undefined) => (value ? jsonb(value) : value);
  await db
    .updateTable('cart')
    .set({
      shipping_carrier_code: choices.shipping_carrier_code,
      shipping_method_code: choices.shipping_method_code,
      payment_method: choices.payment_method,
      shipping_address: json(choices.shipping_address),
      billing_address: json(choices.billing_address),
      updated_at: new Date(),
    })
    .where('id', '=', cartId)
    .execute();
}

/**
 * Deletes guest carts not used since `idleSince` (lines and fee choices go with them), in
 * batches so that a large backlog never holds one long lock. Returns how many were deleted.
 */
export async function deleteIdleGuestCarts(db: Db, idleSince: Date, batchSize = 1000): Promise<number> {
  let deleted = 0;
  for (;;) {
    const { numDeletedRows } = await db
      .deleteFrom('cart')
      .where('id', 'in', (eb) =>
        eb.selectFrom('cart').select('id').where('customer_id', 'is', null).where('last_active_at', '<', idleSince).limit(batchSize),
      )
      .executeTakeFirst();
    const n = Number(numDeletedRows);
    deleted += n;
    if (n < batchSize) return deleted;
  }
}
