import { sql } from 'kysely';
import type { ReviewDoc } from '@shop/domain';
import type { Db } from '../connect.ts';
import { jsonb } from '../sql-values.ts';

/** Magento's review statuses: 1 approved (shown), 2 pending (waiting for moderation). */
export const REVIEW_APPROVED = 1;
export const REVIEW_PENDING = 2;

export interface WrittenReview {
  doc: ReviewDoc;
  customer_id: number | null;
}

/**
 * Stores a customer's review (its id from the written-review sequence, set into the document);
 * undefined when the customer has already reviewed the product.
 */
export async function insertCustomerReview(db: Db, customerId: number, doc: Omit<ReviewDoc, 'id'>): Promise<ReviewDoc | undefined> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number }>`SELECT nextval('written_review_id_seq')::int AS id`.execute(trx);
    const full = { ...doc, id: rows[0]!.id } as ReviewDoc;
    const inserted = await trx
      .insertInto('review')
      .values({ id: full.id, product_id: full.product_id, review_status: full.review_status, doc: jsonb(full), customer_id: customerId })
      .onConflict((oc) => oc.columns(['customer_id', 'product_id']).where('customer_id', 'is not', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted ? full : undefined;
  });
}

/** The customer's reviews, newest first. */
export async function findCustomerReviews(db: Db, customerId: number): Promise<ReviewDoc[]> {
  const rows = await db.selectFrom('review').select('doc').where('customer_id', '=', customerId).orderBy('id', 'desc').execute();
  return rows.map((row) => row.doc as unknown as ReviewDoc);
}

/** Reviews with a status (the moderation queue: REVIEW_PENDING), oldest first, at most `limit`. */
export async function findReviewsByStatus(db: Db, status: number, limit = 500): Promise<WrittenReview[]> {
  const rows = await db.selectFrom('review').select(['doc', 'customer_id']).where('review_status', '=', status).orderBy('id').limit(limit).execute();
  return rows.map((row) => ({ doc: row.doc as unknown as ReviewDoc, customer_id: row.customer_id }));
}

/** Sets a review's status (column and document); its product's id and SKU, or undefined when there is no such review. */
export async function setReviewStatus(db: Db, id: number, status: number): Promise<{ productId: number; sku: string | null } | undefined> {
  const row = await db
    .updateTable('review')
    .set({ review_status: status, doc: sql`jsonb_set(doc, '{review_status}', to_jsonb(${status}::int))` })
    .where('id', '=', id)
    .returning('product_id')
    .executeTakeFirst();
  if (!row) return undefined;
  const product = await db.selectFrom('product').select('sku').where('id', '=', row.product_id).executeTakeFirst();
  return { productId: row.product_id, sku: product?.sku ?? null };
}
