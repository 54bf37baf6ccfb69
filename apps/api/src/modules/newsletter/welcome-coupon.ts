import { randomInt } from 'node:crypto';
import type { Db } from '@shop/db';
import { sql } from 'kysely';

/**
 * The coupon row every subscriber's welcome coupon copies (migration 0004-cart: 10 % on the
 * subtotal): the shop changes the newsletter's promise by editing that row.
 */
export const WELCOME_COUPON_MODEL = 'NEWSLETTER10';

/** Letters and digits that cannot be mistaken for each other when typed from a mail (no 0/O, 1/I/L). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** `NL-` and 10 random characters: 49 bits, far beyond guessing under the coupon limits. */
export function welcomeCouponCode(): string {
  let code = 'NL-';
  for (let i = 0; i < 10; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

export interface WelcomeCoupon {
  id: number;
  code: string;
  /** The discount in percent (the mail promises it). */
  percent: number;
}

/**
 * Issues a subscriber's own coupon in the caller's transaction: the model's rule, usable by one
 * order only (`usage_limit` 1), so a code forwarded or posted online is worth one discount.
 */
export async function issueWelcomeCoupon(trx: Db, email: string): Promise<WelcomeCoupon> {
  const code = welcomeCouponCode();
  const description = `Newsletter: benvenuto per ${email}`;
  const copied = await sql<{ id: number; discount_hundredths: number }>`
    INSERT INTO coupon (code, code_key, description, discount_type, discount_hundredths, category_ids, min_subtotal_cents, valid_from, valid_to, usage_limit, usage_per_customer)
    SELECT ${code}, ${code}, ${description}, discount_type, discount_hundredths, category_ids, min_subtotal_cents, valid_from, valid_to, 1, 1
    FROM coupon WHERE code_key = ${WELCOME_COUPON_MODEL} AND discount_type = 'percent'
    RETURNING id, discount_hundredths`.execute(trx);
  const row =
    copied.rows[0] ??
    // The model row was deleted or changed to a fixed amount: keep the promise of shopping.md §1.
    (await trx
      .insertInto('coupon')
      .values({ code, code_key: code, description, discount_type: 'percent', discount_hundredths: 1000, category_ids: null, valid_from: null, valid_to: null, usage_limit: 1, usage_per_customer: 1 })
      .returning(['id', 'discount_hundredths'])
      .executeTakeFirstOrThrow());
  return { id: row.id, code, percent: row.discount_hundredths / 100 };
}
