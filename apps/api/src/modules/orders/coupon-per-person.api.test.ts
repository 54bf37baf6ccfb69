import { upsertProducts } from '@shop/db';
import { CART_MESSAGES, personEmailKey } from '@shop/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { orderHelpers } from '../../testing/orders.ts';
import { productFactory } from '../../testing/products.ts';

/**
 * Issue 43 point 3: a once-per-customer coupon (NEWSLETTER10) is used once per person, whatever
 * spelling of the mailbox the buyer types and whether they order as a guest or signed in.
 */
let api: TestApi;
const product = productFactory(996_400);
const { q, cartWith, orderBody, place } = orderHelpers(() => api);

beforeAll(async () => {
  api = await startTestApi();
  await upsertProducts(api.database.db, [product('ONCE-KNIFE', 100)]);
});
afterAll(async () => {
  await api?.dispose();
});

let nextAddress = 1;
const from = () => ({ 'x-forwarded-for': `198.51.100.${nextAddress++}` });
const PASSWORD = 'Coltello-Affilato-Forno-2026!';

/** An order of one knife with NEWSLETTER10, as a guest or with a customer's token. */
async function orderWithCoupon(email: string, token?: string) {
  const cart = await cartWith([['ONCE-KNIFE', 1]], token);
  const as = token ? `&token=${token}` : '';
  const applied = await api.call(`/api/cart/apply-coupon${q(cart)}${as}&coupon=NEWSLETTER10`, { method: 'POST', headers: from() });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  return place(orderBody(cart, 'banktransfer', undefined, { email }), token ? { authorization: `Bearer ${token}` } : {});
}

async function signedIn(email: string): Promise<string> {
  const registered = await api.call('/api/user/create', { body: { customer: { email, firstname: 'Anna', lastname: 'Bianchi' }, password: PASSWORD }, headers: from() });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  const res = await api.call('/api/user/login', { body: { username: email, password: PASSWORD }, headers: from() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as string;
}

const refused = { code: 409, result: CART_MESSAGES.couponInvalid };

describe('NEWSLETTER10 once per person (issue 43)', () => {
  it('refuses the same mailbox written with a +tag, other capitals or Gmail dots', async () => {
    expect((await orderWithCoupon('nl.x@example.it')).status).toBe(200);
    expect((await orderWithCoupon('nl.x+2@example.it')).body).toEqual(refused);
    expect((await orderWithCoupon('NL.X+promo@Example.IT')).body).toEqual(refused);
    // Another mailbox of the same domain is another person.
    expect((await orderWithCoupon('nlx@example.it')).status).toBe(200);

    expect((await orderWithCoupon('mario.rossi@gmail.com')).status).toBe(200);
    expect((await orderWithCoupon('mariorossi@gmail.com')).body).toEqual(refused);
    expect((await orderWithCoupon('M.a.r.i.o.Rossi+1@googlemail.com')).body).toEqual(refused);
  });

  it('counts a guest order under the account with the same e-mail, and the other way round', async () => {
    expect((await orderWithCoupon('giulia.verdi@example.it')).status).toBe(200);
    const giulia = await signedIn('giulia.verdi@example.it');
    expect((await orderWithCoupon('giulia.verdi@example.it', giulia)).body).toEqual(refused);

    const paolo = await signedIn('paolo.neri@example.it');
    expect((await orderWithCoupon('paolo.neri@example.it', paolo)).status).toBe(200);
    expect((await orderWithCoupon('Paolo.Neri+guest@example.it')).body).toEqual(refused);
    // Signed in, typing another e-mail at checkout does not make a new person either.
    expect((await orderWithCoupon('ufficio@example.it', paolo)).body).toEqual(refused);
  });

  it('lets one of two concurrent orders of one person use it', async () => {
    const carts = await Promise.all(
      ['lucia.bo@example.it', 'lucia.bo+2@example.it'].map(async (email) => {
        const cart = await cartWith([['ONCE-KNIFE', 1]]);
        expect((await api.call(`/api/cart/apply-coupon${q(cart)}&coupon=NEWSLETTER10`, { method: 'POST', headers: from() })).status).toBe(200);
        return { cart, email };
      }),
    );
    const results = await Promise.all(carts.map(({ cart, email }) => place(orderBody(cart, 'banktransfer', undefined, { email }))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const orders = await api.database.db.selectFrom('sales_order').select('id').where('email', 'like', 'lucia.bo%').where('coupon_id', 'is not', null).execute();
    expect(orders).toHaveLength(1);
  });

  it('gives the use back when the order is cancelled', async () => {
    const first = await orderWithCoupon('tommaso@example.it');
    expect(first.status).toBe(200);
    await api.database.db.updateTable('sales_order').set({ status: 'canceled' }).where('increment_id', '=', first.body.result.incrementId).execute();
    expect((await orderWithCoupon('tommaso+again@example.it')).status).toBe(200);
  });
});

describe('one mailbox rule in the database and in code', () => {
  it('person_email_key (coupon uses) and personEmailKey (copies of forms) agree', async () => {
    const addresses = [' Nl.X+2@Example.IT ', 'm.ario.rossi+shop@googlemail.com', 'MarioRossi@GMAIL.com', 'mario.rossi@example.it', 'a+b+c@x.it', 'no-at-sign'];
    for (const address of addresses) {
      const { rows } = await sql<{ key: string }>`SELECT person_email_key(${address}) AS key`.execute(api.database.db);
      expect(rows[0]!.key, address).toBe(personEmailKey(address));
    }
  });
});
