import { expect } from 'vitest';
import { CLI_ACTOR } from '../modules/admin/audit.ts';
import { upsertStaffUser } from '../modules/admin/staff-users.ts';
import type { TestApi } from './api-harness.ts';

let nextStaff = 1;

/** A new back-office user of `role` signed in: the headers its back-office calls carry (cookie, and the CSRF token for writes). */
export async function staffSession(api: TestApi, role: 'owner' | 'staff' = 'staff'): Promise<{ cookie: string; 'x-csrf-token': string }> {
  const email = `${role}-sessione-${nextStaff++}@bottega-pro.example`;
  const password = 'Mestolo-Verde-2026';
  await upsertStaffUser(api.database.db, { email, password, role }, CLI_ACTOR, new Date());
  const res = await api.call('/api/admin/session', { body: { email, password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!, 'x-csrf-token': res.body.result.csrfToken as string };
}
