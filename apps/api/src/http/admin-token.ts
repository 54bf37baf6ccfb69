import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HttpError } from './errors.ts';

/** File in DATA_DIR where a started API leaves its generated admin token for local tools. */
export function adminTokenPath(dataDir: string): string {
  return join(dataDir, 'admin-token');
}

/**
 * A fresh random 256-bit token, written to `DATA_DIR/admin-token` readable by its owner only
 * (written beside and renamed, so that no reader sees a partial file or looser permissions).
 */
export function issueAdminToken(dataDir: string): string {
  const token = randomBytes(32).toString('hex');
  mkdirSync(dataDir, { recursive: true });
  const path = adminTokenPath(dataDir);
  writeFileSync(`${path}.tmp`, `${token}\n`, { mode: 0o600 });
  renameSync(`${path}.tmp`, path);
  return token;
}

/** The token a running API left in DATA_DIR, if any. */
export function readAdminToken(dataDir: string): string | undefined {
  try {
    return readFileSync(adminTokenPath(dataDir), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Compares secrets in constant time, whatever their lengths. */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** Whether the request sends `Authorization: Bearer <token>`. */
export function sendsBearer(req: IncomingMessage, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return match !== null && sameSecret(match[1]!, token);
}

/** A route guard: `Authorization: Bearer <token>` or 401. */
export function requireBearer(token: string): (req: IncomingMessage) => void {
  return (req) => {
    if (!sendsBearer(req, token)) throw new HttpError(401, 'Unauthorized: send Authorization: Bearer <admin token>');
  };
}
