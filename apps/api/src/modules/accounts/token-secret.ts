import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The key access tokens are signed with: TOKEN_SECRET when set (several API instances share it),
 * else one made at the first start and kept in DATA_DIR, so that a restart signs nobody out.
 */
export function tokenSecret(dataDir: string, configured?: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const path = join(dataDir, 'token-secret');
  try {
    return new TextEncoder().encode(readFileSync(path, 'utf8').trim());
  } catch {
    const secret = randomBytes(48).toString('base64url');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(`${path}.tmp`, `${secret}\n`, { mode: 0o600 });
    renameSync(`${path}.tmp`, path);
    return new TextEncoder().encode(secret);
  }
}
