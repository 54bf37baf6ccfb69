import { expect } from 'vitest';
import { CLI_ACTOR } from '../modules/admin/audit.ts';
import { upsertStaffUser } from '../modules/admin/staff-users.ts';
import { italianDay } from '../modules/invoices/document.ts';
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

/** The seller records the whole total of an offline payment as arrived today (the back office's "Pagamento ricevuto"). */
export async function recordPayment(api: TestApi, session: Record<string, string>, incrementId: string) {
  const order = await api.database.db.selectFrom('sales_order').select('grand_total_cents').where('increment_id', '=', incrementId).executeTakeFirstOrThrow();
  return api.call(`/api/admin/orders/${incrementId}/payment-received`, { body: { amountCents: order.grand_total_cents, date: italianDay(new Date()) }, headers: session });
}
