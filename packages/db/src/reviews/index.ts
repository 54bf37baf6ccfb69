import { sql } from 'kysely';
import type { ReviewDoc } from '@shop/domain';
import type { Db } from '../connect.ts';
import { jsonb } from '../sql-values.ts';

/** Magento's review statuses: 1 approved (shown), 2 pending (waiting for moderation), 3 not approved (rejected by the staff). */
export const REVIEW_APPROVED = 1;
export const REVIEW_PENDING = 2;
export const REVIEW_REJECTED = 3;

/**
 * Stores a customer's review, or a guest's (customerId null: no limit per product), its id from
 * the written-review sequence set into the document; undefined when the customer has already
 * reviewed the product.
 */
export async function insertCustomerReview(db: Db, customerId: number | null, doc: Omit<ReviewDoc, 'id'>): Promise<ReviewDoc | undefined> {
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
