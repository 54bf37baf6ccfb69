import { randomUUID } from 'node:crypto';
import { ACCOUNT_MESSAGES as A, CHECKOUT_MESSAGES as M } from '@shop/contracts';
import { upsertProducts } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { orderHelpers } from '../../testing/orders.ts';
import { productFactory } from '../../testing/products.ts';
import { VSF_HEADERS, vsfBody, vsfSkus, vsfUrl } from './order-user-fixture.ts';

/**
 * Issue #47 point 5: the account calls of an unchanged Vue Storefront 1.12.3 PWA, each sent as its
 * UserService builds it from its config (fixtures/user-*.json) and each answer read as VSF reads
 * it: `code`, `result` (the token, the profile, the history's `items`), `meta.refreshToken` at
 * sign-in only, `result.errorMessage` on a refused profile or password change.
 */
let api: TestApi;
const product = productFactory(997_000);

beforeAll(async () => {
  api = await startTestApi();
  await upsertProducts(api.database.db, vsfSkus('order-auth').map((sku) => product(sku, 40)));
});
afterAll(async () => {
  await api?.dispose();
});

const call = (url: string, body?: object) => api.call(url, { ...(body ? { body } : {}), headers: VSF_HEADERS });

/** VSF's sign-in (user/login) of vue-storefront-api's testUser.json: the token, and the refresh token it stores (current-refresh-token). */
async function vsfSignIn() {
  expect((await call(vsfUrl('users.create_endpoint'), vsfBody('user-create'))).body.code).toBe(200);
  const login = await call(vsfUrl('users.login_endpoint'), vsfBody('user-login'));
  expect(login.body, JSON.stringify(login.body)).toMatchObject({ code: 200, result: expect.any(String), meta: { refreshToken: expect.any(String) } });
  return { token: login.body.result as string, refreshToken: login.body.meta.refreshToken as string };
}

describe('a Vue Storefront 1.12.3 session', () => {
  it('stays signed in through three refreshes, each with the sign-in refresh token as VSF sends it', async () => {
    const { refreshToken } = await vsfSignIn();
    for (let refresh = 1; refresh <= 3; refresh++) {
      // UserService.refreshToken reads `result` as the new token; VSF never stores another refresh token.
      const answer = await call(vsfUrl('users.refresh_endpoint'), vsfBody('user-refresh', { refreshToken }));
      expect(answer.body.code, `refresh ${refresh}`).toBe(200);
      const token = answer.body.result as string;
      expect((await call(vsfUrl('users.me_endpoint', { token }))).body.result.email, `refresh ${refresh}`).toBe('jfoe@vuestorefront.io');
    }
    // The session still ends when its owner changes the password (every family is revoked).
    const login = await call(vsfUrl('users.login_endpoint'), vsfBody('user-login'));
    const changed = await call(vsfUrl('users.changePassword_endpoint', { token: login.body.result }), { currentPassword: vsfBody('user-login').password, newPassword: 'Nuova-Password-2026' });
    expect(changed.body.code, JSON.stringify(changed.body)).toBe(200);
    expect((await call(vsfUrl('users.refresh_endpoint'), { refreshToken })).body.code).toBe(401);
    expect((await call(vsfUrl('users.refresh_endpoint'), { refreshToken: login.body.meta.refreshToken })).body.code).toBe(401);
    // Back to the fixture's password for the other tests.
    const back = await call(vsfUrl('users.changePassword_endpoint', { token: changed.body.meta.token }), { currentPassword: 'Nuova-Password-2026', newPassword: vsfBody('user-login').password });
    expect(back.body.code, JSON.stringify(back.body)).toBe(200);
  });

  it("keeps theft detection for the shop's own sessions: their refresh tokens rotate and cannot pass for a VSF1 one", async () => {
    await vsfSignIn();
    const own = await api.call('/api/user/login', { body: vsfBody('user-login') });
    const first = own.body.meta.refreshToken as string;
    const next = await api.call('/api/user/refresh', { body: { refreshToken: first } });
    expect(next.body.meta.refreshToken).not.toBe(first);
    expect((await api.call('/api/user/refresh', { body: { refreshToken: `vsf1.${first}` } })).status).toBe(401);
    expect((await api.call('/api/user/refresh', { body: { refreshToken: first } })).status).toBe(401);
    expect((await api.call('/api/user/refresh', { body: { refreshToken: next.body.meta.refreshToken } })).status).toBe(401);
  });

  it("saves the address book in Magento's shape (region an object, no e-mail per address); me answers the defaults and groupToken", async () => {
    const { token } = await vsfSignIn();
    const saved = await call(vsfUrl('users.me_endpoint', { token }), vsfBody('user-me-update'));
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    // handleUpdateProfile stores `result` as the current user; refreshUserProfile and setUserGroup read me.
    const me = (await call(vsfUrl('users.me_endpoint', { token }))).body.result;
    const [company, home] = me.addresses;
    expect(company).toMatchObject({ company: 'Trattoria da Jon srl', vat_id: '00743110157', region: { region: 'Milano', region_code: 'MI' }, default_billing: true });
    expect(home).toMatchObject({ street: ['Corso Italia', '8'], city: 'Roma', region: { region: 'Roma', region_code: 'RM' }, default_shipping: true });
    expect(me).toMatchObject({ default_billing: String(company.id), default_shipping: String(home.id), groupToken: token, group_id: 1 });
    // UserAccount.ts and UserShippingDetails.ts send the list back as read, region object and all.
    const again = await call(vsfUrl('users.me_endpoint', { token }), { customer: { firstname: me.firstname, lastname: me.lastname, email: me.email, addresses: me.addresses } });
    expect(again.body.result.addresses.map((a: { id: number }) => a.id)).toEqual([company.id, home.id]);
  });

  it("answers the order history in Magento's order shape, as VSF's order pages read it", async () => {
    const { token } = await vsfSignIn();
    const id = (await call(vsfUrl('users.me_endpoint', { token }))).body.result.id as number;
    const cartId = await orderHelpers(() => api).cartWith([[vsfSkus('order-auth')[0]!, 2]], token);
    const order = { ...vsfBody('order-auth', { cartId, userId: id }), order_id: `${Date.now()}-${randomUUID()}` };
    const placed = await api.call(vsfUrl('orders.endpoint'), { body: order });
    expect(placed.body.code, JSON.stringify(placed.body)).toBe(200);
    const history = await call(vsfUrl('users.history_endpoint', { token, pageSize: 20, currentPage: 1 }));
    // user/getOrdersHistory is result.items; UserSingleOrder finds by entity_id and reads these.
    const [item] = history.body.result.items;
    expect(item).toMatchObject({
      increment_id: placed.body.result.orderNumber,
      entity_id: expect.any(Number),
      items: [{ sku: vsfSkus('order-auth')[0], qty_ordered: 2, price_incl_tax: expect.any(Number), row_total_incl_tax: expect.any(Number) }],
      billing_address: { firstname: 'Piotr', lastname: 'Karwatka', city: 'Roma', street: ['Via Lekcyjna 22', '13'] },
      payment: { method: 'cashondelivery', additional_information: [expect.any(String)] },
      extension_attributes: { shipping_assignments: [{ shipping: { address: { city: 'Roma', postcode: '00184', country_id: 'IT' } } }] },
    });
    expect(item.items[0].row_total_incl_tax).toBe(item.items[0].price_incl_tax * 2);
  });

  it('words refused profile and password changes as result.errorMessage, where VSF reads them', async () => {
    const { token } = await vsfSignIn();
    const update = vsfBody('user-me-update');
    update.customer.addresses[1].postcode = '0019';
    const refused = await call(vsfUrl('users.me_endpoint', { token }), update);
    expect(refused.body.code).toBe(400);
    expect(refused.body.result.errorMessage).toContain(`customer.addresses.1.postcode: ${M.zipInvalid}`);
    const wrong = await call(vsfUrl('users.changePassword_endpoint', { token }), vsfBody('user-change-password'));
    expect(wrong.body).toEqual({ code: 400, result: { errorMessage: A.currentPasswordWrong } });
    // The shop's own sessions keep the text as `result`.
    const own = (await api.call('/api/user/login', { body: vsfBody('user-login') })).body.result as string;
    expect((await api.call(`/api/user/change-password?token=${own}`, { body: vsfBody('user-change-password') })).body).toEqual({ code: 400, result: A.currentPasswordWrong });
  });
});
