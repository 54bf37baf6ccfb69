import { ADMIN_MESSAGES, type AdminDashboard } from '@shop/contracts';
import { sampleAddress, sampleCompanyBilling } from '@shop/contracts/sample-order';
import { upsertProducts } from '@shop/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { orderHelpers } from '../../testing/orders.ts';
import { productFactory, testStock } from '../../testing/products.ts';
import { recordPayment, staffSession } from '../../testing/staff-session.ts';

let api: TestApi;
const product = productFactory(997_300);
const { cartWith, orderBody, place } = orderHelpers(() => api);
let staff: Record<string, string>;
const consumer = { ...sampleAddress, custom_attributes: { is_company: false, fiscal_code: 'RSSMRA79B11C566R' } };

const o = {} as Record<'waiting' | 'cod' | 'paid' | 'canceled' | 'refunded' | 'threeDaysAgo' | 'oldWaiting' | 'expired', string>;

async function placed(lines: [string, number][], payment: string, billing: object = sampleCompanyBilling) {
  const res = await place(orderBody(await cartWith(lines), payment, billing));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.incrementId as string;
}
const markPaid = async (incrementId: string) =>
  expect((await recordPayment(api, await staffSession(api), incrementId)).status).toBe(200);
const update = (incrementId: string, set: ReturnType<typeof sql>) => sql`UPDATE sales_order SET ${set} WHERE increment_id = ${incrementId}`.execute(api.database.db);

beforeAll(async () => {
  api = await startTestApi();
  staff = await staffSession(api);
  await upsertProducts(api.database.db, [
    product('DASH-OVEN', 1234.56),
    product('DASH-PAN', 19.99),
    product('DASH-LAST', 45.9, { stock: testStock(6) }),
  ]);
  o.waiting = await placed([['DASH-PAN', 3]], 'banktransfer');
  o.cod = await placed([['DASH-PAN', 1], ['DASH-LAST', 2]], 'cashondelivery', consumer);
  o.paid = await placed([['DASH-OVEN', 1]], 'banktransfer');
  await markPaid(o.paid);
  o.canceled = await placed([['DASH-OVEN', 2]], 'banktransfer');
  await update(o.canceled, sql`status = 'canceled', payment_status = 'canceled'`);
  o.refunded = await placed([['DASH-PAN', 7]], 'banktransfer', consumer);
  await markPaid(o.refunded);
  await update(o.refunded, sql`payment_status = 'partially_refunded', refunded_cents = 1001`);
  o.threeDaysAgo = await placed([['DASH-PAN', 2]], 'cashondelivery', consumer);
  await update(o.threeDaysAgo, sql`created_at = now() - interval '3 days', shipping_status = 'shipped'`);
  o.oldWaiting = await placed([['DASH-PAN', 5]], 'banktransfer');
  await update(o.oldWaiting, sql`created_at = now() - interval '40 days'`);
  o.expired = await placed([['DASH-OVEN', 1]], 'banktransfer');
  await update(o.expired, sql`status = 'expired', payment_status = 'expired', created_at = now() - interval '2 days'`);
}, 120_000);
afterAll(async () => {
  await api?.dispose();
});

const romeDay = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(date);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

describe('GET /api/admin/dashboard', () => {
  it('answers 401 without a session and the figures to staff', async () => {
    const none = await api.call('/api/admin/dashboard');
    expect(none.status).toBe(401);
    expect(none.body.result).toBe(ADMIN_MESSAGES.signInRequired);
    expect((await api.call('/api/admin/dashboard', { headers: staff })).status).toBe(200);
  });

  it('figures equal the placed orders to the cent', async () => {
    const res = await api.call('/api/admin/dashboard', { headers: staff });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const dash = res.body.result as AdminDashboard;
    const rows = await api.database.db.selectFrom('sales_order').select(['increment_id', 'created_at', 'status', 'grand_total_cents', 'tax_cents', 'refunded_cents']).execute();
    expect(rows).toHaveLength(Object.keys(o).length);
    const today = romeDay(new Date());
    // Revenue: not canceled or expired; gross = total − refunded; net in the order's VAT proportion.
    const counted = rows
      .filter((r) => r.status !== 'canceled' && r.status !== 'expired')
      .map((r) => ({
        day: romeDay(r.created_at),
        gross: r.grand_total_cents - r.refunded_cents,
        net: Math.round(((r.grand_total_cents - r.refunded_cents) * (r.grand_total_cents - r.tax_cents)) / r.grand_total_cents),
      }));
    const figures = (list: typeof counted) => {
      const grossCents = list.reduce((s, r) => s + r.gross, 0);
      return { orders: list.length, grossCents, netCents: list.reduce((s, r) => s + r.net, 0), averageCents: list.length ? Math.round(grossCents / list.length) : 0 };
    };
    const ofToday = counted.filter((r) => r.day === today);
    expect(ofToday).toHaveLength(4);
    expect(dash.today).toEqual({ day: today, ...figures(ofToday) });
    expect(dash.month).toEqual({ month: today.slice(0, 7), ...figures(counted.filter((r) => r.day.slice(0, 7) === today.slice(0, 7))) });
    // Nothing refunded: net is exactly total − VAT.
    const paid = rows.find((r) => r.increment_id === o.paid)!;
    expect(counted.find((r) => r.gross === paid.grand_total_cents)!.net).toBe(paid.grand_total_cents - paid.tax_cents);

    // Cash on delivery not shipped, paid, paid and partly refunded; the one shipped three days ago is not.
    expect(dash.toShip).toBe(3);

    const byNumber = (n: string) => rows.find((r) => r.increment_id === n)!;
    expect(dash.bankTransfers).toEqual({
      count: 2,
      oldestDays: daysBetween(romeDay(byNumber(o.oldWaiting).created_at), today),
      oldest: [o.oldWaiting, o.waiting].map((n) => ({ incrementId: n, createdAt: byNumber(n).created_at.toISOString(), grandTotalCents: byNumber(n).grand_total_cents })),
    });
    expect(dash.bankTransfers.oldestDays).toBeGreaterThanOrEqual(39);

    expect(dash.revenue30Days).toHaveLength(30);
    expect(dash.revenue30Days.at(-1)!.day).toBe(today);
    expect(daysBetween(dash.revenue30Days[0]!.day, today)).toBe(29);
    for (const point of dash.revenue30Days) {
      const { orders, grossCents, netCents } = figures(counted.filter((r) => r.day === point.day));
      expect(point).toEqual({ day: point.day, orders, grossCents, netCents });
    }
    expect(dash.revenue30Days.filter((p) => p.orders > 0).map((p) => p.day)).toEqual([romeDay(byNumber(o.threeDaysAgo).created_at), today]);
  });

  it('lists stock at or below 5 pieces with the product name', async () => {
    const { lowStock } = (await api.call('/api/admin/dashboard', { headers: staff })).body.result as AdminDashboard;
    expect(lowStock.threshold).toBe(5);
    // DASH-LAST had 6 and sold 2; the other products have plenty.
    expect(lowStock.items).toContainEqual({ sku: 'DASH-LAST', name: 'Prodotto DASH-LAST', qty: 4 });
    expect(lowStock.items.map((i) => i.sku)).not.toContain('DASH-PAN');
    expect(lowStock.items.every((i) => i.qty <= 5)).toBe(true);
    const { n } = await api.database.db.selectFrom('stock_level').select((eb) => eb.fn.countAll<number>().as('n')).where('qty', '<=', '5').executeTakeFirstOrThrow();
    expect(lowStock.count).toBe(Number(n));
  });
});
