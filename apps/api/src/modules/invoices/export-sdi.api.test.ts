import { ADMIN_INVOICE_MESSAGES as I, type SdiTransmissionView } from '@shop/contracts';
import { sampleAddress, sampleCompanyBilling } from '@shop/contracts/sample-order';
import { upsertProducts } from '@shop/db';
import { startSdiSandbox } from '@shop/sandboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { orderHelpers } from '../../testing/orders.ts';
import { productFactory } from '../../testing/products.ts';
import { recordPayment, staffSession } from '../../testing/staff-session.ts';
import { readZip } from '../../testing/zip-reader.ts';
import { italianDay } from './document.ts';
import { xsdErrors } from './xsd/validate.ts';

/** Issue #44 point 4: the accountant's month as a ZIP, and the invoices' way to the SdI through the intermediary's sandbox (ADR 0030). */
let api: TestApi;
let sandbox: Awaited<ReturnType<typeof startSdiSandbox>>;
const SDI_KEY = 'sdi_test_sandbox-export-test';
const product = productFactory(996_700);
const { cartWith, orderBody, place } = orderHelpers(() => api);
let owner: Record<string, string>;
let staff: Record<string, string>;
const MONTH = italianDay(new Date()).slice(0, 7);

beforeAll(async () => {
  sandbox = await startSdiSandbox({ apiKey: SDI_KEY });
  // The worker looks for due rows once at start and then hourly: the tests run it themselves.
  api = await startTestApi({ sdi: { apiUrl: sandbox.url, apiKey: SDI_KEY, pollIntervalMs: 3_600_000 } });
  [owner, staff] = await Promise.all([staffSession(api, 'owner'), staffSession(api)]);
  await upsertProducts(api.database.db, [product('SDI-OVEN', 1299), product('SDI-PAN', 19.99)]);
});
afterAll(async () => {
  await api?.dispose();
  await sandbox?.stop();
});

const consumer = { ...sampleAddress, custom_attributes: { is_company: false, fiscal_code: 'RSSMRA79B11C566R' } };

/** A paid order's invoice: its id and file name. */
async function invoiced(billing: object, sku = 'SDI-PAN') {
  const res = await place(orderBody(await cartWith([[sku, 1]]), 'banktransfer', billing));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const incrementId = res.body.result.incrementId as string;
  expect((await recordPayment(api, await staffSession(api), incrementId)).status).toBe(200);
  const list = await api.call(`/api/admin/orders/${incrementId}/invoices`, { headers: staff });
  return list.body.result[0] as { id: number; fileName: string };
}

const sdiState = async (id: number) => {
  const res = await api.call(`/api/admin/invoices/${id}/sdi`, { headers: staff });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as SdiTransmissionView;
};

/** The worker's next poll comes due (an hour passes for it). */
const pollComesDue = () => api.database.db.updateTable('sdi_transmission').set({ next_attempt_at: new Date(0) }).where('status', '=', 'sent').execute();

describe('the month for the accountant', () => {
  it('GET /api/admin/invoices/export?month= answers a ZIP of the month’s FatturaPA files, invoices and credit notes, each valid against the XSD', async () => {
    const first = await invoiced(sampleCompanyBilling, 'SDI-OVEN');
    const second = await invoiced(consumer);
    const note = await api.app.invoices.issueCreditNote(first.id, { lines: [{ index: 0, qty: 1 }], reason: 'Reso del forno' });
    const res = await fetch(`${api.url}/api/admin/invoices/export?month=${MONTH}`, { headers: owner });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="fatture-${MONTH}.zip"`);
    const files = readZip(Buffer.from(await res.arrayBuffer()));
    const names = files.map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining([first.fileName, second.fileName, note.file_name]));
    expect(names.every((name) => /^IT\d{11}_[0-9A-Z]{5}\.xml$/.test(name))).toBe(true);
    for (const file of files) expect(xsdErrors(file.content.toString('utf8')), file.name).toBe('');
    // Byte for byte the document's own download.
    const single = await fetch(`${api.url}/api/admin/invoices/${note.id}.xml`, { headers: staff });
    expect(files.find((f) => f.name === note.file_name)!.content.toString('utf8')).toBe(await single.text());
    expect(files.find((f) => f.name === note.file_name)!.content.toString('utf8')).toContain('<TipoDocumento>TD04</TipoDocumento>');
  });

  it('an empty month is an empty ZIP; a month not written YYYY-MM is 400 in Italian; staff users may not', async () => {
    const empty = await fetch(`${api.url}/api/admin/invoices/export?month=2001-01`, { headers: owner });
    expect(empty.status).toBe(200);
    expect(readZip(Buffer.from(await empty.arrayBuffer()))).toEqual([]);
    for (const month of ['2026-13', '2026-1', 'novembre', '']) {
      const bad = await api.call(`/api/admin/invoices/export?month=${month}`, { headers: owner });
      expect([month, bad.status, bad.body.result]).toEqual([month, 400, `Invalid query: month: ${I.badMonth}`]);
    }
    expect((await api.call(`/api/admin/invoices/export?month=${MONTH}`, { headers: staff })).status).toBe(403);
  });
});

describe('the SdI through the intermediary', () => {
  it('an issued invoice is queued, sent, and delivered (RC)', async () => {
    const invoice = await invoiced(sampleCompanyBilling);
    expect(await sdiState(invoice.id)).toMatchObject({ invoiceId: invoice.id, fileName: invoice.fileName, status: 'queued', sentAt: null, notification: null });
    await api.app.sdi!.runOnce();
    const sent = await sdiState(invoice.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, sentAt: expect.any(String), notification: null, lastError: null });
    await pollComesDue();
    await api.app.sdi!.runOnce();
    expect(await sdiState(invoice.id)).toMatchObject({ status: 'delivered', notification: { type: 'RC', sdiId: expect.stringMatching(/^\d+$/), at: expect.any(String), errors: [] } });
  });

  it('a consumer without PEC or code cannot be delivered to: MC, recorded as not delivered', async () => {
    const invoice = await invoiced(consumer);
    await api.app.sdi!.runOnce();
    await pollComesDue();
    await api.app.sdi!.runOnce();
    expect(await sdiState(invoice.id)).toMatchObject({ status: 'not_delivered', notification: { type: 'MC' } });
  });

  it('a rejection by the SdI is recorded with its reason (NS 00002: the file name was already received)', async () => {
    const invoice = await invoiced(sampleCompanyBilling);
    // Another program of the seller sent a file of that name first.
    const earlier = await fetch(`${sandbox.url}/invoices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SDI_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fileName: invoice.fileName, xml: Buffer.from('<p:FatturaElettronica></p:FatturaElettronica>').toString('base64') }),
    });
    expect(earlier.status).toBe(201);
    await api.app.sdi!.runOnce();
    await pollComesDue();
    await api.app.sdi!.runOnce();
    const rejected = await sdiState(invoice.id);
    expect(rejected).toMatchObject({ status: 'rejected', notification: { type: 'NS', errors: [{ code: '00002', description: 'Nome file duplicato' }] } });
  });

  it('an unreachable intermediary: the send is retried later with the error kept; a document never queued is 404 in Italian', async () => {
    const down = await startTestApi({ sdi: { apiUrl: 'http://127.0.0.1:9/v1', apiKey: SDI_KEY, pollIntervalMs: 3_600_000 } });
    try {
      await upsertProducts(down.database.db, [product('SDI-PAN', 19.99)]);
      const helpers = orderHelpers(() => down);
      const res = await helpers.place(helpers.orderBody(await helpers.cartWith([['SDI-PAN', 1]]), 'banktransfer', sampleCompanyBilling));
      expect((await recordPayment(down, await staffSession(down), res.body.result.incrementId)).status).toBe(200);
      const headers = await staffSession(down);
      const [invoice] = (await down.call(`/api/admin/orders/${res.body.result.incrementId}/invoices`, { headers })).body.result as { id: number }[];
      await down.app.sdi!.runOnce();
      const state = (await down.call(`/api/admin/invoices/${invoice!.id}/sdi`, { headers })).body.result as SdiTransmissionView;
      expect(state).toMatchObject({ status: 'queued', attempts: 1, sentAt: null, lastError: expect.stringMatching(/fetch failed|ECONNREFUSED/) });
      // Not due again yet: the backoff holds it.
      expect(await down.app.sdi!.runOnce()).toBe(0);
    } finally {
      await down.dispose();
    }
    // A document issued before the intermediary was configured was never queued.
    const before = await invoiced(sampleCompanyBilling);
    await api.database.db.deleteFrom('sdi_transmission').where('invoice_id', '=', before.id).execute();
    const never = await api.call(`/api/admin/invoices/${before.id}/sdi`, { headers: staff });
    expect([never.status, never.body.result]).toEqual([404, I.noTransmission]);
  });
});
