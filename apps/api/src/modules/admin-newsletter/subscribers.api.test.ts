import { ADMIN_MESSAGES as A, ADMIN_NEWSLETTER_MESSAGES as M, API_KEY_MESSAGES as K, NEWSLETTER_CONSENT_METHOD, type AdminNewsletterSubscriber } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { staffSession } from '../../testing/staff-session.ts';
import { issueWelcomeCoupon } from '../newsletter/welcome-coupon.ts';

/**
 * Issue #45 point 6: the newsletter's subscribers in the back office with their consent record
 * (asked, confirmed through the mailed link, left), and their CSV export for the owner only.
 */
let api: TestApi;
let staff: Record<string, string>;
let owner: Record<string, string>;
let couponCode: string;
const FROM_THE_SHOP = 'dal.sito@example.it';
const HYPERLINK = '=HYPERLINK("http://x.example")@example.it';

beforeAll(async () => {
  api = await startTestApi();
  staff = await staffSession(api, 'staff');
  owner = await staffSession(api, 'owner');
  const db = api.database.db;
  // A customer confirmed in January (their welcome coupon issued), one waiting since the night the clocks went forward, one who left.
  await api.call('/api/user/create', { body: { customer: { email: 'anna.rossi@example.it', firstname: 'Anna', lastname: 'Rossi' }, password: 'Coltello-2026' } });
  const coupon = await issueWelcomeCoupon(db, 'anna.rossi@example.it');
  couponCode = coupon.code;
  await db
    .insertInto('newsletter_subscriber')
    .values([
      { email: 'Anna.Rossi@example.it', email_key: 'anna.rossi@example.it', status: 'subscribed', requested_at: '2026-01-15T23:00:00Z', confirmed_at: '2026-01-15T23:30:00Z', coupon_id: coupon.id },
      { email: HYPERLINK, email_key: HYPERLINK.toLowerCase(), status: 'pending', requested_at: '2026-03-29T01:30:00Z', confirm_expires_at: '2026-04-05T01:30:00Z' },
      { email: 'bar;sport@example.it', email_key: 'bar;sport@example.it', status: 'unsubscribed', requested_at: '2026-02-01T09:00:00Z', confirmed_at: '2026-02-01T09:05:00Z', unsubscribed_at: '2026-06-30T22:15:00Z' },
    ])
    .execute();
  // And one through the shop's own form, now.
  expect((await api.call('/api/ext/mailchimp-subscribe/subscribe', { body: { email: FROM_THE_SHOP }, headers: { 'x-forwarded-for': '198.51.100.7' } })).body.result).toBe('pending');
});
afterAll(async () => {
  await api?.dispose();
});

const list = (query: string, headers: Record<string, string> = staff) => api.call(`/api/admin/newsletter/subscribers${query}`, { headers });
const items = async (query: string) => {
  const res = await list(query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as { items: AdminNewsletterSubscriber[]; total: number };
};
const csv = (query: string, headers: Record<string, string>) => fetch(`${api.url}/api/admin/newsletter/subscribers.csv${query}`, { headers });

describe('GET /api/admin/newsletter/subscribers', () => {
  it('lists every address newest request first, with its consent record, welcome coupon and account', async () => {
    const all = await items('');
    expect(all.total).toBe(4);
    expect(all.items.map((s) => s.email)).toEqual([FROM_THE_SHOP, HYPERLINK, 'bar;sport@example.it', 'Anna.Rossi@example.it']);
    expect(all.items[3]).toEqual({
      id: expect.any(Number),
      email: 'Anna.Rossi@example.it',
      status: 'subscribed',
      requestedAt: '2026-01-15T23:00:00.000Z',
      confirmedAt: '2026-01-15T23:30:00.000Z',
      confirmExpiresAt: null,
      unsubscribedAt: null,
      welcomeCoupon: couponCode,
      customerId: expect.any(Number),
    });
    expect(all.items[1]).toMatchObject({ status: 'pending', confirmedAt: null, confirmExpiresAt: '2026-04-05T01:30:00.000Z', welcomeCoupon: null, customerId: null });
    expect(all.items[0]).toMatchObject({ status: 'pending', confirmExpiresAt: expect.any(String) });
    expect(Date.now() - Date.parse(all.items[0]!.requestedAt)).toBeLessThan(60_000);
  });

  it('searches part of the e-mail in any case, filters by status, pages', async () => {
    expect((await items('?q=ROSSI')).items.map((s) => s.email)).toEqual(['Anna.Rossi@example.it']);
    expect((await items('?q=%25')).total).toBe(0);
    expect((await items('?q=_')).total).toBe(0);
    expect((await items('?status=pending')).items.map((s) => s.email)).toEqual([FROM_THE_SHOP, HYPERLINK]);
    expect((await items('?status=unsubscribed')).items).toEqual([expect.objectContaining({ email: 'bar;sport@example.it', unsubscribedAt: '2026-06-30T22:15:00.000Z' })]);
    expect(await items('?limit=1&page=2')).toEqual({ items: [expect.objectContaining({ email: HYPERLINK })], total: 4 });
  });

  it('answers bad filters with Italian 400s', async () => {
    expect((await list('?status=iscritti')).body).toEqual({ code: 400, result: `Invalid query: status: ${M.badStatus}` });
    expect((await list('?limit=500')).body).toEqual({ code: 400, result: `Invalid query: limit: ${M.badLimit}` });
  });
});

describe('GET /api/admin/newsletter/subscribers.csv', () => {
  it('is the owner’s: staff 403; nobody without a session; never an API key', async () => {
    const refused = await api.call('/api/admin/newsletter/subscribers.csv', { headers: staff });
    expect(refused.body).toEqual({ code: 403, result: A.ownerOnly });
    expect((await api.call('/api/admin/newsletter/subscribers.csv')).status).toBe(401);
    expect((await list('', {})).status).toBe(401);
    const key = (await api.call('/api/admin/api-keys', { body: { name: 'ERP', scopes: ['catalog:write', 'orders:read', 'orders:write'] }, headers: owner })).body.result.key as string;
    expect((await api.call('/api/admin/newsletter/subscribers.csv', { headers: { authorization: `Bearer ${key}` } })).body).toEqual({ code: 403, result: K.notAllowed });
    expect((await list('', { authorization: `Bearer ${key}` })).body).toEqual({ code: 403, result: K.notAllowed });
  });

  it('streams the consent records as an Italian CSV: BOM, ; separated, Rome dates, defused and quoted cells', async () => {
    const res = await csv('', owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="iscritti-newsletter-${today}.csv"`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe('E-mail;Stato;Iscrizione richiesta il;Consenso confermato il;Disiscritto il;Modalità del consenso;Coupon di benvenuto;Cliente registrato');
    // In the order they came (by id): Anna in winter time, the pending one after the clocks went forward, the one who left in summer.
    expect(lines[1]).toBe(`Anna.Rossi@example.it;Iscritto;16/01/2026 00:00;16/01/2026 00:30;;${NEWSLETTER_CONSENT_METHOD};${couponCode};Sì`);
    expect(lines[2]).toBe(`"'=HYPERLINK(""http://x.example"")@example.it";In attesa di conferma;29/03/2026 03:30;;;${NEWSLETTER_CONSENT_METHOD};;No`);
    expect(lines[3]).toBe(`"bar;sport@example.it";Disiscritto;01/02/2026 10:00;01/02/2026 10:05;01/07/2026 00:15;${NEWSLETTER_CONSENT_METHOD};;No`);
    expect(lines[4]).toMatch(new RegExp(`^${FROM_THE_SHOP.replace(/\./g, '\\.')};In attesa di conferma;\\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d;;;`));
  });

  it('takes the list’s filters', async () => {
    const lines = (await (await csv('?status=unsubscribed', owner)).text()).trim().split('\r\n');
    expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual(['"bar']);
    expect((await (await csv('?q=rossi', owner)).text()).trim().split('\r\n')).toHaveLength(2);
    const bad = await api.call('/api/admin/newsletter/subscribers.csv?status=tutti', { headers: owner });
    expect(bad.body).toEqual({ code: 400, result: `Invalid query: status: ${M.badStatus}` });
  });
});
