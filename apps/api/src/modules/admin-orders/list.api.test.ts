import { ADMIN_ORDER_MESSAGES as M, ADMIN_MESSAGES, API_KEY_MESSAGES } from '@shop/contracts';
import { sampleAddress, sampleCompanyBilling } from '@shop/contracts/sample-order';
import { upsertProducts } from '@shop/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { orderHelpers } from '../../testing/orders.ts';
import { productFactory } from '../../testing/products.ts';
import { recordPayment, staffSession } from '../../testing/staff-session.ts';

let api: TestApi;
const product = productFactory(997_100);
const { cartWith, orderBody, place } = orderHelpers(() => api);
let staff: Record<string, string>;
let owner: Record<string, string>;

const consumer = (firstname: string, lastname: string, email: string) => ({
  ...sampleAddress,
  firstname,
  lastname,
  email,
  custom_attributes: { is_company: false, fiscal_code: 'RSSMRA79B11C566R' },
});
const company = (name: string, email: string) => ({ ...sampleCompanyBilling, company: name, email });

/** The orders of this file, by role in the tests. */
const o = {} as Record<'transferWaiting' | 'transferPaid' | 'codNew' | 'codShipped' | 'canceled' | 'paidShipped' | 'partlyRefunded', string>;
/** Six more orders placed in one microsecond, for paging across ties. */
let tied: string[] = [];

async function placed(qty: number, payment: string, billing: object) {
  const cart = await cartWith([['LIST-POT', qty]]);
  const res = await place(orderBody(cart, payment, billing));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.incrementId as string;
}

const markPaid = async (incrementId: string) =>
  expect((await recordPayment(api, await staffSession(api), incrementId)).status).toBe(200);

const update = (incrementId: string, set: ReturnType<typeof sql>) => sql`UPDATE sales_order SET ${set} WHERE increment_id = ${incrementId}`.execute(api.database.db);

beforeAll(async () => {
  api = await startTestApi();
  staff = await staffSession(api, 'staff');
  owner = await staffSession(api, 'owner');
  await upsertProducts(api.database.db, [product('LIST-POT', 37.5)]);
  o.transferWaiting = await placed(1, 'banktransfer', company('Trattoria da Mario srl', 'mario.rossi@example.it'));
  o.transferPaid = await placed(2, 'banktransfer', consumer('Giulia', 'Bianchi', 'giulia.bianchi@example.it'));
  await markPaid(o.transferPaid);
  o.codNew = await placed(3, 'cashondelivery', consumer('Luca', 'Verdi', 'luca.verdi@example.it'));
  o.codShipped = await placed(4, 'cashondelivery', consumer('Anna', 'Neri', 'anna.neri@example.it'));
  await update(o.codShipped, sql`shipping_status = 'shipped'`);
  o.canceled = await placed(5, 'banktransfer', company('Bar Sport snc', 'bar.sport@example.it'));
  await update(o.canceled, sql`status = 'canceled', payment_status = 'canceled', company = '=HYPERLINK("http://x.example")', billing_address = jsonb_set(billing_address, '{firstname}', '"@Pino"')`);
  o.paidShipped = await placed(6, 'banktransfer', company('Pizzeria Bella; Figli "Srl"', 'pizzeria@example.it'));
  await markPaid(o.paidShipped);
  await update(o.paidShipped, sql`status = 'complete', shipping_status = 'shipped'`);
  o.partlyRefunded = await placed(7, 'banktransfer', consumer('Sara', 'Gialli', 'sara.gialli@example.it'));
  await markPaid(o.partlyRefunded);
  await update(o.partlyRefunded, sql`payment_status = 'partially_refunded', refunded_cents = 1234`);
  // 23:30 UTC on 15 January is 00:30 on the 16th in Rome.
  await update(o.transferWaiting, sql`created_at = '2026-01-15T23:30:00Z'`);
  tied = [];
  for (let i = 0; i < 6; i++) tied.push(await placed(1, 'banktransfer', company('Gelateria Uguale srl', `uguale${i}@example.it`)));
  await sql`UPDATE sales_order SET created_at = '2026-02-01T10:00:00.123456Z' WHERE increment_id = ANY(${tied}::text[])`.execute(api.database.db);
}, 120_000);
afterAll(async () => {
  await api?.dispose();
});

const list = async (query: string, headers = staff) => {
  const res = await api.call(`/api/admin/orders${query}`, { headers });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as { items: { incrementId: string; createdAt: string; grandTotalCents: number; [k: string]: unknown }[]; total: number; nextCursor?: string };
};
const numbers = async (query: string) => {
  const page = await list(query);
  expect(page.total).toBe(page.items.length);
  return new Set(page.items.map((item) => item.incrementId));
};
const all = () => [...Object.values(o), ...tied];

describe('GET /api/admin/orders', () => {
  it('lists every order, newest first, with the list fields', async () => {
    const page = await list('?limit=200');
    expect(page.total).toBe(all().length);
    expect(new Set(page.items.map((i) => i.incrementId))).toEqual(new Set(all()));
    const row = await api.database.db.selectFrom('sales_order').selectAll().where('increment_id', '=', o.partlyRefunded).executeTakeFirstOrThrow();
    expect(page.items.find((i) => i.incrementId === o.partlyRefunded)).toEqual({
      incrementId: o.partlyRefunded,
      createdAt: row.created_at.toISOString(),
      status: 'processing',
      paymentStatus: 'partially_refunded',
      shippingStatus: 'not_shipped',
      paymentMethod: 'banktransfer',
      paymentTitle: expect.stringMatching(/bonifico/i),
      email: 'sara.gialli@example.it',
      name: 'Sara Gialli',
      isCompany: false,
      company: null,
      vatId: null,
      fiscalCode: 'RSSMRA79B11C566R',
      grandTotalCents: row.grand_total_cents,
      refundedCents: 1234,
    });
    expect(page.nextCursor).toBeUndefined();
  });

  it('filters by status, payment state, shipping state, payment method and buyer', async () => {
    expect(await numbers('?status=canceled')).toEqual(new Set([o.canceled]));
    expect(await numbers('?status=processing&paymentStatus=paid')).toEqual(new Set([o.transferPaid]));
    expect(await numbers('?paymentStatus=partially_refunded')).toEqual(new Set([o.partlyRefunded]));
    expect(await numbers('?shippingStatus=shipped')).toEqual(new Set([o.codShipped, o.paidShipped]));
    expect(await numbers('?paymentMethod=cashondelivery')).toEqual(new Set([o.codNew, o.codShipped]));
    expect(await numbers('?buyer=private')).toEqual(new Set([o.transferPaid, o.codNew, o.codShipped, o.partlyRefunded]));
    expect(await numbers('?buyer=company&paymentMethod=banktransfer&status=pending_payment')).toEqual(new Set([o.transferWaiting, ...tied]));
  });

  it('filters by Europe/Rome days, both ends included', async () => {
    expect(await numbers('?from=2026-01-16&to=2026-01-16')).toEqual(new Set([o.transferWaiting]));
    expect(await numbers('?to=2026-01-15')).toEqual(new Set());
    expect(await numbers('?from=2026-01-01&to=2026-02-01')).toEqual(new Set([o.transferWaiting, ...tied]));
    expect(await numbers('?from=2026-02-02')).toEqual(new Set([o.transferPaid, o.codNew, o.codShipped, o.canceled, o.paidShipped, o.partlyRefunded]));
  });

  it('searches number, e-mail, name, company, P.IVA and codice fiscale, ignoring case', async () => {
    expect(await numbers(`?q=${o.codNew}`)).toEqual(new Set([o.codNew]));
    expect(await numbers(`?q=${Number(o.codNew)}`)).toContain(o.codNew);
    expect(await numbers('?q=GIULIA.BIANCHI@EXAMPLE')).toEqual(new Set([o.transferPaid]));
    expect(await numbers('?q=luca%20verdi')).toEqual(new Set([o.codNew]));
    expect(await numbers('?q=trattoria%20DA')).toEqual(new Set([o.transferWaiting]));
    expect(await numbers('?q=00743110157')).toEqual(new Set([o.transferWaiting, o.canceled, o.paidShipped, ...tied]));
    expect(await numbers('?q=rssmra79b11c566r')).toEqual(new Set([o.transferPaid, o.codNew, o.codShipped, o.partlyRefunded]));
    // LIKE's wildcards are plain characters.
    expect(await numbers('?q=%25')).toEqual(new Set());
    expect(await numbers('?q=_')).toEqual(new Set());
  });

  it('saved views: da spedire, bonifici in attesa, contrassegno da incassare', async () => {
    expect(await numbers('?view=da-spedire')).toEqual(new Set([o.transferPaid, o.codNew, o.partlyRefunded]));
    expect(await numbers('?view=bonifici-in-attesa')).toEqual(new Set([o.transferWaiting, ...tied]));
    expect(await numbers('?view=contrassegno-da-incassare')).toEqual(new Set([o.codNew, o.codShipped]));
    // A view narrows further with filters.
    expect(await numbers('?view=da-spedire&buyer=private&paymentMethod=banktransfer')).toEqual(new Set([o.transferPaid, o.partlyRefunded]));
  });

  it('pages with a cursor: no order twice or missed across equal timestamps, in both directions', async () => {
    const walk = async (query: string, limit: number, total = all().length) => {
      const seen: { incrementId: string; createdAt: string; grandTotalCents: number }[] = [];
      let cursor: string | undefined;
      do {
        const page = await list(`${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(page.total).toBe(total);
        expect(page.items.length).toBeLessThanOrEqual(limit);
        seen.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    };
    const newest = await walk('?sort=-createdAt', 2);
    expect(newest.map((i) => i.incrementId).sort()).toEqual(all().sort());
    expect(newest.map((i) => i.createdAt)).toEqual(newest.map((i) => i.createdAt).sort().reverse());
    const oldest = await walk('?sort=createdAt', 3);
    expect(oldest.map((i) => i.incrementId)).toEqual(newest.map((i) => i.incrementId).reverse());
    // Ties within one page size too.
    expect((await walk('?sort=createdAt&q=uguale', 4, tied.length)).map((i) => i.incrementId)).toEqual(oldest.filter((i) => tied.includes(i.incrementId)).map((i) => i.incrementId));
  });

  it('sorts by grand total both ways', async () => {
    const cheapest = (await list('?sort=grandTotal&limit=200')).items;
    const totals = cheapest.map((i) => i.grandTotalCents);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(totals[0]).toBeLessThan(totals.at(-1)!);
    const dearest = (await list('?sort=-grandTotal&limit=200')).items;
    expect(dearest.map((i) => i.incrementId)).toEqual(cheapest.map((i) => i.incrementId).reverse());
    const firstTwo = await list('?sort=-grandTotal&limit=2');
    const next = await list(`?sort=-grandTotal&limit=2&cursor=${encodeURIComponent(firstTwo.nextCursor!)}`);
    expect([...firstTwo.items, ...next.items].map((i) => i.incrementId)).toEqual(dearest.slice(0, 4).map((i) => i.incrementId));
  });

  it('refuses bad input with a 400 in Italian', async () => {
    const bad = async (query: string, message: string) => {
      const res = await api.call(`/api/admin/orders${query}`, { headers: staff });
      expect(res.status).toBe(400);
      expect(res.body.result).toBe(message);
    };
    await bad('?status=spedito', `Invalid query: status: ${M.badChoice.replace('{values}', 'pending_payment, processing, canceled, expired, complete, closed')}`);
    await bad('?view=tutti', `Invalid query: view: ${M.badChoice.replace('{values}', 'da-spedire, bonifici-in-attesa, contrassegno-da-incassare')}`);
    await bad('?sort=email', `Invalid query: sort: ${M.badChoice.replace('{values}', '-createdAt, createdAt, -grandTotal, grandTotal')}`);
    await bad('?from=16/01/2026', `Invalid query: from: ${M.badDay}`);
    await bad('?from=2026-02-30', `Invalid query: from: ${M.badDay}`);
    await bad('?to=0000-01-01', `Invalid query: to: ${M.badDay}`);
    await bad('?from=2026-02-02&to=2026-02-01', `Invalid query: from: ${M.badRange}`);
    await bad('?limit=0', `Invalid query: limit: ${M.badLimit}`);
    await bad('?limit=tanti', `Invalid query: limit: ${M.badLimit}`);
    await bad('?cursor=non-un-cursore', `cursor: ${M.badCursor}`);
    const { nextCursor } = await list('?limit=1');
    // A cursor of another sort or other filters, or one changed by hand.
    await bad(`?sort=grandTotal&cursor=${nextCursor}`, `cursor: ${M.badCursor}`);
    await bad(`?status=processing&cursor=${nextCursor}`, `cursor: ${M.badCursor}`);
    const [filters, , id, total] = JSON.parse(Buffer.from(nextCursor!, 'base64url').toString()) as unknown[];
    await bad(`?cursor=${Buffer.from(JSON.stringify([filters, "2026-01-01'; --", id, total])).toString('base64url')}`, `cursor: ${M.badCursor}`);
    await bad(`?cursor=${Buffer.from(JSON.stringify([filters, '2026-01-01T00:00:00.000000Z', id, -1])).toString('base64url')}`, `cursor: ${M.badCursor}`);
    expect((await api.call(`/api/admin/orders?cursor=${Buffer.from(JSON.stringify([filters, '2026-01-01T00:00:00.000000Z', id, total])).toString('base64url')}`, { headers: staff })).status).toBe(200);
  });

  it('answers 401 without a session or with a customer token, for the list and the CSV', async () => {
    for (const path of ['/api/admin/orders', '/api/admin/orders.csv']) {
      expect((await api.call(path)).status).toBe(401);
      const customer = await api.call(path, { headers: { authorization: 'Bearer a-customer-token' } });
      expect(customer.status).toBe(401);
      expect(customer.body.result).toBe(ADMIN_MESSAGES.customerToken);
    }
  });
});

describe('API keys', () => {
  it('a key with orders:read reads the list; the CSV export is refused to every key', async () => {
    const create = async (scopes: string[]) => {
      const res = await api.call('/api/admin/api-keys', { method: 'POST', body: { name: `Gestionale ${scopes.join(' ')}`, scopes }, headers: owner });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return { authorization: `Bearer ${res.body.result.key as string}` };
    };
    const reader = await create(['orders:read']);
    const page = await api.call('/api/admin/orders?view=contrassegno-da-incassare', { headers: reader });
    expect(page.status).toBe(200);
    expect(new Set(page.body.result.items.map((i: { incrementId: string }) => i.incrementId))).toEqual(new Set([o.codNew, o.codShipped]));
    const writer = await api.call('/api/admin/orders', { headers: await create(['orders:write']) });
    expect(writer.status).toBe(403);
    expect(writer.body.result).toBe(API_KEY_MESSAGES.missingScope.replace('{scope}', 'orders:read'));
    const csv = await api.call('/api/admin/orders.csv', { headers: reader });
    expect(csv.status).toBe(403);
    expect(csv.body.result).toBe(API_KEY_MESSAGES.notAllowed);
  });
});

describe('GET /api/admin/orders.csv', () => {
  it('is the owner’s: staff get 403', async () => {
    const res = await api.call('/api/admin/orders.csv', { headers: staff });
    expect(res.status).toBe(403);
    expect(res.body.result).toBe(ADMIN_MESSAGES.ownerOnly);
  });

  it('streams the filtered orders as an Italian CSV: BOM, ; separated, comma decimals, Rome dates, defused cells', async () => {
    const res = await fetch(`${api.url}/api/admin/orders.csv?sort=createdAt`, { headers: owner });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="ordini-${today}.csv"`);
    expect(res.headers.get('content-length')).toBeNull();
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe('Numero ordine;Data;Stato;Metodo di pagamento;Stato pagamento;Stato spedizione;E-mail;Nome;Cliente;Ragione sociale;Partita IVA;Codice fiscale;Totale (EUR);Rimborsato (EUR)');
    expect(lines).toHaveLength(1 + all().length);
    const waiting = await api.database.db.selectFrom('sales_order').select(['grand_total_cents']).where('increment_id', '=', o.transferWaiting).executeTakeFirstOrThrow();
    const euros = `${Math.floor(waiting.grand_total_cents / 100)},${String(waiting.grand_total_cents % 100).padStart(2, '0')}`;
    expect(lines[1]).toBe(`${o.transferWaiting};16/01/2026 00:30;In attesa di pagamento;Bonifico bancario anticipato;In attesa;Da spedire;mario.rossi@example.it;Mario Rossi;Azienda;Trattoria da Mario srl;00743110157;00743110157;${euros};0,00`);
    expect(lines[2]!.startsWith(`${tied[0]};01/02/2026 11:00;`)).toBe(true);
    const canceled = lines.find((l) => l.startsWith(o.canceled))!;
    expect(canceled).toContain(`;Annullato;Bonifico bancario anticipato;Annullato;Da spedire;bar.sport@example.it;'@Pino Rossi;Azienda;"'=HYPERLINK(""http://x.example"")";`);
    expect(lines.find((l) => l.startsWith(o.paidShipped))).toContain(';Completato;Bonifico bancario anticipato;Pagato;Spedito;pizzeria@example.it;Mario Rossi;Azienda;"Pizzeria Bella; Figli ""Srl""";');
    expect(lines.find((l) => l.startsWith(o.partlyRefunded))).toMatch(/;Rimborsato in parte;Da spedire;.*;Privato;;;RSSMRA79B11C566R;\d+,\d\d;12,34$/);
  });

  it('takes the list’s filters', async () => {
    const res = await fetch(`${api.url}/api/admin/orders.csv?view=contrassegno-da-incassare`, { headers: owner });
    const lines = (await res.text()).trim().split('\r\n').slice(1);
    expect(new Set(lines.map((l) => l.split(';')[0]))).toEqual(new Set([o.codNew, o.codShipped]));
    const bad = await api.call('/api/admin/orders.csv?buyer=tutti', { headers: owner });
    expect(bad.status).toBe(400);
    expect(bad.body.result).toBe(`Invalid query: buyer: ${M.badChoice.replace('{values}', 'company, private')}`);
  });
});
