import { ACCOUNT_MESSAGES as A } from '@shop/contracts';
import { sampleAddress, sampleCompanyBilling } from '@shop/contracts/sample-order';
import { upsertProducts } from '@shop/db';
import { formatPrice, toCents } from '@shop/domain';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { orderHelpers } from '../../testing/orders.ts';
import { productFactory } from '../../testing/products.ts';
import { recordPayment, staffSession } from '../../testing/staff-session.ts';
import type { Seller } from './invoice-pdf.ts';

let api: TestApi;
const SELLER: Seller = { name: 'Cucine Professionali Rossi srl', vatId: '00743110157', fiscalCode: '00743110157', address: 'Via Torino 5, 10121 Torino (TO)', pec: 'fatture@pec.example.it', rea: 'TO-7654321' };
const product = productFactory(998_000);
const { cartWith, orderBody } = orderHelpers(() => api);

beforeAll(async () => {
  api = await startTestApi({ seller: SELLER });
  await upsertProducts(api.database.db, [product('DOC-FRY', 610), product('DOC-KNIFE', 48)]);
});
afterAll(async () => {
  await api?.dispose();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A sole trader: a personal codice fiscale beside the company's partita IVA. */
const soleTrader = {
  ...sampleCompanyBilling,
  company: 'Trattoria Là Giù di Mario Rossi',
  vat_id: '01234560157',
  custom_attributes: [
    { attribute_code: 'is_company', value: '1' },
    { attribute_code: 'fiscal_code', value: 'RSSMRA79B11C566R' },
    { attribute_code: 'sdi_code', value: 'M5UXCR1' },
  ],
};

let nextEmail = 1;
async function signedIn(): Promise<string> {
  const email = `documenti${nextEmail++}@example.it`;
  const password = 'Fattura-2026';
  expect((await api.call('/api/user/create', { body: { customer: { email, firstname: 'Mario', lastname: 'Rossi' }, password } })).status).toBe(200);
  return (await api.call('/api/user/login', { body: { username: email, password } })).body.result as string;
}

const LINES: [sku: string, qty: number][] = [
  ['DOC-FRY', 1],
  ['DOC-KNIFE', 3],
];

/** The customer's own cart (a signed-in order must come from it) with the lines, else a guest cart. */
async function cartOf(token: string | null): Promise<string> {
  if (!token) return cartWith(LINES);
  const cart = (await api.call(`/api/cart/create?token=${token}`, { method: 'POST' })).body.result as string;
  for (const [sku, qty] of LINES) {
    expect((await api.call(`/api/cart/update?cartId=${cart}&token=${token}`, { body: { cartItem: { sku, qty } } })).status).toBe(200);
  }
  return cart;
}

async function placeOrder(token: string | null, payment: 'cashondelivery' | 'banktransfer', billing: object = soleTrader) {
  const cart = await cartOf(token);
  const res = await api.call(`/api/order${token ? `?token=${token}` : ''}`, { body: orderBody(cart, payment, billing) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { incrementId: res.body.result.incrementId as string, grandTotal: res.body.result.order.grandTotal as number };
}

const invoicePath = (incrementId: string) => `/api/user/order/${incrementId}/invoice`;
const download = (incrementId: string, headers: Record<string, string> = {}) => fetch(`${api.url}${invoicePath(incrementId)}`, { headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function pdfText(response: Response): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await response.arrayBuffer())), { mergePages: true });
  return text;
}

describe('GET /api/user/order/:incrementId/invoice', () => {
  it("downloads the invoice of the customer's order as a PDF with the buyer's and seller's fiscal data and the total", async () => {
    const token = await signedIn();
    const order = await placeOrder(token, 'cashondelivery');
    const res = await download(order.incrementId, bearer(token));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="fattura-${order.incrementId}.pdf"`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const text = await pdfText(res);
    for (const expected of [
      `n. ${order.incrementId}`,
      'Trattoria Là Giù di Mario Rossi',
      'Codice fiscale RSSMRA79B11C566R',
      'Partita IVA 01234560157',
      'Codice destinatario SDI M5UXCR1',
      'Via Roma 12',
      '20121 Milano (MI)',
      SELLER.name,
      `Partita IVA ${SELLER.vatId}`,
      'DOC-KNIFE',
      'Contrassegno (MP01)',
      'Supplemento pagamento',
      formatPrice(toCents(order.grandTotal)),
    ]) {
      expect(text).toContain(expected);
    }
    // The query token works as well (shopping.md §6).
    const byQuery = await fetch(`${api.url}${invoicePath(order.incrementId)}?token=${token}`);
    expect(byQuery.headers.get('content-type')).toBe('application/pdf');
  });

  it("answers another customer's order, a guest's order, an unpaid order and an unknown number alike: 404 without data", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const mine = await placeOrder(owner, 'cashondelivery');
    const unpaid = await placeOrder(owner, 'banktransfer');
    const guest = await placeOrder(null, 'cashondelivery');
    const attempts = [
      await download(mine.incrementId, bearer(other)),
      await download(guest.incrementId, bearer(owner)),
      await download(unpaid.incrementId, bearer(owner)),
      await download('999999999', bearer(owner)),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ code: 404, result: 'Order not found' });
    }
    // Once the transfer arrives, the order is shipped and invoiced.
    expect((await recordPayment(api, await staffSession(api), unpaid.incrementId)).status).toBe(200);
    const paid = await download(unpaid.incrementId, bearer(owner));
    expect(paid.status).toBe(200);
    expect(await pdfText(paid)).toMatch(/Bonifico bancario anticipato \(MP05\) - pagamento ricevuto il \d{2}\/\d{2}\/\d{4}/);
  });

  it('refuses a guest, a malformed token and an expired token with 401', async () => {
    const token = await signedIn();
    const { incrementId } = await placeOrder(token, 'cashondelivery');
    const refused = [await download(incrementId), await download(incrementId, bearer('not-a-token')), await download(incrementId, bearer(`${token.slice(0, -2)}xx`))];
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 16 * 60_000);
    refused.push(await download(incrementId, bearer(token)));
    vi.useRealTimers();
    for (const res of refused) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ code: 401, result: A.notAuthorized });
    }
  });
});

describe('GET /api/user/documents', () => {
  it("lists the customer's invoices newest first, paged, and nobody else's", async () => {
    const token = await signedIn();
    const first = await placeOrder(token, 'cashondelivery', { ...sampleAddress, custom_attributes: { is_company: false, fiscal_code: 'RSSMRA79B11C566R' } });
    await placeOrder(token, 'banktransfer');
    const second = await placeOrder(token, 'cashondelivery');
    await placeOrder(await signedIn(), 'cashondelivery');

    const all = await api.call(`/api/user/documents?token=${token}`);
    expect(all.body).toEqual({
      code: 200,
      result: [second, first].map((order) => ({
        increment_id: order.incrementId,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        grand_total: order.grandTotal,
        type: 'invoice',
        title: `Fattura n. ${order.incrementId}`,
        url: invoicePath(order.incrementId),
      })),
      meta: { total_count: 2, page_size: 20, current_page: 1 },
    });
    const page2 = await api.call('/api/user/documents?pageSize=1&currentPage=2', { headers: bearer(token) });
    expect(page2.body.result.map((d: { increment_id: string }) => d.increment_id)).toEqual([first.incrementId]);
    expect(page2.body.meta).toEqual({ total_count: 2, page_size: 1, current_page: 2 });
    // Each listed url downloads its invoice; a private buyer's shows the name.
    const res = await fetch(`${api.url}${all.body.result[1].url}`, { headers: bearer(token) });
    expect(await pdfText(res)).toContain('Mario Rossi');

    expect((await api.call('/api/user/documents')).body).toEqual({ code: 401, result: A.notAuthorized });
    expect((await api.call(`/api/user/documents?token=${await signedIn()}`)).body).toEqual({ code: 200, result: [], meta: { total_count: 0, page_size: 20, current_page: 1 } });
  });

  it('is described in the OpenAPI document, the invoice as a PDF body', async () => {
    const { paths } = (await api.call('/api/openapi.json')).body;
    expect(Object.keys(paths['/api/user/order/{incrementId}/invoice'].get.responses['200'].content)).toEqual(['application/pdf']);
    expect(paths['/api/user/documents'].get.summary).toMatch(/documents/);
  });
});
