import { ADMIN_CUSTOMER_MESSAGES as M, ADMIN_MESSAGES, unknownGroupMessage } from '@shop/contracts';
import { insertCustomer, openDatabase, replaceAddresses, upsertProducts } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { orderHelpers } from '../../testing/orders.ts';
import { productFactory } from '../../testing/products.ts';
import { runCli } from '../../testing/run-cli.ts';
import { staffSession } from '../../testing/staff-session.ts';
import { readOutbox } from '../mail/eml.ts';
import { recordPayment } from '../../testing/staff-session.ts';

/** Issue #45 point 5: the seller's customers in the back office. */
let api: TestApi;
let staff: Record<string, string>;
let owner: Record<string, string>;
const product = productFactory(997_700);
const { cartWith, orderBody } = orderHelpers(() => api);
const PASSWORD = 'Mestolo-Giallo-2026';
const PAN = 'CUST-PAN';

/** A customer who signed up in the shop; its id and access token. */
async function signUp(email: string, firstname: string, lastname: string) {
  const created = await api.call('/api/user/create', { body: { customer: { email, firstname, lastname }, password: PASSWORD } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const login = await api.call('/api/user/login', { body: { username: email, password: PASSWORD } });
  const { id } = await api.database.db.selectFrom('customer').select('id').where('email_key', '=', email).executeTakeFirstOrThrow();
  return { id, token: login.body.result as string };
}

let mario: { id: number; token: string };
let lucia: { id: number; token: string };
let incrementId: string;

beforeAll(async () => {
  api = await startTestApi();
  staff = await staffSession(api);
  owner = await staffSession(api, 'owner');
  await upsertProducts(api.database.db, [product(PAN, 40, { tier_prices: [{ customer_group_id: 2, qty: 1, value: 30 }] })]);
  mario = await signUp('mario.rossi@trattoria.example', 'Mario', 'Rossi');
  lucia = await signUp('lucia.verdi@example.it', 'Lucia', 'Verdi');
  // Mario buys for his trattoria: a company address in his book, and an order.
  await replaceAddresses(api.database.db, mario.id, [
    { address: { firstname: 'Mario', lastname: 'Rossi', company: 'Trattoria da Mario srl', vat_id: '00743110157', city: 'Milano' }, default_shipping: true, default_billing: true },
  ]);
  const cart = await cartWith([[PAN, 2]], mario.token);
  const placed = await api.call(`/api/order?token=${mario.token}`, { body: orderBody(cart) });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  incrementId = placed.body.result.incrementId;
  // Thirty more accounts to page through.
  for (let n = 1; n <= 30; n++) await insertCustomer(api.database.db, { email: `cliente${n}@esempio.it`, firstname: 'Cliente', lastname: `Numero ${n}`, password_hash: null });
});
afterAll(async () => {
  await api?.dispose();
});

const list = (query: string, headers = staff) => api.call(`/api/admin/customers${query}`, { headers });
const emails = (res: { body: { result: { items: { email: string }[] } } }) => res.body.result.items.map((c) => c.email);

describe('GET /api/admin/customers', () => {
  it('searches by e-mail, name, company and P.IVA', async () => {
    expect(emails(await list('?q=TRATTORIA.example'))).toEqual(['mario.rossi@trattoria.example']);
    expect(emails(await list('?q=lucia%20verdi'))).toEqual(['lucia.verdi@example.it']);
    expect(emails(await list('?q=da%20mario'))).toEqual(['mario.rossi@trattoria.example']);
    const byVat = await list('?q=00743110157');
    expect(byVat.body.result).toEqual({
      items: [{ id: mario.id, email: 'mario.rossi@trattoria.example', name: 'Mario Rossi', groupId: 1, company: 'Trattoria da Mario srl', vatId: '00743110157', ordersCount: 1, createdAt: expect.any(String) }],
      total: 1,
    });
    // LIKE's wildcards are text.
    expect((await list('?q=%25')).body.result.total).toBe(0);
  });

  it('filters by company or private, by orders and by group', async () => {
    expect(emails(await list('?buyer=company'))).toEqual(['mario.rossi@trattoria.example']);
    expect(emails(await list('?hasOrders=yes'))).toEqual(['mario.rossi@trattoria.example']);
    const privates = await list('?buyer=private&hasOrders=no&limit=200');
    expect(emails(privates)).toContain('lucia.verdi@example.it');
    expect(emails(privates)).not.toContain('mario.rossi@trattoria.example');
    expect((await list('?group=3')).body.result).toEqual({ items: [], total: 0 });
    const bad = await list('?buyer=ditta');
    expect(bad.status).toBe(400);
    expect(bad.body.result).toContain('company, private');
  });

  it('pages with a keyset cursor: every customer once, newest first, the total kept; a cursor of other filters is refused', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list(`?q=esempio.it&limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(page.body.result.total).toBe(30);
      seen.push(...emails(page));
      cursor = page.body.result.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toEqual(Array.from({ length: 30 }, (_, i) => `cliente${30 - i}@esempio.it`));
    const first = await list('?q=esempio.it&limit=7');
    const other = await list(`?q=example&limit=7&cursor=${first.body.result.nextCursor}`);
    expect(other.status).toBe(400);
    expect(other.body.result).toBe(`cursor: ${M.badCursor}`);
  });

  it('answers 401 without a session', async () => {
    expect((await api.call('/api/admin/customers')).status).toBe(401);
    expect((await api.call(`/api/admin/customers/${mario.id}`)).status).toBe(401);
    expect((await api.call(`/api/admin/customers/${mario.id}/export`)).status).toBe(401);
    expect((await api.call(`/api/admin/customers/${mario.id}/group`, { body: { groupId: 2 } })).status).toBe(401);
  });
});

describe('GET /api/admin/customers/:id', () => {
  it('shows the profile, the address book and the order the customer placed', async () => {
    const res = await api.call(`/api/admin/customers/${mario.id}`, { headers: staff });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = await api.database.db.selectFrom('sales_order').select(['grand_total_cents']).where('increment_id', '=', incrementId).executeTakeFirstOrThrow();
    expect(res.body.result).toMatchObject({
      id: mario.id,
      email: 'mario.rossi@trattoria.example',
      firstname: 'Mario',
      lastname: 'Rossi',
      groupId: 1,
      hasPassword: true,
      addresses: [{ address: { company: 'Trattoria da Mario srl' }, defaultBilling: true, defaultShipping: true }],
      orders: [{ incrementId, status: 'pending_payment', grandTotalCents: order.grand_total_cents, createdAt: expect.any(String) }],
      invoices: [],
      reviews: [],
      quoteRequests: [],
      newsletter: null,
      wishlist: [],
    });
    expect((await api.call('/api/admin/customers/999999', { headers: staff })).body).toEqual({ code: 404, result: M.notFound });
    expect((await api.call('/api/admin/customers/abc', { headers: staff })).status).toBe(404);
  });
});

describe('POST /api/admin/customers/:id/group', () => {
  const priceFor = async (token: string) =>
    (await api.call(`/api/catalog?token=${token}`, { body: { entityType: 'product', filters: { sku: { eq: PAN } }, includeFields: ['sku', 'price'] } })).body.result.items[0].price;

  it('puts the customer in a known group: its prices follow, the change is audited; an unknown group is refused in Italian', async () => {
    expect(await priceFor(lucia.token)).toBe(40);
    const changed = await api.call(`/api/admin/customers/${lucia.id}/group`, { body: { groupId: 2 }, headers: staff });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.result).toMatchObject({ id: lucia.id, groupId: 2 });
    expect(changed.body.result.audit).toEqual([
      expect.objectContaining({ action: 'customer.group', objectType: 'customer', objectId: String(lucia.id), staffEmail: expect.stringMatching(/^staff-sessione-/), before: { groupId: 1 }, after: { groupId: 2 } }),
    ]);
    // The same token: the group is read at each request.
    expect(await priceFor(lucia.token)).toBe(30);
    expect(emails(await list('?group=2'))).toEqual(['lucia.verdi@example.it']);

    for (const groupId of [0, 4, 32000]) {
      const bad = await api.call(`/api/admin/customers/${lucia.id}/group`, { body: { groupId }, headers: staff });
      expect(bad.body).toEqual({ code: 400, result: `groupId: ${unknownGroupMessage()}` });
    }
    expect((await api.call(`/api/admin/customers/${lucia.id}/group`, { body: { groupId: 2 }, headers: { cookie: staff.cookie! } })).body.result).toBe(ADMIN_MESSAGES.csrfMissing);
    expect((await api.call(`/api/admin/customers/${lucia.id}`, { headers: staff })).body.result.groupId).toBe(2);
  });
});

describe('npm run customer:group', { timeout: 120_000 }, () => {
  it('changes the group through the same code as the back office, audited as the CLI', async () => {
    const database = await freshDatabase(false);
    try {
      const env = { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '' };
      const seeded = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
      const customer = await insertCustomer(seeded.db, { email: 'Grossista@Esempio.it', firstname: 'Gino', lastname: 'Grossi', password_hash: null });
      await seeded.close();

      const ran = await runCli('customer-group.ts', ['grossista@esempio.it', '2'], env);
      expect(ran.stderr).toBe('');
      expect(ran.stdout.trim()).toBe('Grossista@Esempio.it is now in customer group 2');
      expect(ran.code).toBe(0);
      const unknown = await runCli('customer-group.ts', ['grossista@esempio.it', '7'], env);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain(unknownGroupMessage());
      const nobody = await runCli('customer-group.ts', ['nessuno@esempio.it', '2'], env);
      expect(nobody.code).toBe(1);

      const opened = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
      try {
        expect((await opened.db.selectFrom('customer').select('group_id').where('id', '=', customer!.id).executeTakeFirstOrThrow()).group_id).toBe(2);
        const audit = await opened.db.selectFrom('admin_audit').selectAll().execute();
        expect(audit.map((a) => [a.action, a.staff_email, a.object_id, a.before, a.after])).toEqual([['customer.group', 'cli', String(customer!.id), { groupId: 1 }, { groupId: 2 }]]);
      } finally {
        await opened.close();
      }
    } finally {
      await database.drop();
    }
  });
});

describe('POST /api/admin/customers/:id/password-reset', () => {
  it('mails the customer the shop’s reset link, audited', async () => {
    const res = await api.call(`/api/admin/customers/${mario.id}/password-reset`, { method: 'POST', headers: staff });
    expect(res.body).toEqual({ code: 200, result: M.resetSent });
    await api.app.mail.idle();
    api.app.mail.kick();
    await api.app.mail.idle();
    const links = readOutbox(api.app.mail.outboxDir!)
      .filter((mail) => mail.to.includes('mario.rossi@trattoria.example'))
      .flatMap((mail) => /https?:\/\/\S+\/reset-password\?email=\S+&token=([\w-]+)/.exec(mail.text)?.[1] ?? []);
    expect(links).toHaveLength(1);
    // The link sets a new password, as the shop's own "password forgotten" link does.
    const set = await api.call('/api/user/create-password', { body: { email: 'mario.rossi@trattoria.example', newPassword: 'Reimpostata-Da-Staff-1', resetToken: links[0] } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const page = await api.call(`/api/admin/customers/${mario.id}`, { headers: staff });
    expect(page.body.result.audit.map((a: { action: string }) => a.action)).toEqual(['customer.password_reset']);
  });
});

describe('GET /api/admin/customers/:id/export', () => {
  it('gives the owner all of the customer’s data as a JSON attachment, audited; staff get 403', async () => {
    const forStaff = await api.call(`/api/admin/customers/${mario.id}/export`, { headers: staff });
    expect(forStaff.status).toBe(403);
    expect(forStaff.body.result).toBe(ADMIN_MESSAGES.ownerOnly);

    const res = await api.call(`/api/admin/customers/${mario.id}/export`, { headers: owner });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="cliente-${mario.id}-\\d{4}-\\d{2}-\\d{2}\\.json"$`));
    expect(res.body).toMatchObject({
      id: mario.id,
      email: 'mario.rossi@trattoria.example',
      addresses: [{ address: { company: 'Trattoria da Mario srl' } }],
      orders: [{ increment_id: incrementId, company: 'Trattoria da Mario srl', items: [{ sku: PAN, qty: 2 }] }],
      exportedAt: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password_hash|\$argon2|access_key|idempotency_key/);
    const audit = await api.database.db.selectFrom('admin_audit').select(['action', 'staff_email']).where('object_type', '=', 'customer').where('object_id', '=', String(mario.id)).orderBy('id').execute();
    expect(audit.at(-1)).toEqual({ action: 'customer.export', staff_email: expect.stringMatching(/^owner-sessione-/) });
  });
});

describe('POST /api/admin/customers/:id/erase', () => {
  it('is the owner’s; refused with 409 while an order is unpaid; then personal data goes, the order and the reason stay', async () => {
    const url = `/api/admin/customers/${mario.id}/erase`;
    expect((await api.call(url, { body: { reason: 'Richiesta del cliente' }, headers: staff })).status).toBe(403);
    const noReason = await api.call(url, { body: { reason: ' ' }, headers: owner });
    expect(noReason.status).toBe(400);
    expect(noReason.body.result).toContain(`reason: ${M.reasonRequired}`);
    const unpaid = await api.call(url, { body: { reason: 'Richiesta del cliente del 28/11' }, headers: owner });
    expect(unpaid.body).toEqual({ code: 409, result: M.unpaidOrder.replace('{number}', incrementId) });
    expect((await api.call(`/api/admin/customers/${mario.id}`, { headers: staff })).body.result.email).toBe('mario.rossi@trattoria.example');

    expect((await recordPayment(api, owner, incrementId)).status).toBe(200);
    const erased = await api.call(url, { body: { reason: 'Richiesta del cliente del 28/11' }, headers: owner });
    expect(erased.body).toEqual({ code: 200, result: M.erased });

    const page = await api.call(`/api/admin/customers/${mario.id}`, { headers: staff });
    expect(page.body.result).toMatchObject({ email: `cliente-${mario.id}@cancellato.invalid`, firstname: 'Cliente', lastname: 'cancellato', hasPassword: false, addresses: [], orders: [{ incrementId }] });
    expect(page.body.result.audit.at(-1)).toMatchObject({ action: 'customer.erase', staffEmail: expect.stringMatching(/^owner-sessione-/), after: { reason: 'Richiesta del cliente del 28/11', ordersKept: true } });
    expect(JSON.stringify(page.body.result.audit)).not.toContain('mario.rossi');
    // The search finds nothing of the old person; the old password and token no longer work.
    expect((await list('?q=mario.rossi')).body.result.total).toBe(0);
    expect((await api.call('/api/user/login', { body: { username: 'mario.rossi@trattoria.example', password: 'Reimpostata-Da-Staff-1' } })).status).toBe(401);
    expect((await api.call(`/api/user/me?token=${mario.token}`)).status).toBe(401);
    // The order keeps its billing data, as the invoice needs.
    const order = await api.call(`/api/admin/orders/${incrementId}`, { headers: staff });
    expect(order.status).toBe(200);
    expect(JSON.stringify(order.body.result)).toContain('Trattoria da Mario srl');
  });
});
