import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '@shop/db';
import { verifyPassword } from '../accounts/passwords.ts';
import { CLI_ACTOR } from './audit.ts';
import { findStaffByEmail, staffHashSource, upsertStaffUser } from './staff-users.ts';

/** The demo shop's owner (outside production only: DEMO_OWNER). */
export const DEMO_OWNER_EMAIL = 'titolare@bottega-pro.example';

export interface DemoOwner {
  email: string;
  /** Undefined once someone gave the user another password. */
  password: string | undefined;
}

const passwordPath = (dataDir: string) => join(dataDir, 'demo-owner-password');

function readPassword(dataDir: string): string | undefined {
  try {
    return readFileSync(passwordPath(dataDir), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Creates the demo owner when missing, with a random password kept in DATA_DIR (readable by its
 * owner only) so every later start can print it again; a password changed since is not printed.
 */
export async function ensureDemoOwner(db: Db, dataDir: string, now: Date): Promise<DemoOwner> {
  const existing = await findStaffByEmail(db, DEMO_OWNER_EMAIL);
  if (existing) {
    const kept = readPassword(dataDir);
    const still = kept !== undefined && (await verifyPassword(existing.password_hash, kept, staffHashSource(DEMO_OWNER_EMAIL)));
    return { email: existing.email, password: still ? kept : undefined };
  }
  const password = `Bottega-${randomBytes(9).toString('base64url')}`;
  await upsertStaffUser(db, { email: DEMO_OWNER_EMAIL, password, role: 'owner' }, CLI_ACTOR, now);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(`${passwordPath(dataDir)}.tmp`, `${password}\n`, { mode: 0o600 });
  renameSync(`${passwordPath(dataDir)}.tmp`, passwordPath(dataDir));
  return { email: DEMO_OWNER_EMAIL, password };
}

/** The line `npm start` prints beside the shop's address. */
export function demoOwnerLine(owner: DemoOwner, shopUrl: string): string {
  const secret = owner.password ? `password ${owner.password}` : 'password changed since it was made (npm run admin:user sets a new one)';
  return `Back office at ${shopUrl}/admin (demo owner, not in production): ${owner.email}, ${secret}`;
}
