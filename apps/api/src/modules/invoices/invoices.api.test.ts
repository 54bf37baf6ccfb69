import { sampleAddress, sampleCompanyBilling } from '@shop/contracts/sample-order';
import { upsertProducts } from '@shop/db';
import { sql } from 'kysely';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { orderHelpers } from '../../testing/orders.ts';
import { productFactory } from '../../testing/products.ts';
import { recordPayment, staffSession } from '../../testing/staff-session.ts';
import { italianDay } from './document.ts';
import { xsdErrors } from './xsd/validate.ts';

let api: TestApi;
const ADMIN_TOKEN = 'invoices-test-admin-token-0123456789abcdef';
const product = productFactory(996_500);
const { q, cartWith, orderBody, place } = orderHelpers(() => api);
/** The tools' admin token (which opens no back-office route) and a staff member's session. */
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
let staff: Record<string, string>;
const YEAR = Number(italianDay(new Date()).slice(0, 4));

beforeAll(async () => {
  api = await startTestApi({ adminToken: ADMIN_TOKEN });
  staff = await staffSession(api);
  await upsertProducts(api.database.db, [product('INV-OVEN', 1299), product('INV-PAN', 19.99), product('INV-KNIFE', 45.9)]);
});
afterAll(async () => {
  await api?.dispose();
});

const consumer = { ...sampleAddress, custom_attributes: { is_company: false, fiscal_code: 'RSSMRA79B11C566R' } };
const pecCompany = {
  ...sampleCompanyBilling,
  custom_attributes: [
    { attribute_code: 'is_company', value: '1' },
    { attribute_code: 'fiscal_code', value: '00743110157' },
    { attribute_code: 'pec_email', value: 'trattoria@pec.example.it' },
  ],
};

async function placed(lines: [string, number][], payment: string, billing: object, prepare?: (cart: string) => Promise<void>) {
  const cart = await cartWith(lines);
  await prepare?.(cart);
  const res = await place(orderBody(cart, payment, billing));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.incrementId as string;
}

const markPaid = (incrementId: string) => recordPayment(api, staff, incrementId);

async function orderRow(incrementId: string) {
  return api.database.db.selectFrom('sales_order').selectAll().where('increment_id', '=', incrementId).executeTakeFirstOrThrow();
}

async function invoicesOf(incrementId: string) {
  const res = await api.call(`/api/admin/orders/${incrementId}/invoices`, { headers: staff });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as { id: number; type: string; number: string; total: number; fileName: string; xmlUrl: string; pdfUrl: string }[];
}

/** Downloads the XML, checks it against the official XSD and answers it with its document total in cents. */
async function xmlOf(id: number) {
  const res = await fetch(`${api.url}/api/admin/invoices/${id}.xml`, { headers: staff });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  const xml = await res.text();
  expect(xsdErrors(xml), xml).toBe('');
  const cents = (tag: string) => [...xml.matchAll(new RegExp(`<${tag}>(-?[\\d.]+)</${tag}>`, 'g'))].reduce((sum, m) => sum + Math.round(Number(m[1]) * 100), 0);
  expect(cents('ImponibileImporto') + cents('Imposta')).toBe(cents('ImportoTotaleDocumento'));
  return { xml, totalCents: cents('ImportoTotaleDocumento'), disposition: res.headers.get('content-disposition') };
}

describe('invoice numbering', () => {
  it('numbers 20 orders paid at once 1 to 20: no gaps, no duplicates, one invoice each', async () => {
    const orders: string[] = [];
    for (let i = 0; i < 20; i++) orders.push(await placed([['INV-KNIFE', 1]], 'banktransfer', sampleCompanyBilling));
    expect(await api.database.db.selectFrom('invoice').select('id').execute()).toEqual([]);
    const paid = await Promise.all(orders.map(markPaid));
    expect(paid.map((res) => res.status)).toEqual(orders.map(() => 200));
    // Paying twice issues nothing more.
    await Promise.all(orders.slice(0, 5).map(markPaid));
    const rows = await api.database.db.selectFrom('invoice').innerJoin('sales_order', 'sales_order.id', 'invoice.order_id').select(['invoice.sequence', 'invoice.number', 'invoice.year', 'invoice.type', 'sales_order.increment_id']).execute();
    expect(rows).toHaveLength(20);
    expect(rows.map((r) => r.sequence).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.increment_id))).toEqual(new Set(orders));
    expect(rows.every((r) => r.type === 'TD01' && r.year === YEAR && r.number === `${YEAR}/${String(r.sequence).padStart(6, '0')}`)).toBe(true);
    const { last_value } = await api.database.db.selectFrom('invoice_sequence').select('last_value').where('year', '=', YEAR).executeTakeFirstOrThrow();
    expect(last_value).toBe(20);
  });

  it('keeps an issued invoice as it was: the database refuses to change or delete it', async () => {
    const [invoice] = await invoicesOf(await placedAndPaid([['INV-PAN', 1]], 'banktransfer', sampleCompanyBilling));
    await expect(sql`UPDATE invoice SET total_cents = 1 WHERE id = ${invoice!.id}`.execute(api.database.db)).rejects.toThrow(/cannot be changed or deleted/);
    await expect(sql`DELETE FROM invoice WHERE id = ${invoice!.id}`.execute(api.database.db)).rejects.toThrow(/cannot be changed or deleted/);
  });
});

async function placedAndPaid(lines: [string, number][], payment: string, billing: object, prepare?: (cart: string) => Promise<void>) {
  const incrementId = await placed(lines, payment, billing, prepare);
  expect((await markPaid(incrementId)).status).toBe(200);
  return incrementId;
}

describe('GET /api/admin/invoices/{id}.xml and .pdf', () => {
  it('company with an SDI code: the XML validates, names the SDI code and totals the order', async () => {
    const incrementId = await placedAndPaid([['INV-OVEN', 1], ['INV-PAN', 3]], 'banktransfer', sampleCompanyBilling);
    const [invoice] = await invoicesOf(incrementId);
    const { xml, totalCents, disposition } = await xmlOf(invoice!.id);
    expect(totalCents).toBe((await orderRow(incrementId)).grand_total_cents);
    expect(disposition).toBe(`attachment; filename="${invoice!.fileName}"`);
    expect(invoice!.fileName).toMatch(/^IT01234560157_[A-Z0-9]{5}\.xml$/);
    expect(xml).toContain('<CodiceDestinatario>M5UXCR1</CodiceDestinatario>');
    expect(xml).toContain(`<Numero>${invoice!.number}</Numero>`);
    expect(xml).toContain('<ModalitaPagamento>MP05</ModalitaPagamento>');
  });

  it('company with a PEC address: 0000000 and PECDestinatario', async () => {
    const [invoice] = await invoicesOf(await placedAndPaid([['INV-PAN', 2]], 'banktransfer', pecCompany));
    const { xml } = await xmlOf(invoice!.id);
    expect(xml).toContain('<CodiceDestinatario>0000000</CodiceDestinatario><PECDestinatario>trattoria@pec.example.it</PECDestinatario>');
  });

  it('a consumer paying cash on delivery: invoiced with the codice fiscale once the cash is collected', async () => {
    const incrementId = await placed([['INV-KNIFE', 2]], 'cashondelivery', consumer);
    expect(await invoicesOf(incrementId)).toEqual([]);
    expect((await markPaid(incrementId)).status).toBe(200);
    const [invoice] = await invoicesOf(incrementId);
    const { xml, totalCents } = await xmlOf(invoice!.id);
    expect(totalCents).toBe((await orderRow(incrementId)).grand_total_cents);
    expect(xml).toContain('<CodiceDestinatario>0000000</CodiceDestinatario>');
    expect(xml).toContain('<CodiceFiscale>RSSMRA79B11C566R</CodiceFiscale><Anagrafica><Nome>Mario</Nome><Cognome>Rossi</Cognome>');
    expect(xml).toContain('<ModalitaPagamento>MP01</ModalitaPagamento>');
    expect(xml).toContain('<Descrizione>Costo pagamento: Contrassegno</Descrizione>');
  });

  it('an order with a product fee, the tail-lift and a coupon: a line for each, the total to the cent', async () => {
    const incrementId = await placedAndPaid([['INV-OVEN', 1], ['INV-PAN', 7]], 'banktransfer', sampleCompanyBilling, async (cart) => {
      const items = (await api.call(`/api/cart/pull${q(cart)}`)).body.result as { item_id: number; sku: string }[];
      const oven = items.find((item) => item.sku === 'INV-OVEN')!;
      expect((await api.call(`/api/ext/multifees/setProductFees/${cart}?isGuest=1`, { body: { itemId: oven.item_id, id: 1, options: '1' } })).status).toBe(200);
      expect((await api.call(`/api/ext/multifees/setShippingFees/${cart}`, { body: { id: '2', options: '2,4' } })).status).toBe(200);
      expect((await api.call(`/api/cart/apply-coupon${q(cart)}&coupon=NEWSLETTER10`, { method: 'POST' })).status).toBe(200);
    });
    const order = await orderRow(incrementId);
    expect(order.discount_cents).toBeGreaterThan(0);
    expect(order.fee_cents).toBeGreaterThan(0);
    const [invoice] = await invoicesOf(incrementId);
    const { xml, totalCents } = await xmlOf(invoice!.id);
    expect(totalCents).toBe(order.grand_total_cents);
    expect(xml).toContain('<Descrizione>Consegna con sponda idraulica</Descrizione>');
    expect(xml).toContain('<Descrizione>Preavviso telefonico</Descrizione>');
    expect(xml).toContain('<Descrizione>Assicurazione all-risk (Prodotto INV-OVEN)</Descrizione>');
    expect(xml).toContain('<Descrizione>Sconto coupon NEWSLETTER10</Descrizione>');
    // Shipping is a line of its own when it is charged (free above the shop's threshold).
    if (order.shipping_cents > 0) expect(xml).toMatch(/<Descrizione>Spedizione: [^<]+<\/Descrizione>/);
    else expect(xml).not.toContain('Spedizione');
  });

  it('a credit note for part of an invoice: TD04 naming it, valid, and never more than the invoice', async () => {
    const incrementId = await placedAndPaid([['INV-PAN', 4]], 'banktransfer', sampleCompanyBilling);
    const [invoice] = await invoicesOf(incrementId);
    const note = await api.app.invoices.issueCreditNote(invoice!.id, { lines: [{ index: 0, qty: 1 }], reason: 'Reso di una teglia' });
    expect(note).toMatchObject({ type: 'TD04', corrects_invoice_id: invoice!.id, total_cents: 2439 });
    const { xml } = await xmlOf(note.id);
    expect(xml).toContain('<TipoDocumento>TD04</TipoDocumento>');
    expect(xml).toContain(`<DatiFattureCollegate><IdDocumento>${invoice!.number}</IdDocumento>`);
    await expect(api.app.invoices.issueCreditNote(invoice!.id, { lines: [{ index: 0, qty: 4 }] })).rejects.toMatchObject({ status: 409 });
    const listed = await invoicesOf(incrementId);
    expect(listed.map((d) => d.type)).toEqual(['TD01', 'TD04']);
    // The refused note took no number: the next document follows the note.
    const next = await invoicesOf(await placedAndPaid([['INV-PAN', 1]], 'banktransfer', sampleCompanyBilling));
    expect(Number(next[0]!.number.split('/')[1])).toBe(Number(listed[1]!.number.split('/')[1]) + 1);
  });

  it('no invoice for a private buyer abroad who gave no fiscal data', async () => {
    const abroad = { ...sampleAddress, country_id: 'AT', region_code: '', region: 'Wien', postcode: '1010', city: 'Wien', telephone: '+43 1 2345678', custom_attributes: { is_company: false } };
    const incrementId = await placed([['INV-PAN', 1]], 'banktransfer', abroad);
    expect((await markPaid(incrementId)).status).toBe(200);
    expect(await invoicesOf(incrementId)).toEqual([]);
  });

  it('the PDF carries the legal number', async () => {
    const incrementId = await placedAndPaid([['INV-PAN', 1]], 'banktransfer', sampleCompanyBilling);
    const [invoice] = await invoicesOf(incrementId);
    const res = await fetch(`${api.url}/api/admin/invoices/${invoice!.id}.pdf`, { headers: staff });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="fattura-${invoice!.number.replace('/', '-')}.pdf"`);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true });
    expect(text).toContain(`n. ${invoice!.number}`);
    expect(text).toContain(`Ordine n. ${incrementId}`);
    expect(text).toContain('Trattoria da Mario srl');
  });

  it("the customer's documents name the invoice by its legal number once issued, and its PDF is the issued one", async () => {
    const email = 'fatture.cliente@example.it';
    expect((await api.call('/api/user/create', { body: { customer: { email, firstname: 'Mario', lastname: 'Rossi' }, password: 'Fattura-2026' } })).status).toBe(200);
    const token = (await api.call('/api/user/login', { body: { username: email, password: 'Fattura-2026' } })).body.result as string;
    const cart = await cartWith([['INV-PAN', 2]], token);
    const res = await api.call(`/api/order?token=${token}`, { body: orderBody(cart, 'banktransfer', sampleCompanyBilling) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const incrementId = res.body.result.incrementId as string;
    expect((await markPaid(incrementId)).status).toBe(200);
    const [invoice] = await invoicesOf(incrementId);
    const documents = await api.call(`/api/user/documents?token=${token}`);
    expect(documents.body.result).toMatchObject([{ increment_id: incrementId, title: `Fattura n. ${invoice!.number}` }]);
    const pdf = await fetch(`${api.url}/api/user/order/${incrementId}/invoice?token=${token}`);
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="fattura-${invoice!.number.replace('/', '-')}.pdf"`);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), { mergePages: true });
    expect(text).toContain(`n. ${invoice!.number}`);
  });

  it('refuses without a back-office session (the admin token is not one), and answers 404 for an unknown invoice', async () => {
    for (const path of ['/api/admin/invoices/1.xml', '/api/admin/invoices/1.pdf', '/api/admin/orders/000000001/invoices']) {
      expect((await api.call(path)).status).toBe(401);
      expect((await api.call(path, { headers: admin })).status).toBe(401);
    }
    expect((await api.call('/api/admin/invoices/999999.xml', { headers: staff })).body).toEqual({ code: 404, result: 'Fattura non trovata' });
    expect((await api.call('/api/admin/invoices/abc.pdf', { headers: staff })).status).toBe(404);
    const { paths } = (await api.call('/api/openapi.json')).body;
    expect(Object.keys(paths['/api/admin/invoices/{id}.xml'].get.responses['200'].content)).toEqual(['application/xml']);
    expect(Object.keys(paths['/api/admin/invoices/{id}.pdf'].get.responses['200'].content)).toEqual(['application/pdf']);
  });
});
