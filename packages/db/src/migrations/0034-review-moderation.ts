import { sql, type Kysely } from 'kysely';

/**
 * Review moderation in the back office (issue #45 point 6): a review may now be rejected
 * (Magento's status 3, "not approved"), with the reason the staff gave, and the last decision's
 * time and author are kept beside it for the list. They are columns, not part of the review's
 * document: the document is what `/api/catalog` answers to anyone, the reason is the shop's own.
 * The moderation queue is read by status, oldest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE review ADD COLUMN rejection_reason text, ADD COLUMN moderated_at timestamptz, ADD COLUMN moderated_by text`.execute(db);
  await sql`CREATE INDEX review_status_idx ON review (review_status, id)`.execute(db);
}
