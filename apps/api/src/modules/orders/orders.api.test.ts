import { randomUUID } from 'node:crypto';
import { CHECKOUT_MESSAGES as M } from '@shop/contracts';
import { sampleAddress, sampleCompanyBilling } from '@shop/contracts/sample-order';
import { upsertProducts } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { orderHelpers } from '../../testing/orders.ts';
import { productFactory, testStock } from '../../testing/products.ts';
import { recordPayment, staffSession } from '../../testing/staff-session.ts';
import { readOutbox } from '../mail/eml.ts';

let api: TestApi;

const stock = testStock;
const product = productFactory(995_000);

beforeAll(async () => {
  api = await startTestApi();
  await upsertProducts(api.database.db, [
    product('ORD-KNIFE', 100),
    product('ORD-LAST', 50, { stock: stock(1) }),
    product('ORD-FIVE', 20, { stock: stock(5) }),
    product('ORD-BIG', 4500, { stock: stock(10) }),
    product('ORD-COURSE', 50, { type_id: 'virtual', stock: undefined }),
  ]);
});
afterAll(async () => {
  await api?.dispose();
});

const { q, cartWith, orderBody, place } = orderHelpers(() => api);
const companyBilling = sampleCompanyBilling;
const privateBilling = { ...sampleAddress, custom_attributes: { is_company: false, fiscal_code: 'RSSMRA79B11C566R' } };

async function waitForMail(to: string, subject: RegExp) {
  await api.app.mail.idle();
  api.app.mail.kick();
  await api.app.mail.idle();
  return readOutbox(api.app.mail.outboxDir!).filter((mail) => mail.to.includes(to) && subject.test(mail.subject));
}

describe('POST /api/order', () => {
  it('places a guest company order paid by bank transfer, with FatturaPA data, instructions and the mail', async () => {
    const cart = await cartWith([['ORD-KNIFE', 2]]);
    const res = await place(orderBody(cart, 'banktransfer', companyBilling, { email: 'trattoria@example.it' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { incrementId, accessKey, order } = res.body.result;
    expect(incrementId).toMatch(/^\d{9}$/);
    expect(accessKey.length).toBeGreaterThanOrEqual(32);
    expect(order).toMatchObject({
      status: 'pending_payment',
      buyer: { isCompany: true, company: 'Trattoria da Mario srl', vatId: '00743110157', sdiCode: 'M5UXCR1', activityType: 8492 },
      payment: { method: 'banktransfer', fatturapaCode: 'MP05', status: 'pending', instructions: { reference: `Ordine ${incrementId}` } },
      // 200 net + 5.49 shipping, 22 % VAT
      grandTotal: 250.7,
    });
    expect(order.payment.instructions.amount).toBe(250.7);
    const row = await api.database.db.selectFrom('sales_order').selectAll().where('increment_id', '=', incrementId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ fatturapa_payment_code: 'MP05', is_company: true, sdi_code: 'M5UXCR1', vat_id: '00743110157', grand_total_cents: 25070 });

    // The cart is emptied; the mail carries the total.
    expect((await api.call(`/api/cart/pull${q(cart)}`)).body.result).toEqual([]);
    const [mail] = await waitForMail('trattoria@example.it', new RegExp(incrementId));
    expect(mail?.text).toContain('€250,70');
    expect(mail?.text).toContain('IBAN');
  });

  it('places a guest private order with only a fiscal code, paid on delivery with its fee', async () => {
    const cart = await cartWith([['ORD-KNIFE', 1]]);
    const res = await place(orderBody(cart, 'cashondelivery', privateBilling));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { order } = res.body.result;
    expect(order).toMatchObject({ status: 'processing', buyer: { isCompany: false, fiscalCode: 'RSSMRA79B11C566R' }, payment: { fatturapaCode: 'MP01' } });
    expect(order.totalSegments.find((s: { code: string }) => s.code === 'surcharge').value).toBe(6);
    expect(order.fees).toContainEqual({ title: 'Contrassegno', amount: 7.32 });
    // 100 + 5.49 + 6 net, 22 % VAT
    expect(order.grandTotal).toBe(136.02);
  });

  it('ignores prices, totals and products sent by the client', async () => {
    const cart = await cartWith([['ORD-KNIFE', 1]]);
    const body = orderBody(cart, 'banktransfer', companyBilling, {
      products: [{ sku: 'ORD-KNIFE', qty: 1, price: 0.01, price_incl_tax: 0.01 }],
      ...({ grand_total: 0.01, totals: { grand_total: 0.01 } } as object),
    });
    const res = await place(body);
    expect(res.status).toBe(200);
    expect(res.body.result.order.grandTotal).toBe(128.7);
    // Products nested 10,000 levels deep ran the order's request hash out of stack: a 500 (found by the fuzz, issue 17).
    const deep = JSON.stringify({ ...orderBody(await cartWith([['ORD-KNIFE', 1]])), products: ['DEEP'] }).replace('"DEEP"', `${'['.repeat(10_000)}${']'.repeat(10_000)}`);
    expect((await api.call('/api/order', { rawBody: deep })).body).toEqual({ code: 400, result: 'Invalid request body: products.0: must not nest arrays or objects more than 64 levels deep' });
  });

  it('answers 409 with the new total when prices changed since the review', async () => {
    const cart = await cartWith([['ORD-KNIFE', 1]]);
    const res = await place(orderBody(cart, 'banktransfer', companyBilling, { expected_grand_total: 99.99 }));
    expect(res.body).toEqual({ code: 409, result: M.priceChanged.replace('{grandTotal}', '128.70 EUR') });
    expect((await place(orderBody(cart, 'banktransfer', companyBilling, { expected_grand_total: 128.7 }))).status).toBe(200);
  });

  it('sells the last unit once when 20 orders race for it; stock never goes below 0', async () => {
    const carts = await Promise.all(Array.from({ length: 20 }, () => cartWith([['ORD-LAST', 1]])));
    const results = await Promise.all(carts.map((cart) => place(orderBody(cart))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const refused of results.filter((r) => r.status !== 200)) {
      expect(refused.body).toEqual({ code: 409, result: M.outOfStockAtPlacement.replace('{skus}', 'ORD-LAST') });
    }
    const level = await api.database.db.selectFrom('stock_level').select('qty').where('sku', '=', 'ORD-LAST').executeTakeFirstOrThrow();
    expect(Number(level.qty)).toBe(0);
    const orders = await api.database.db.selectFrom('sales_order_item').select('order_id').where('sku', '=', 'ORD-LAST').execute();
    expect(orders).toHaveLength(1);
    // What is left to sell is what the cart and stock check now say.
    const check = await api.call('/api/stock/check?sku=ORD-LAST');
    expect(check.body.result).toMatchObject({ qty: 0, is_in_stock: false, status: 'out_of_stock', isInStock: false });
  });

  it('names the products no longer available in the requested quantity', async () => {
    const first = await cartWith([['ORD-FIVE', 3]]);
    const second = await cartWith([['ORD-FIVE', 4]]);
    expect((await place(orderBody(first))).status).toBe(200);
    expect((await place(orderBody(second))).body).toEqual({ code: 409, result: M.outOfStockAtPlacement.replace('{skus}', 'ORD-FIVE') });
  });

  it('answers a replay with the same order, and 409 when the key comes with another body', async () => {
    const cart = await cartWith([['ORD-KNIFE', 1]]);
    const body = orderBody(cart);
    const key = randomUUID();
    const [a, b] = await Promise.all([place(body, { 'idempotency-key': key }), place(body, { 'idempotency-key': key })]);
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    const again = await place(body, { 'idempotency-key': key });
    expect(again.body.result.incrementId).toBe(a.body.result.incrementId);
    const count = await api.database.db.selectFrom('sales_order').select('id').where('idempotency_key', '=', key).execute();
    expect(count).toHaveLength(1);
    const other = await place({ ...body, email: 'altro@example.it' }, { 'idempotency-key': key });
    expect(other.body).toEqual({ code: 409, result: M.idempotencyConflict });
    // A VSF resend stamps its own time and transmission flag: still the same order.
    const resent = await place({ ...body, created_at: '2026-11-25 10:00:05', transmited: true }, { 'idempotency-key': key });
    expect(resent.body.result.incrementId).toBe(a.body.result.incrementId);
    // The client's order_id is the key when no header is sent.
    const cart2 = await cartWith([['ORD-KNIFE', 1]]);
    const byOrderId = orderBody(cart2);
    const first = await place(byOrderId);
    expect((await place(byOrderId)).body.result.incrementId).toBe(first.body.result.incrementId);
  });

  it('numbers orders without gaps, a refused order taking no number', async () => {
    const numbers: number[] = [];
    for (let i = 0; i < 3; i++) {
      const refused = await place(orderBody(await cartWith([['ORD-KNIFE', 1]]), 'banktransfer', companyBilling, { expected_grand_total: 1 }));
      expect(refused.status).toBe(409);
      const placed = await place(orderBody(await cartWith([['ORD-KNIFE', 1]])));
      numbers.push(Number(placed.body.result.incrementId));
    }
    expect(numbers).toEqual([numbers[0]!, numbers[0]! + 1, numbers[0]! + 2]);
  });

  it('refuses cash on delivery from 5,000 EUR and for a virtual cart, and unknown methods', async () => {
    const big = await cartWith([['ORD-BIG', 1]]);
    expect((await place(orderBody(big, 'cashondelivery'))).body).toEqual({ code: 400, result: M.paymentMethodNotAllowed });
    const virtual = await cartWith([['ORD-COURSE', 1]]);
    expect((await place(orderBody(virtual, 'cashondelivery'))).body).toEqual({ code: 400, result: M.paymentMethodNotAllowed });
    expect((await place(orderBody(virtual, 'stripe'))).body).toEqual({ code: 400, result: M.paymentMethodNotAllowed });
    const cart = await cartWith([['ORD-KNIFE', 1]]);
    const unknownShipping = orderBody(cart);
    unknownShipping.addressInformation.shipping_carrier_code = 'teleport';
    expect((await place(unknownShipping)).body).toEqual({ code: 400, result: M.shippingMethodNotAllowed });
    // A virtual cart needs no shipping method to be paid by bank transfer.
    expect((await place(orderBody(virtual, 'banktransfer'))).status).toBe(200);
  });

  it('refuses an empty cart and an unknown cart', async () => {
    const empty = await cartWith([]);
    expect((await place(orderBody(empty))).body).toEqual({ code: 400, result: M.emptyCart });
    expect((await place(orderBody('no-such-cart'))).status).toBe(404);
  });

  it('counts coupon uses by orders: the limit is reached by orders, not by carts holding the code', async () => {
    await api.database.db
      .insertInto('coupon')
      .values({ code: 'ORDER1', code_key: 'ORDER1', discount_type: 'percent', discount_hundredths: 1000, usage_limit: 1 })
      .execute();
    const carts = await Promise.all([cartWith([['ORD-KNIFE', 1]]), cartWith([['ORD-KNIFE', 1]])]);
    for (const cart of carts) expect((await api.call(`/api/cart/apply-coupon${q(cart)}&coupon=order1`, { method: 'POST' })).status).toBe(200);
    const first = await place(orderBody(carts[0]!));
    expect(first.status).toBe(200);
    expect(first.body.result.order.totalSegments.find((s: { code: string }) => s.code === 'discount').value).toBe(-10);
    expect((await place(orderBody(carts[1]!))).body).toEqual({ code: 409, result: 'Incorrect coupon code. Please try again.' });
    const coupon = await api.database.db.selectFrom('coupon').select('times_used').where('code_key', '=', 'ORDER1').executeTakeFirstOrThrow();
    expect(coupon.times_used).toBe(1);
  });

  it('checks every invoicing field with the spec texts and names it', async () => {
    const cart = await cartWith([['ORD-KNIFE', 1]]);
    const cases: [object, string, string][] = [
      [{ ...privateBilling, custom_attributes: { is_company: false, fiscal_code: 'RSSMRA79B11C566X' } }, 'billingAddress.custom_attributes.fiscal_code', M.fiscalCodeInvalid],
      [{ ...companyBilling, vat_id: '00743110158' }, 'billingAddress.vat_id', M.vatInvalid],
      [{ ...companyBilling, custom_attributes: { is_company: true, fiscal_code: '00743110157', sdi_code: 'M5-XCR1' } }, 'billingAddress.custom_attributes.sdi_code', M.sdiNoSymbols],
      [{ ...companyBilling, custom_attributes: { is_company: true, fiscal_code: '00743110157' } }, 'billingAddress.custom_attributes.pec_email', M.pecOrSdi],
      [{ ...companyBilling, custom_attributes: { is_company: true, fiscal_code: '00743110157', pec_email: 'non-una-pec' } }, 'billingAddress.custom_attributes.pec_email', M.pecInvalid],
      [{ ...privateBilling, postcode: '2012' }, 'billingAddress.postcode', M.zipInvalid],
      // Found by the fuzz (issue 17): unions none of whose shapes fit said only "Invalid input".
      [{ ...privateBilling, region_id: {} }, 'billingAddress.region_id', 'must be a region id: a whole number, or a text of at most 16 characters'],
      [{ ...privateBilling, telephone: true }, 'billingAddress.telephone', 'must be a phone number: a text or a number'],
    ];
    for (const [billing, field, message] of cases) {
      const res = await place(orderBody(cart, 'banktransfer', billing));
      expect(res.status, field).toBe(400);
      expect(res.body.result, field).toContain(`${field}: ${message}`);
    }
    const userId = await place({ ...orderBody(cart), user_id: {} as string });
    expect(userId.body.result).toContain('user_id: must be a customer id: a text of at most 64 characters or a number');
    // Valid: an omocodia fiscal code, and a company with a PEC instead of an SDI code.
    expect((await place(orderBody(cart, 'banktransfer', { ...privateBilling, custom_attributes: { is_company: false, fiscal_code: 'RSSMRATVBMMCRSSH' } }))).status).toBe(200);
    const cart2 = await cartWith([['ORD-KNIFE', 1]]);
    const pec = { ...companyBilling, custom_attributes: { is_company: true, fiscal_code: '00743110157', pec_email: 'ditta@pec.it' } };
    expect((await place(orderBody(cart2, 'banktransfer', pec))).status).toBe(200);
  });
});

describe('GET /api/order/:incrementId', () => {
  it('answers the owner with the key, and nobody else', async () => {
    const mine = (await place(orderBody(await cartWith([['ORD-KNIFE', 1]])))).body.result;
    const theirs = (await place(orderBody(await cartWith([['ORD-KNIFE', 1]])))).body.result;
    const read = await api.call(`/api/order/${mine.incrementId}?key=${mine.accessKey}`);
    expect(read.body).toEqual({ code: 200, result: mine.order });
    for (const path of [`/api/order/${mine.incrementId}?key=${theirs.accessKey}`, `/api/order/${mine.incrementId}?key=x${mine.accessKey}`, `/api/order/999999999?key=${mine.accessKey}`]) {
      expect((await api.call(path)).body).toEqual({ code: 404, result: 'Order not found' });
    }
    expect((await api.call(`/api/order/${mine.incrementId}`)).status).toBe(400);
  });
});

describe('after placement', () => {
  it('records a bank transfer received: the order is paid and the buyer gets the payment mail', async () => {
    const { incrementId } = (await place(orderBody(await cartWith([['ORD-KNIFE', 1]]), 'banktransfer', companyBilling, { email: 'pagato@example.it' }))).body.result;
    const paid = await recordPayment(api, await staffSession(api), incrementId);
    expect(paid.body.result).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
    expect(await waitForMail('pagato@example.it', /pagamento/i)).toHaveLength(1);
  });

  it('expires an unpaid order whose payment time ran out, giving stock and coupon use back once', async () => {
    await api.database.db
      .insertInto('coupon')
      .values({ code: 'EXPIRE1', code_key: 'EXPIRE1', discount_type: 'percent', discount_hundredths: 500, usage_limit: 5 })
      .execute();
    const cart = await cartWith([['ORD-FIVE', 2]]);
    await api.call(`/api/cart/apply-coupon${q(cart)}&coupon=EXPIRE1`, { method: 'POST' });
    const before = await api.call('/api/stock/check?sku=ORD-FIVE');
    const { incrementId } = (await place(orderBody(cart))).body.result;
    // As an online payment would be: waiting, with its time already over.
    await api.database.db.updateTable('sales_order').set({ expires_at: new Date(Date.now() - 1000) }).where('increment_id', '=', incrementId).execute();
    expect(await api.app.payments.expireDue()).toBe(1);
    expect(await api.app.payments.expireDue()).toBe(0);
    expect((await api.call('/api/stock/check?sku=ORD-FIVE')).body.result.qty).toBe(before.body.result.qty);
    const coupon = await api.database.db.selectFrom('coupon').select('times_used').where('code_key', '=', 'EXPIRE1').executeTakeFirstOrThrow();
    expect(coupon.times_used).toBe(0);
    const row = await api.database.db.selectFrom('sales_order').select(['status', 'payment_status']).where('increment_id', '=', incrementId).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'expired', payment_status: 'expired' });
  });
});

describe('order attributes (shopping §7 guestCheckoutData)', () => {
  it("saves a guest cart's order attributes and the order takes those its address lacks", async () => {
    const cart = await cartWith([['ORD-KNIFE', 1]]);
    const saved = await api.call(`/api/order-attributes/guestCheckoutData/${cart}`, {
      body: { attributes: [{ attribute_code: 'orari_apertura', value: '7-15' }, { attribute_code: 'cellulare_per_corriere', value: '3339876543' }] },
    });
    expect(saved.body).toEqual({ code: 200, result: true });
    const refused = await api.call(`/api/order-attributes/guestCheckoutData/${cart}`, { body: { attributes: { colore: 'rosso' } } });
    expect(refused.status).toBe(400);
    // Neither a list nor an object: the answer says what `attributes` should be (zod alone says "Invalid input").
    const shapeless = await api.call(`/api/order-attributes/guestCheckoutData/${cart}`, { body: { attributes: [{}] } });
    expect(shapeless.body).toEqual({
      code: 400,
      result: 'Invalid request body: attributes: must be a list of { attribute_code, value } or an object of attribute values',
    });
    expect((await api.call(`/api/order-attributes/checkoutData/${cart}`, { body: { attributes: {} } })).status).toBe(401);
    expect((await api.call('/api/order-attributes/guestCheckoutData/no-such-cart', { body: { attributes: {} } })).status).toBe(404);

    const { order } = (await place(orderBody(cart))).body.result;
    expect(order.shippingAddress.extension_attributes).toEqual({ tipo_attivita: 8492, orari_apertura: '7-15', cellulare_per_corriere: '3339876543' });
  });
});
