// What the back-office benches share: an owner put straight into the database (the API stopped,
// as the embedded database is one process's), its session, timed GETs of /api/admin/* and the
// p50/p95 line against the lists' target.
import type { Db } from '@shop/db';
import { CLI_ACTOR } from '../apps/api/src/modules/admin/audit.ts';
import { upsertStaffUser } from '../apps/api/src/modules/admin/staff-users.ts';
import { percentile } from './load.ts';

const OWNER = { email: 'bench-owner@bottega-pro.example', password: 'Bench-Owner-Password-1' };
/** The back office's lists: p95 at most this (issue #44 for orders, #45 for products). */
export const ADMIN_LIST_TARGET_P95_MS = 100;

export async function addBenchOwner(db: Db): Promise<void> {
  await upsertStaffUser(db, { ...OWNER, role: 'owner' }, CLI_ACTOR, new Date());
}

/** The same owner on a running shop (`apiUrl`: one API instance), as `npm run admin:user` makes it with the tools' admin token. */
export async function addBenchOwnerOnline(apiUrl: string, adminToken: string): Promise<void> {
  const res = await fetch(`${apiUrl}/api/internal/staff-users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ ...OWNER, role: 'owner' }),
  });
  if (res.status !== 200) throw new Error(`Owner not created: ${res.status} ${await res.text()}`);
}

/** The owner's session: its cookie, and the CSRF token writes send. */
export async function signInBenchOwner(base: string): Promise<{ cookie: string; csrfToken: string }> {
  const res = await fetch(`${base}/api/admin/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(OWNER) });
  if (res.status !== 200) throw new Error(`Sign-in failed: ${res.status} ${await res.text()}`);
  const { result } = (await res.json()) as { result: { csrfToken: string } };
  return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!, csrfToken: result.csrfToken };
}

/** One GET of the back office's API with the session cookie, timed from the request to the parsed answer. */
export async function timedAdminGet<T>(base: string, cookie: string, path: string): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const res = await fetch(`${base}/api/admin${path}`, { headers: { cookie } });
  const body = (await res.json()) as { result: T };
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, result: body.result };
}

/** `label  p50 … ms, p95 … ms ✓|✗ (extra)` against ADMIN_LIST_TARGET_P95_MS. */
export function p95Line(label: string, ms: number[], extra: string): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  return `${label.padEnd(52)} p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms, p95 ${p95.toFixed(1).padStart(6)} ms ${p95 <= ADMIN_LIST_TARGET_P95_MS ? '✓' : '✗'} (${extra})`;
}
