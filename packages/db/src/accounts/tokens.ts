import type { Db } from '../connect.ts';

/** Stores a new refresh token (hashed) of a family. */
export async function insertRefreshToken(db: Db, token: { token_hash: string; family: string; customer_id: number; expires_at: Date }): Promise<void> {
  await db.insertInto('refresh_token').values(token).execute();
}

/**
 * Uses a refresh token once: answers its row when it was live (now marked used), 'reused' when it
 * had been used already (its family is then revoked: someone holds a stolen copy), or null.
 */
export async function useRefreshToken(db: Db, tokenHash: string, now: Date): Promise<{ family: string; customer_id: number } | 'reused' | null> {
  const used = await db
    .updateTable('refresh_token')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['family', 'customer_id'])
    .executeTakeFirst();
  if (used) return used;
  const known = await db.selectFrom('refresh_token').select(['family', 'used_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
  if (known?.used_at) {
    await revokeFamily(db, known.family, now);
    return 'reused';
  }
  return null;
}

/**
 * Uses the login token of a family that keeps it (a Vue Storefront 1 session, ADR 0017): live
 * until it expires or its family is revoked, whatever its uses; the last use is recorded.
 */
export async function useKeptRefreshToken(db: Db, tokenHash: string, now: Date): Promise<{ family: string; customer_id: number } | null> {
  const used = await db
    .updateTable('refresh_token')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['family', 'customer_id'])
    .executeTakeFirst();
  return used ?? null;
}

export async function revokeFamily(db: Db, family: string, now: Date): Promise<void> {
  await db.updateTable('refresh_token').set({ revoked_at: now }).where('family', '=', family).where('revoked_at', 'is', null).execute();
}

export async function revokeCustomerTokens(db: Db, customerId: number, now: Date): Promise<void> {
  await db.updateTable('refresh_token').set({ revoked_at: now }).where('customer_id', '=', customerId).where('revoked_at', 'is', null).execute();
}

export async function insertPasswordReset(db: Db, reset: { token_hash: string; customer_id: number; expires_at: Date }): Promise<void> {
  await db.insertInto('password_reset').values(reset).execute();
}

/**
 * Voids every outstanding reset link of a customer: once the password is set or changed, a link
 * mailed before (perhaps to a mailbox someone else reads) must not set it again.
 */
export async function voidPasswordResets(db: Db, customerId: number, now: Date): Promise<void> {
  await db.updateTable('password_reset').set({ used_at: now }).where('customer_id', '=', customerId).where('used_at', 'is', null).execute();
}

/** Uses a reset token once; answers its customer when it was live. */
export async function usePasswordReset(db: Db, tokenHash: string, now: Date): Promise<number | null> {
  const used = await db
    .updateTable('password_reset')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('customer_id')
    .executeTakeFirst();
  return used?.customer_id ?? null;
}
