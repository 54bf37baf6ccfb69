import { sql, type Kysely } from 'kysely';

/**
 * Once-per-customer coupons count per person (issue 43): `person_email_key` is the e-mail the way
 * the mailbox sees it — lower case, without a `+tag`, and for Gmail without dots and with
 * googlemail.com as gmail.com — so `nl.x+2@example.it` and `N.L.X@googlemail.com`-style variants
 * of one mailbox count as one buyer. Indexed on orders with a coupon and on accounts, where the
 * count at order placement (orders/countCouponUse) looks them up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION person_email_key(email text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$
      SELECT CASE
        WHEN domain IN ('gmail.com', 'googlemail.com') THEN replace(local, '.', '') || '@gmail.com'
        ELSE local || '@' || domain
      END
      FROM (
        SELECT split_part(regexp_replace(e, '@[^@]*$', ''), '+', 1) AS local, coalesce(substring(e FROM '@([^@]*)$'), '') AS domain
        FROM (SELECT lower(trim(email)) AS e) AS normalised
      ) AS parts
    $$`.execute(db);
  await sql`CREATE INDEX sales_order_coupon_person_idx ON sales_order (coupon_id, person_email_key(email)) WHERE coupon_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX customer_person_email_idx ON customer (person_email_key(email))`.execute(db);
}
