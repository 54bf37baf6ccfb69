import { mkdtempSync, rmSync, statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpError } from './errors.ts';
import { adminTokenPath, issueAdminToken, readAdminToken, requireBearer, sameSecret } from './admin-token.ts';

const dir = mkdtempSync(join(tmpdir(), 'admin-token-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('admin token', () => {
  it('issues a fresh 256-bit token per start, readable by its owner only', () => {
    const dataDir = join(dir, 'db');
    const first = issueAdminToken(dataDir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(adminTokenPath(dataDir)).mode & 0o777).toBe(0o600);
    expect(readAdminToken(dataDir)).toBe(first);
    const second = issueAdminToken(dataDir);
    expect(second).not.toBe(first);
    expect(readAdminToken(dataDir)).toBe(second);
    expect(readAdminToken(join(dir, 'missing'))).toBeUndefined();
  });

  it('compares secrets of any length', () => {
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret('abc', 'abd')).toBe(false);
    expect(sameSecret('', 'abc')).toBe(false);
  });

  it('lets a request through with the bearer token only', () => {
    const guard = requireBearer('s3cret');
    const request = (authorization?: string) => ({ headers: { authorization } }) as IncomingMessage;
    expect(() => guard(request('Bearer s3cret'))).not.toThrow();
    for (const header of [undefined, 'Bearer wrong', 's3cret', 'Basic s3cret']) {
      expect(() => guard(request(header))).toThrow(HttpError);
    }
  });
});
