import { ADMIN_COUPON_MESSAGES as C, ADMIN_MESSAGES as M, API_KEY_MESSAGES as K, type AdminCoupon } from '@shop/contracts';
import { upsertProducts } from '@shop/db';
import { CART_MESSAGES } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { orderHelpers } from '../../testing/orders.ts';
import { productFactory } from '../../testing/products.ts';
import { staffSession } from '../../testing/staff-session.ts';

/** Issue #45 point 3: coupons are data the seller manages; the cart applies them and orders count their uses. */
let api: TestApi;
let staff: Record<string, string>;
const product = productFactory(994_500);
const { q, cartWith, orderBody, place } = orderHelpers(() => api);

beforeAll(async () => {
  api = await startTestApi();
  await upsertProducts(api.database.db, [product('BOC-PENTOLA', 100)]);
  staff = await staffSession(api);
});
afterAll(async () => {
  await api?.dispose();
});

let nextAddress = 1;
/** A client address of its own: the cart's coupon-guessing limit counts per address. */
const from = () => ({ 'x-forwarded-for': `198.51.100.${nextAddress++}` });
let nextCode = 1;
const newCode = (prefix: string) => `${prefix}${nextCode++}`;

const create = (body: object, headers = staff) => api.call('/api/admin/coupons', { body, headers });
const patch = (id: number, body: object, headers = staff) => api.call(`/api/admin/coupons/${id}`, { method: 'PATCH', body, headers });
const list = (query: string) => api.call(`/api/admin/coupons${query}`, { headers: staff });

async function created(body: object): Promise<AdminCoupon> {
  const res = await create(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.result as AdminCoupon;
}

const applyCoupon = (cart: string, code: string) => api.call(`/api/cart/apply-coupon${q(cart)}&coupon=${encodeURIComponent(code)}`, { method: 'POST', headers: from() });
const totals = async (cart: string) => (await api.call(`/api/cart/totals${q(cart)}`)).body.result as { coupon_code?: string; discount_amount: number };

describe('coupons in the back office', () => {
  it('a coupon created here is applied by a shopper at once; the order counts a use, shown in the list and the coupon', async () => {
    const code = newCode('Cucina');
    const coupon = await created({ code, description: '7 EUR da 50 EUR', discountType: 'fixed', discountValue: 700, minSubtotalCents: 5000, usagePerCustomer: 1 });
    expect(coupon).toEqual({
      id: expect.any(Number), code, description: '7 EUR da 50 EUR', discountType: 'fixed', discountValue: 700, categoryIds: null, minSubtotalCents: 5000,
      validFrom: null, validTo: null, usageLimit: null, usagePerCustomer: 1, timesUsed: 0, active: true,
    });

    const cart = await cartWith([['BOC-PENTOLA', 1]]);
    expect((await applyCoupon(cart, code.toLowerCase())).body).toEqual({ code: 200, result: true });
    expect(await totals(cart)).toMatchObject({ coupon_code: code, discount_amount: -7 });
    expect((await place(orderBody(cart, 'banktransfer', undefined, { email: 'cuoco@example.it' }))).status).toBe(200);

    const found = await list(`?q=${code.slice(0, -1).toLowerCase()}`);
    expect(found.status).toBe(200);
    expect(found.body.result.items).toContainEqual({ ...coupon, timesUsed: 1 });
    expect((await api.call(`/api/admin/coupons/${coupon.id}`, { headers: staff })).body.result).toEqual({ ...coupon, timesUsed: 1 });
    // Once per customer, as the seller set it.
    const again = await cartWith([['BOC-PENTOLA', 1]]);
    expect((await applyCoupon(again, code)).status).toBe(200);
    expect((await place(orderBody(again, 'banktransfer', undefined, { email: 'cuoco@example.it' }))).body).toEqual({ code: 409, result: CART_MESSAGES.couponInvalid });
  });

  it('an edit reaches the cart; a deactivated coupon is refused with the shop’s message; each write audited with before and after', async () => {
    const coupon = await created({ code: newCode('ESTATE'), discountType: 'percent', discountValue: 1000 });
    const renamed = newCode('AUTUNNO');
    const edited = await patch(coupon.id, { code: renamed, discountValue: 2000, description: '20 %' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.result).toEqual({ ...coupon, code: renamed, discountValue: 2000, description: '20 %' });

    const cart = await cartWith([['BOC-PENTOLA', 1]]);
    expect((await applyCoupon(cart, coupon.code)).body).toEqual({ code: 400, result: CART_MESSAGES.couponInvalid });
    expect((await applyCoupon(cart, renamed)).status).toBe(200);
    expect(await totals(cart)).toMatchObject({ coupon_code: renamed, discount_amount: -20 });

    expect((await patch(coupon.id, { active: false })).body.result).toMatchObject({ active: false });
    const other = await cartWith([['BOC-PENTOLA', 1]]);
    expect((await applyCoupon(other, renamed)).body).toEqual({ code: 400, result: CART_MESSAGES.couponInvalid });
    // The cart that held it keeps the code but no longer gets the discount.
    expect(await totals(cart)).toMatchObject({ discount_amount: 0 });
    expect((await list(`?q=${renamed}&active=false`)).body.result.items.map((c: AdminCoupon) => c.code)).toEqual([renamed]);
    expect((await list(`?q=${renamed}&active=true`)).body.result).toEqual({ items: [], total: 0 });

    const audit = (await api.call(`/api/admin/audit?object=coupon:${coupon.id}`, { headers: staff })).body.result;
    expect(audit.map((e: { action: string; staffEmail: string }) => [e.action, e.staffEmail])).toEqual([
      ['coupon.create', expect.stringMatching(/^staff-sessione-\d+@bottega-pro\.example$/)],
      ['coupon.update', expect.any(String)],
      ['coupon.update', expect.any(String)],
    ]);
    expect(audit[1]).toMatchObject({ before: { code: coupon.code, discountValue: 1000 }, after: { code: renamed, discountValue: 2000 } });
    expect(audit[2]).toMatchObject({ before: { active: true }, after: { active: false } });
  });

  it('a coupon of some categories discounts only their lines; a cart without them is refused', async () => {
    const category = await api.database.db.selectFrom('category').select('id').where('id', '<>', 979).orderBy('id').executeTakeFirstOrThrow();
    await upsertProducts(api.database.db, [product('BOC-FRIGO', 200, { category_ids: [category.id] })]);
    const coupon = await created({ code: newCode('REPARTO'), discountType: 'percent', discountValue: 1000, categoryIds: [category.id] });
    expect(coupon.categoryIds).toEqual([category.id]);
    const without = await cartWith([['BOC-PENTOLA', 1]]);
    expect((await applyCoupon(without, coupon.code)).body).toEqual({ code: 400, result: CART_MESSAGES.couponInvalid });
    const mixed = await cartWith([['BOC-PENTOLA', 1], ['BOC-FRIGO', 1]]);
    expect((await applyCoupon(mixed, coupon.code)).status).toBe(200);
    expect(await totals(mixed)).toMatchObject({ discount_amount: -20 });
    // Back to the whole cart.
    expect((await patch(coupon.id, { categoryIds: null })).body.result).toMatchObject({ categoryIds: null });
    expect(await totals(mixed)).toMatchObject({ discount_amount: -30 });
  });

  it('refuses bad input with 400 naming the field in Italian, and writes nothing', async () => {
    const base = { code: newCode('BAD'), discountType: 'fixed', discountValue: 500 };
    const refusals: [object, string][] = [
      [{ ...base, discountValue: -500 }, `discountValue: ${C.discountValue}`],
      [{ ...base, discountValue: 12.5 }, `discountValue: ${C.discountValue}`],
      [{ ...base, discountType: 'gratis' }, `discountType: ${C.discountType}`],
      [{ ...base, code: 'CON SPAZIO' }, `code: ${C.code}`],
      [{ ...base, minSubtotalCents: -1 }, `minSubtotalCents: ${C.minSubtotalCents}`],
      [{ ...base, usageLimit: 0 }, `usageLimit: ${C.usageLimit}`],
      [{ ...base, validFrom: '31/12/2026' }, `validFrom: ${C.date}`],
    ];
    for (const [body, message] of refusals) {
      const res = await create(body);
      expect([res.status, res.body.result]).toEqual([400, `Invalid request body: ${message}`]);
    }
    // Fields checked together are named the same way.
    expect((await create({ ...base, discountType: 'percent', discountValue: 10_001 })).body).toEqual({ code: 400, result: `discountValue: ${C.percentOver100}` });
    expect((await create({ ...base, validFrom: '2026-12-31T00:00:00+01:00', validTo: '2026-12-01T00:00:00+01:00' })).body).toEqual({ code: 400, result: `validTo: ${C.windowEndsFirst}` });
    expect((await create({ ...base, categoryIds: [999_999_999] })).body).toEqual({ code: 400, result: C.unknownCategory.replace('{id}', '999999999') });
    expect((await list(`?q=${base.code}`)).body.result.total).toBe(0);

    // A PATCH is checked together with the fields it keeps.
    // 150 EUR off: as a percent it would be 150 %.
    const coupon = await created({ ...base, discountValue: 15_000, validFrom: '2026-12-01T00:00:00+01:00' });
    expect((await patch(coupon.id, { validTo: '2026-11-30T00:00:00+01:00' })).body).toEqual({ code: 400, result: `validTo: ${C.windowEndsFirst}` });
    expect((await patch(coupon.id, { discountType: 'percent' })).body).toEqual({ code: 400, result: `discountValue: ${C.percentOver100}` });
    expect((await patch(coupon.id, { discountValue: 0 })).body).toEqual({ code: 400, result: `Invalid request body: discountValue: ${C.discountValue}` });
    expect((await api.call(`/api/admin/coupons/${coupon.id}`, { headers: staff })).body.result).toEqual(coupon);
    expect((await patch(99_999_999, { active: false })).body).toEqual({ code: 404, result: C.notFound });
  });

  it('a code another coupon has, in any case, is 409 on create and on edit', async () => {
    expect((await create({ code: 'benvenuto5', discountType: 'fixed', discountValue: 100 })).body).toEqual({ code: 409, result: C.codeTaken });
    const coupon = await created({ code: newCode('UNICO'), discountType: 'fixed', discountValue: 100 });
    expect((await patch(coupon.id, { code: 'Freddo15' })).body).toEqual({ code: 409, result: C.codeTaken });
    // Its own code in another case is no clash.
    expect((await patch(coupon.id, { code: coupon.code.toLowerCase() })).body.result).toMatchObject({ code: coupon.code.toLowerCase() });
  });

  it('lists the seeded coupons too, in pages, with the total', async () => {
    const first = await list('?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.result.items).toHaveLength(2);
    expect(first.body.result.total).toBeGreaterThanOrEqual(5);
    const second = await list('?limit=2&page=2');
    expect(second.body.result.items.map((c: AdminCoupon) => c.id)).not.toContain(first.body.result.items[0].id);
    expect((await list('?q=NEWSLETTER')).body.result.items).toContainEqual(expect.objectContaining({ code: 'NEWSLETTER10', discountType: 'percent', discountValue: 1000 }));
    expect((await list('?limit=0')).body).toEqual({ code: 400, result: `Invalid query: limit: ${C.badLimit}` });
  });

  it('answers 401 without a session on every coupon route', async () => {
    for (const [method, path] of [['GET', '/api/admin/coupons'], ['GET', '/api/admin/coupons/1'], ['POST', '/api/admin/coupons'], ['PATCH', '/api/admin/coupons/1']] as const) {
      const res = await api.call(path, { method, ...(method === 'GET' ? {} : { body: { active: false } }) });
      expect([path, method, res.status, res.body.result]).toEqual([path, method, 401, M.signInRequired]);
    }
  });

  it('an API key with catalog:write creates and edits a coupon (audited as the key); one without it is 403', async () => {
    const owner = await staffSession(api, 'owner');
    const key = async (scopes: string[]) => (await api.call('/api/admin/api-keys', { body: { name: `ERP ${scopes.join(' ')}`, scopes }, headers: owner })).body.result.key as string;
    const catalog = { authorization: `Bearer ${await key(['catalog:write'])}` };
    const orders = { authorization: `Bearer ${await key(['orders:write', 'orders:read'])}` };
    const code = newCode('ERP');
    const made = await create({ code, discountType: 'fixed', discountValue: 300 }, catalog);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await patch(made.body.result.id, { usageLimit: 10 }, catalog)).body.result).toMatchObject({ usageLimit: 10 });
    expect((await create({ code: newCode('ERP'), discountType: 'fixed', discountValue: 300 }, orders)).body).toEqual({ code: 403, result: K.missingScope.replace('{scope}', 'catalog:write') });
    // Reads are a person's: a key is refused there.
    expect((await api.call('/api/admin/coupons', { headers: catalog })).body).toEqual({ code: 403, result: K.notAllowed });
    const audit = (await api.call(`/api/admin/audit?object=coupon:${made.body.result.id}`, { headers: staff })).body.result;
    expect(audit.map((e: { action: string; staffEmail: string }) => [e.action, e.staffEmail])).toEqual([
      ['coupon.create', 'chiave API ERP catalog:write'],
      ['coupon.update', 'chiave API ERP catalog:write'],
    ]);
    const cart = await cartWith([['BOC-PENTOLA', 1]]);
    expect((await applyCoupon(cart, code)).status).toBe(200);
  });
});
