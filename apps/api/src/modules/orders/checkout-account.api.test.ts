/**
 * Issue 42 point 3 and point 1 (server side): "Crea un account con questo acquisto" makes the
 * account with the chosen password and signs the buyer in; an e-mail that already has an account
 * is never taken over; a signed-in customer's order goes to their account's address.
 */
import { upsertProducts } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { orderHelpers } from '../../testing/orders.ts';
import { productFactory } from '../../testing/products.ts';
import { readOutbox } from '../mail/eml.ts';

let api: TestApi;
const product = productFactory(996_500);
const { cartWith, orderBody, place } = orderHelpers(() => api);
const PASSWORD = 'Pentola-2026';

beforeAll(async () => {
  api = await startTestApi();
  await upsertProducts(api.database.db, [product('CKA-POT', 30)]);
});
afterAll(async () => {
  await api?.dispose();
});

let nextAddress = 1;
const from = () => ({ 'x-forwarded-for': `198.51.100.${nextAddress++}` });
const login = (email: string, password: string) => api.call('/api/user/login', { body: { username: email, password }, headers: from() });

async function mailsTo(email: string) {
  await api.app.mail.idle();
  api.app.mail.kick();
  await api.app.mail.idle();
  return readOutbox(api.app.mail.outboxDir!).filter((mail) => mail.to.includes(email));
}

describe('an account made with the purchase', () => {
  it('gets the chosen password (argon2id), signs the buyer in, and the order, page answer and mail say so', async () => {
    const email = 'nuovo-con-password@example.it';
    const res = await place(orderBody(await cartWith([['CKA-POT', 1]]), 'banktransfer', undefined, { email, create_account: true, password: PASSWORD }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({ account: 'created', token: expect.any(String), refreshToken: expect.any(String), order: { account: 'created' } });
    // The answer's session is the new customer's, and the order is already in their history.
    const history = await api.call(`/api/user/order-history?token=${res.body.result.token}`);
    expect(history.body.result.items.map((o: { increment_id: string }) => o.increment_id)).toEqual([res.body.result.incrementId]);
    // The chosen password signs in; it is stored as argon2id like every account's, and never with the order.
    expect((await login(email, PASSWORD)).status).toBe(200);
    const row = await api.database.db.selectFrom('customer').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const order = await api.database.db.selectFrom('sales_order').selectAll().where('increment_id', '=', res.body.result.incrementId).executeTakeFirstOrThrow();
    expect(JSON.stringify(order)).not.toContain(PASSWORD);
    // The order is read back with the same word (the thank-you page), and the mail tells it.
    const read = await api.call(`/api/order/${res.body.result.incrementId}?key=${res.body.result.accessKey}`);
    expect(read.body.result.account).toBe('created');
    const [mail] = await mailsTo(email);
    expect(mail?.text).toContain('Abbiamo creato il tuo account con la password che hai scelto');
  });

  it('never takes over an existing account: a guest order, the old password unchanged, the buyer asked to sign in', async () => {
    const email = 'gia-cliente@example.it';
    expect((await api.call('/api/user/create', { body: { customer: { email, firstname: 'Gino', lastname: 'Verdi' }, password: PASSWORD } })).status).toBe(200);
    const res = await place(orderBody(await cartWith([['CKA-POT', 1]]), 'banktransfer', undefined, { email, create_account: true, password: 'Altra-password-1' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.account).toBe('exists');
    expect(res.body.result).not.toHaveProperty('token');
    expect((await login(email, 'Altra-password-1')).status).toBe(401);
    const session = await login(email, PASSWORD);
    expect(session.status).toBe(200);
    const history = await api.call(`/api/user/order-history?token=${session.body.result}`);
    expect(history.body.result.total_count).toBe(0);
    const [mail] = await mailsTo(email);
    expect(mail?.text).toContain("Esiste già un account con l'indirizzo");
    // Signed in, the owner links it with the order's key; another customer cannot, nor anyone without the key.
    const { incrementId, accessKey } = res.body.result;
    const other = 'altro-cliente@example.it';
    await api.call('/api/user/create', { body: { customer: { email: other, firstname: 'Ugo', lastname: 'Blu' }, password: PASSWORD } });
    const otherToken = (await login(other, PASSWORD)).body.result as string;
    expect((await api.call(`/api/order/${incrementId}/link?key=${accessKey}&token=${otherToken}`, { method: 'POST' })).status).toBe(403);
    expect((await api.call(`/api/order/${incrementId}/link?key=wrong&token=${session.body.result}`, { method: 'POST' })).status).toBe(404);
    expect((await api.call(`/api/order/${incrementId}/link?key=${accessKey}&token=${session.body.result}`, { method: 'POST' })).status).toBe(200);
    const linked = await api.call(`/api/user/order-history?token=${session.body.result}`);
    expect(linked.body.result.items.map((o: { increment_id: string }) => o.increment_id)).toEqual([incrementId]);
  });

  it('refuses a weak password before any order, naming the field', async () => {
    const cart = await cartWith([['CKA-POT', 1]]);
    const res = await place(orderBody(cart, 'banktransfer', undefined, { email: 'debole@example.it', create_account: true, password: '12345678' }));
    expect(res.status).toBe(400);
    expect(res.body.result).toMatch(/^Invalid request body: password: /);
    expect((await api.call(`/api/cart/totals?cartId=${cart}`)).body.result.items).toHaveLength(1);
  });
});

describe("a signed-in customer's order", () => {
  it("goes to the account's e-mail whatever address the form sent", async () => {
    const email = 'cliente-firmato@example.it';
    await api.call('/api/user/create', { body: { customer: { email, firstname: 'Lia', lastname: 'Neri' }, password: PASSWORD } });
    const token = (await login(email, PASSWORD)).body.result as string;
    const cart = await cartWith([['CKA-POT', 1]], token);
    const res = await api.call(`/api/order?token=${token}`, { body: orderBody(cart, 'banktransfer', undefined, { email: 'ospite-precedente@example.it' }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.order.email).toBe(email);
    expect(await mailsTo('ospite-precedente@example.it')).toHaveLength(0);
    expect((await mailsTo(email)).length).toBeGreaterThan(0);
  });
});
