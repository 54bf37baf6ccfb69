import { randomUUID } from 'node:crypto';
import { upsertProducts } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { orderHelpers } from '../../testing/orders.ts';
import { productFactory } from '../../testing/products.ts';
import { recordPayment, staffSession } from '../../testing/staff-session.ts';
import { VSF_HEADERS, vsfBody, vsfSkus, vsfUrl } from './order-user-fixture.ts';

/**
 * Issue #47 point 4: an unchanged Vue Storefront 1.12.3 PWA places its orders here. Each call is
 * sent as VSF builds it (fixtures/order-*.json: vue-storefront-api's two sample orders, adapted
 * only in SKUs, addresses and the cart) and its answer checked as VSF reads it: `code` 200 is a
 * placed order (order/processOrder), `result` the confirmation, whose `backendOrderId` its
 * analytics read.
 */
let api: TestApi;
const product = productFactory(996_000);

beforeAll(async () => {
  api = await startTestApi();
  await upsertProducts(api.database.db, [...vsfSkus('order-anon'), ...vsfSkus('order-auth')].map((sku) => product(sku, 40)));
});
afterAll(async () => {
  await api?.dispose();
});

const { cartWith } = orderHelpers(() => api);
const lines = (fixture: string) => vsfSkus(fixture).map((sku): [string, number] => [sku, 1]);

/** The stamps VSF puts on each new order (ORDER_ADD_SESSION_STAMPS: order_id a timestamp and a uuid, the dates). */
const stamped = (order: Record<string, unknown>) => ({ ...order, order_id: `${Date.now()}-${randomUUID()}`, created_at: new Date().toString(), updated_at: new Date().toString() });

/** OrderService.placeOrder (core/data-resolver/OrderService.ts): POST orders.endpoint, no user token. */
const placeAsVsf = (order: object) => api.call(vsfUrl('orders.endpoint'), { body: order, headers: { 'content-type': 'application/json' } });

/** The invoices of an order once the seller records its payment (the back office's view). */
async function paidInvoices(orderNumber: string): Promise<unknown[]> {
  const staff = await staffSession(api);
  expect((await recordPayment(api, staff, orderNumber)).status).toBe(200);
  const list = await api.call(`/api/admin/orders/${orderNumber}/invoices`, { headers: staff });
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  return list.body.result;
}

/** The customer of vue-storefront-api's testUser.json, registered and signed in as VSF does. */
async function vsfCustomer(): Promise<{ token: string; id: number }> {
  expect((await api.call(vsfUrl('users.create_endpoint'), { body: vsfBody('user-create'), headers: VSF_HEADERS })).body.code).toBe(200);
  const login = await api.call(vsfUrl('users.login_endpoint'), { body: vsfBody('user-login'), headers: VSF_HEADERS });
  expect(login.body.code, JSON.stringify(login.body)).toBe(200);
  const token = login.body.result as string;
  const me = await api.call(vsfUrl('users.me_endpoint', { token }), { headers: VSF_HEADERS });
  return { token, id: me.body.result.id };
}

describe('POST /api/order as Vue Storefront 1.12.3 sends it', () => {
  it("places vue-storefront-api's guest sample (testOrderAnon.json): code 200, the confirmation with orderNumber and backendOrderId", async () => {
    const cartId = await cartWith(lines('order-anon'));
    const order = stamped(vsfBody('order-anon', { cartId }));
    const res = await placeAsVsf(order);
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const confirmation = res.body.result;
    expect(confirmation.orderNumber).toMatch(/^\d{9}$/);
    expect(confirmation).toMatchObject({
      backendOrderId: confirmation.orderNumber,
      incrementId: confirmation.orderNumber,
      order: { email: 'pkarwatka222@divante.pl', buyer: { isCompany: true, company: 'Divante', vatId: '00743110157', sdiCode: 'M5UXCR1' }, payment: { method: 'cashondelivery' } },
    });
    // VSF's offline queue sends it again (transmited stamped anew): the same order.
    const again = await placeAsVsf({ ...order, transmited: true });
    expect(again.body.result.orderNumber).toBe(confirmation.orderNumber);
    // A company is invoiced once paid (the courier's cash recorded).
    expect(await paidInvoices(confirmation.orderNumber)).toHaveLength(1);
  });

  it("places the signed-in sample (testOrderAuth.json) without ?token=: user_id is the cart's owner; a private buyer without codice fiscale gets no invoice", async () => {
    const { token, id } = await vsfCustomer();
    const cartId = await cartWith(lines('order-auth'), token);
    const res = await placeAsVsf(stamped(vsfBody('order-auth', { cartId, userId: id })));
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const { orderNumber, backendOrderId, order } = res.body.result;
    expect(backendOrderId).toBe(orderNumber);
    // The account's order, to its e-mail (not the form's), with the seven lines of the cart.
    expect(order).toMatchObject({ email: 'jfoe@vuestorefront.io', buyer: { isCompany: false }, payment: { method: 'cashondelivery' } });
    expect(order.buyer).not.toHaveProperty('fiscalCode');
    expect(order.items.map((item: { sku: string }) => item.sku).sort()).toEqual(vsfSkus('order-auth').sort());
    const history = await api.call(vsfUrl('users.history_endpoint', { token, pageSize: 20, currentPage: 1 }), { headers: VSF_HEADERS });
    expect(history.body.result.items.map((o: { increment_id: string }) => o.increment_id)).toEqual([orderNumber]);
    // Paid to the courier: still no invoice, a consumer without codice fiscale asked for none.
    expect(await paidInvoices(orderNumber)).toEqual([]);
  });

  it("refuses a customer's cart to anyone but its owner, as an unknown cart: another user_id, none, another customer's token", async () => {
    const { token, id } = await vsfCustomer();
    const cartId = await cartWith([[vsfSkus('order-auth')[0]!, 2]], token);
    const order = vsfBody('order-auth', { cartId, userId: id });
    for (const userId of [String(id + 1), '', ` ${id}0`]) {
      expect((await placeAsVsf(stamped({ ...order, user_id: userId }))).body, userId).toEqual({ code: 404, result: 'Cart not found' });
    }
    const email = 'altro.cliente@example.it';
    await api.call('/api/user/create', { body: { customer: { email, firstname: 'Altro', lastname: 'Cliente' }, password: 'Forchetta-Blu-2026' } });
    const stranger = (await api.call('/api/user/login', { body: { username: email, password: 'Forchetta-Blu-2026' } })).body.result as string;
    expect((await api.call(`${vsfUrl('orders.endpoint')}?token=${stranger}`, { body: stamped(order) })).body).toEqual({ code: 404, result: 'Cart not found' });
    // Nothing was placed: the owner's order takes the cart whole.
    const placed = await placeAsVsf(stamped(order));
    expect(placed.body.code, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.result.order.items).toMatchObject([{ qty: 2 }]);
  });

  it('still asks a company for its P.IVA and an SDI code or a PEC', async () => {
    const cartId = await cartWith(lines('order-anon'));
    const order = vsfBody('order-anon', { cartId });
    const billing = { ...order.addressInformation.billingAddress, custom_attributes: [{ attribute_code: 'fiscal_code', value: '00743110157' }] };
    const res = await placeAsVsf(stamped({ ...order, addressInformation: { ...order.addressInformation, billingAddress: billing } }));
    expect(res.body.code).toBe(400);
    expect(res.body.result).toContain('billingAddress.custom_attributes.pec_email');
    const noVat = { ...order.addressInformation.billingAddress, vat_id: '' };
    const refused = await placeAsVsf(stamped({ ...order, addressInformation: { ...order.addressInformation, billingAddress: { ...noVat, custom_attributes: [{ attribute_code: 'is_company', value: '1' }, ...billing.custom_attributes, { attribute_code: 'sdi_code', value: 'M5UXCR1' }] } } }));
    expect(refused.body.code).toBe(400);
    expect(refused.body.result).toContain('billingAddress.vat_id');
  });
});
