import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADMIN_MESSAGES as A, ADMIN_REVIEW_MESSAGES as M, API_KEY_MESSAGES as K, type AdminReview } from '@shop/contracts';
import { jsonb, openDatabase, REVIEW_PENDING, upsertProducts } from '@shop/db';
import { reviewRating } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CacheInvalidator } from '../../cache/invalidation.ts';
import { freshDatabase, startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { productFactory } from '../../testing/products.ts';
import { runCli } from '../../testing/run-cli.ts';
import { staffSession } from '../../testing/staff-session.ts';
import { CatalogImportService } from '../catalog/import.ts';
import { ReviewModeration } from './moderation.ts';

/**
 * Issue #45 point 6: reviews are approved or rejected (with a reason) in the back office, by a
 * program with a `catalog:write` key, or with `npm run review:approve` while the shop runs; an
 * approval reaches the public catalogue (the product page's reviews, rating and JSON-LD) at once.
 */
const ADMIN = 'moderation-test-admin-token-'.padEnd(64, 'x');
let api: TestApi;
let storefront: Server;
const revalidated: string[][] = [];
const product = productFactory(986_000);
const PAN = product('MOD-PADELLA', 35);
const POT = product('MOD-PENTOLA', 60);
let staff: Record<string, string>;
let owner: Record<string, string>;

beforeAll(async () => {
  // A stand-in storefront that records the tags each decision expires.
  storefront = createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    revalidated.push(JSON.parse(text).tags);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => storefront.listen(0, '127.0.0.1', resolve));
  api = await startTestApi({ adminToken: ADMIN, storefrontInternalUrl: `http://127.0.0.1:${(storefront.address() as AddressInfo).port}`, revalidateSecret: 'revalidate-secret-for-tests' });
  await upsertProducts(api.database.db, [PAN, POT]);
  staff = await staffSession(api, 'staff');
  owner = await staffSession(api, 'owner');
});
afterAll(async () => {
  await api?.dispose();
  await new Promise((resolve) => storefront?.close(resolve));
});

let nextCustomer = 1;
/** A new customer writes a review of `productId` (from an address of its own: the review limit counts per address); its id and e-mail. */
async function written(productId: number, rating: number, title = 'Ottima padella'): Promise<{ id: number; email: string; customerId: number }> {
  const n = nextCustomer++;
  const email = `moderato${n}@example.it`;
  const password = 'Coltello-2026';
  expect((await api.call('/api/user/create', { body: { customer: { email, firstname: 'Lucia', lastname: 'Neri' }, password } })).status).toBe(200);
  const token = (await api.call('/api/user/login', { body: { username: email, password } })).body.result as string;
  const res = await api.call('/api/review/create', {
    body: { review: { product_id: productId, title, detail: 'Scalda in modo uniforme, si pulisce bene.', nickname: `Lucia ${n}`, rating } },
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': `198.51.100.${n}` },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const me = await api.call('/api/user/me', { headers: { authorization: `Bearer ${token}` } });
  return { id: res.body.result.id as number, email, customerId: me.body.result.id as number };
}

const approve = (id: number | string, headers: Record<string, string> = staff) => api.call(`/api/admin/reviews/${id}/approve`, { method: 'POST', headers });
const reject = (id: number | string, body: unknown, headers: Record<string, string> = staff) => api.call(`/api/admin/reviews/${id}/reject`, { body, headers });
const list = (query: string, headers: Record<string, string> = staff) => api.call(`/api/admin/reviews${query}`, { headers });
/** What the storefront reads for a product page: its approved reviews (the list, the average, the JSON-LD). */
const published = async (productId: number) =>
  (await api.call('/api/catalog', { body: { entityType: 'review', filters: { product_id: { eq: productId }, review_status: { eq: 1 } } } })).body.result.items as { id: number; ratings?: { value: number; percent: number }[] }[];
const average = (reviews: { ratings?: { value: number; percent: number }[] }[]) => {
  const stars = reviews.map(reviewRating).filter((r) => r !== null);
  return stars.reduce((sum, r) => sum + r, 0) / stars.length;
};
const audit = async (id: number) => (await api.call(`/api/admin/audit?object=review:${id}`, { headers: staff })).body.result as { action: string; staffEmail: string; before: unknown; after: unknown }[];
const stored = (id: number) => api.database.db.selectFrom('review').select(['review_status', 'rejection_reason', 'doc']).where('id', '=', id).executeTakeFirstOrThrow();

describe('approving a review', () => {
  it('staff approve it: the public catalogue shows it at once with the new average, the product’s pages are expired, the decision audited', async () => {
    const first = await written(PAN.id, 2);
    expect((await approve(first.id)).status).toBe(200);
    expect(average(await published(PAN.id))).toBe(2);

    const second = await written(PAN.id, 5);
    expect((await published(PAN.id)).map((r) => r.id)).not.toContain(second.id);
    const res = await approve(second.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toEqual({
      review: {
        id: second.id,
        status: 'approved',
        title: 'Ottima padella',
        detail: 'Scalda in modo uniforme, si pulisce bene.',
        nickname: expect.stringMatching(/^Lucia \d+$/),
        rating: 5,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/),
        product: { id: PAN.id, sku: 'MOD-PADELLA', name: 'Prodotto MOD-PADELLA', url: expect.stringMatching(/^\/p\/MOD-PADELLA\//) },
        customer: { id: second.customerId, email: second.email },
        rejectionReason: null,
        moderatedAt: expect.any(String),
        moderatedBy: expect.stringMatching(/^staff-sessione-\d+@bottega-pro\.example$/),
      },
      changed: true,
      cache: { tags: 2, status: 'sent' },
    });
    expect(revalidated.at(-1)).toEqual([`P${PAN.id}`, 'PSMOD-PADELLA']);
    const shown = await published(PAN.id);
    expect(shown.map((r) => r.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(average(shown)).toBe(3.5);
    expect(await audit(second.id)).toEqual([
      expect.objectContaining({ action: 'review.approve', staffEmail: res.body.result.review.moderatedBy, before: { status: 'pending', rejectionReason: null }, after: { status: 'approved', rejectionReason: null } }),
    ]);

    // The same decision again changes nothing: no second audit entry, nothing expired.
    const sentBefore = revalidated.length;
    expect((await approve(second.id)).body.result).toMatchObject({ changed: false, cache: { tags: 0, status: 'skipped' }, review: { status: 'approved' } });
    expect(revalidated).toHaveLength(sentBefore);
    expect(await audit(second.id)).toHaveLength(1);
  });

  it('answers 404 for a review that does not exist or an id that is no number', async () => {
    for (const id of ['999999', '0', 'abc', '99999999999']) {
      const res = await approve(id);
      expect(res.status, id).toBe(404);
      expect(res.body.result).toBe(M.notFound);
    }
    expect((await reject(999_999, { reason: 'spam' })).status).toBe(404);
  });
});

describe('rejecting a review', () => {
  it('needs a reason (an Italian 400 naming it), and writes nothing without one', async () => {
    const review = await written(POT.id, 1);
    const cases: [unknown, string][] = [
      [{}, M.reasonRequired],
      [{ reason: '' }, M.reasonRequired],
      [{ reason: '   ' }, M.reasonRequired],
      [{ reason: 42 }, M.reasonRequired],
      [{ reason: 'x'.repeat(501) }, M.reasonTooLong],
    ];
    for (const [body, message] of cases) {
      const res = await reject(review.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.result).toBe(`Invalid request body: reason: ${message}`);
    }
    expect(await stored(review.id)).toMatchObject({ review_status: REVIEW_PENDING, rejection_reason: null });
    expect(await audit(review.id)).toEqual([]);
  });

  it('keeps the reason for the staff only; the review stays off the product page; the author sees it was not published', async () => {
    const review = await written(POT.id, 1, 'Pessima');
    const reason = 'Parla di un altro prodotto; contiene un numero di telefono.';
    const res = await reject(review.id, { reason: `  ${reason}  ` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({ changed: true, review: { status: 'rejected', rejectionReason: reason }, cache: { status: 'sent' } });
    expect((await published(POT.id)).map((r) => r.id)).not.toContain(review.id);
    // The catalogue's document (which /api/catalog answers anyone) carries no reason.
    const row = await stored(review.id);
    expect(row).toMatchObject({ review_status: 3, rejection_reason: reason });
    expect(JSON.stringify(row.doc)).not.toContain('telefono');
    const publicQuery = await api.call('/api/catalog', { body: { entityType: 'review', filters: { id: { eq: review.id } } } });
    expect(JSON.stringify(publicQuery.body)).not.toContain('telefono');
    expect(await audit(review.id)).toEqual([expect.objectContaining({ action: 'review.reject', before: { status: 'pending', rejectionReason: null }, after: { status: 'rejected', rejectionReason: reason } })]);

    const rejected = await list('?status=rejected');
    expect(rejected.body.result.items).toContainEqual(res.body.result.review);
  });

  it('may be taken again the other way: an approved review taken down, a rejected one approved after all', async () => {
    const review = await written(POT.id, 4, 'Buona');
    await approve(review.id);
    expect((await published(POT.id)).map((r) => r.id)).toContain(review.id);

    const down = await reject(review.id, { reason: 'Segnalata dal cliente come scritta per errore.' });
    expect(down.body.result).toMatchObject({ changed: true, review: { status: 'rejected' }, cache: { tags: 2, status: 'sent' } });
    expect(revalidated.at(-1)).toEqual([`P${POT.id}`, 'PSMOD-PENTOLA']);
    expect((await published(POT.id)).map((r) => r.id)).not.toContain(review.id);
    // Rejecting it again keeps the first reason.
    expect((await reject(review.id, { reason: 'Altro motivo' })).body.result).toMatchObject({ changed: false, review: { rejectionReason: 'Segnalata dal cliente come scritta per errore.' } });

    const back = await approve(review.id);
    expect(back.body.result).toMatchObject({ changed: true, review: { status: 'approved', rejectionReason: null } });
    expect((await published(POT.id)).map((r) => r.id)).toContain(review.id);
    expect((await audit(review.id)).map((e) => [e.action, e.before, e.after])).toEqual([
      ['review.approve', { status: 'pending', rejectionReason: null }, { status: 'approved', rejectionReason: null }],
      ['review.reject', { status: 'approved', rejectionReason: null }, { status: 'rejected', rejectionReason: 'Segnalata dal cliente come scritta per errore.' }],
      ['review.approve', { status: 'rejected', rejectionReason: 'Segnalata dal cliente come scritta per errore.' }, { status: 'approved', rejectionReason: null }],
    ]);
  });

  it('does not overwrite a decision someone took meanwhile: 409, nothing written', async () => {
    const review = await written(POT.id, 3);
    const db = api.database.db;
    const imports = new CatalogImportService(db, new CacheInvalidator({}));
    // Another moderator approves between this one's reading and writing.
    const racing = new ReviewModeration(db, { importBatch: async (entity, docs, after) => {
      await db.updateTable('review').set({ review_status: 1 }).where('id', '=', review.id).execute();
      return imports.importBatch(entity, docs, after);
    } }, () => new Date());
    await expect(racing.reject(review.id, 'spam', { id: null, email: 'test' })).rejects.toMatchObject({ status: 409, message: M.changed });
    expect(await stored(review.id)).toMatchObject({ review_status: 1, rejection_reason: null });
    expect((await stored(review.id)).doc).toMatchObject({ review_status: REVIEW_PENDING });
    expect(await audit(review.id)).toEqual([]);
  });
});

describe('GET /api/admin/reviews', () => {
  it('lists one status in pages: the queue oldest first, with product, author, rating and text', async () => {
    const a = await written(PAN.id, 3, 'Prima in coda');
    const b = await written(POT.id, 4, 'Seconda in coda');
    const all = await list('?status=pending&limit=200');
    expect(all.status).toBe(200);
    const ids = (all.body.result.items as AdminReview[]).map((r) => r.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    expect(all.body.result.total).toBe(ids.length);
    expect((await list('')).body.result.total).toBe(ids.length);
    const one = (all.body.result.items as AdminReview[]).find((r) => r.id === b.id);
    expect(one).toMatchObject({ status: 'pending', title: 'Seconda in coda', rating: 4, product: { sku: 'MOD-PENTOLA' }, customer: { email: b.email }, moderatedAt: null });

    const paged = await list(`?status=pending&limit=1&page=${ids.length}`);
    expect(paged.body.result).toEqual({ items: [all.body.result.items.at(-1)], total: ids.length });
    // A search over the product (SKU, name), the text, the author and the author's e-mail, in any case.
    const found = async (q: string) => ((await list(`?status=pending&limit=200&q=${encodeURIComponent(q)}`)).body.result.items as AdminReview[]).map((r) => r.id);
    expect(await found('mod-pentola')).toContain(b.id);
    expect(await found('mod-pentola')).not.toContain(a.id);
    expect(await found('Prodotto MOD-PADELLA')).toContain(a.id);
    expect(await found('SECONDA IN')).toEqual([b.id]);
    expect(await found(b.email.toUpperCase())).toEqual([b.id]);
    expect(await found('%')).toEqual([]);
    expect((await list('?q=seconda in coda')).body.result.total).toBe(1);
    const approved = (await list('?status=approved&limit=200')).body.result.items as AdminReview[];
    expect(approved.every((r) => r.status === 'approved')).toBe(true);
    expect(approved.map((r) => r.id)).not.toContain(a.id);
  });

  it('answers bad filters with Italian 400s', async () => {
    expect((await list('?status=tutte')).body).toEqual({ code: 400, result: `Invalid query: status: ${M.badStatus}` });
    expect((await list('?limit=0')).body).toEqual({ code: 400, result: `Invalid query: limit: ${M.badLimit}` });
    expect((await list('?page=0')).body).toEqual({ code: 400, result: `Invalid query: page: ${M.badPage}` });
  });
});

describe('who may moderate', () => {
  it('signed-in staff (a session with its CSRF token); not a visitor or a customer', async () => {
    const review = await written(PAN.id, 4);
    expect((await list('', {})).status).toBe(401);
    expect((await approve(review.id, {})).body).toEqual({ code: 401, result: A.signInRequired });
    expect((await approve(review.id, { authorization: `Bearer ${ADMIN}` })).body).toEqual({ code: 401, result: A.customerToken });
    expect((await approve(review.id, { cookie: staff.cookie! })).body).toEqual({ code: 403, result: A.csrfMissing });
    expect((await stored(review.id)).review_status).toBe(REVIEW_PENDING);
    expect((await approve(review.id, owner)).status).toBe(200);
  });

  it('a program with a catalog:write key approves and rejects (audited as the key); without the scope 403; the list is a person’s', async () => {
    const key = async (scopes: string[]) => `Bearer ${(await api.call('/api/admin/api-keys', { body: { name: `Moderatore ${scopes.join(' ')}`, scopes }, headers: owner })).body.result.key as string}`;
    const catalog = { authorization: await key(['catalog:write']) };
    const orders = { authorization: await key(['orders:read', 'orders:write']) };
    const one = await written(PAN.id, 5);
    const two = await written(PAN.id, 1);

    expect((await approve(one.id, orders)).body).toEqual({ code: 403, result: K.missingScope.replace('{scope}', 'catalog:write') });
    expect((await reject(two.id, { reason: 'spam' }, orders)).status).toBe(403);
    expect((await list('', catalog)).body).toEqual({ code: 403, result: K.notAllowed });

    expect((await approve(one.id, catalog)).body.result).toMatchObject({ changed: true, review: { status: 'approved', moderatedBy: 'chiave API Moderatore catalog:write' } });
    expect((await reject(two.id, { reason: 'Linguaggio offensivo' }, catalog)).body.result).toMatchObject({ changed: true, review: { status: 'rejected' } });
    expect((await audit(two.id)).map((e) => [e.action, e.staffEmail])).toEqual([['review.reject', 'chiave API Moderatore catalog:write']]);
    expect((await published(PAN.id)).map((r) => r.id)).toEqual(expect.arrayContaining([one.id]));
  });
});

describe('npm run review:approve', { timeout: 360_000 }, () => {
  const reviewApprove = (args: string[], env: Record<string, string>) => runCli('review-approve.ts', args, { ADMIN_TOKEN: '', DATABASE_URL: '', ...env });

  it('lists and approves through the running API (whose database it never opens), audited as cli', async () => {
    const review = await written(POT.id, 5, 'Dalla riga di comando');
    const env = { DATA_DIR: api.dataDir, API_URL: api.url, ADMIN_TOKEN: ADMIN };
    const listed = await reviewApprove(['--list'], env);
    expect(listed.stderr).toBe('');
    expect(listed.stdout).toMatch(new RegExp(`#${review.id}  MOD-PENTOLA \\(Prodotto MOD-PENTOLA\\)  5/5  by Lucia \\d+ \\(customer ${review.customerId}, ${review.email}\\)`));
    expect(listed.stdout).toContain('  Dalla riga di comando\n  Scalda in modo uniforme');

    const approved = await reviewApprove([String(review.id)], env);
    expect(approved.stderr).toBe('');
    expect(approved.stdout.trim()).toBe(`Review ${review.id} approved`);
    expect((await published(POT.id)).map((r) => r.id)).toContain(review.id);
    expect((await audit(review.id)).map((e) => [e.action, e.staffEmail])).toEqual([['review.approve', 'cli']]);
    expect((await reviewApprove([String(review.id)], env)).stdout.trim()).toBe(`Review ${review.id} was approved already`);

    const missing = await reviewApprove(['999999'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`answered 404: ${M.notFound}`);
  });

  it('its API routes answer this machine with the admin token only', async () => {
    const review = await written(POT.id, 2);
    const fromElsewhere = await api.call(`/api/internal/reviews/${review.id}/approve`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN}`, 'x-forwarded-for': '203.0.113.9' } });
    expect(fromElsewhere.body).toEqual({ code: 403, result: A.internalOnly });
    expect((await api.call(`/api/internal/reviews/${review.id}/approve`, { method: 'POST', headers: { authorization: 'Bearer not-the-token' } })).status).toBe(401);
    expect((await api.call('/api/internal/reviews', { headers: staff })).status).toBe(401);
    expect((await stored(review.id)).review_status).toBe(REVIEW_PENDING);
  });

  it('without a running API it opens the database itself', async () => {
    const database = await freshDatabase(false);
    try {
      const opened = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
      const productId = PAN.id;
      await upsertProducts(opened.db, [PAN]);
      const doc = { id: 1_900_000_001, product_id: productId, title: 'Senza API', detail: 'Approvata dal database.', nickname: 'Gino', review_status: REVIEW_PENDING, created_at: '2026-01-02 03:04:05' };
      await opened.db.insertInto('review').values({ id: doc.id, product_id: productId, review_status: REVIEW_PENDING, doc: jsonb(doc) }).execute();
      await opened.close();

      const env = { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '', API_URL: 'http://127.0.0.1:1' };
      expect((await reviewApprove(['--list'], env)).stdout).toContain(`#${doc.id}  `);
      const ran = await reviewApprove([String(doc.id)], env);
      expect(ran.stderr).toBe('');
      expect(ran.stdout.trim()).toBe(`Review ${doc.id} approved (no storefront to expire)`);

      const reopened = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
      try {
        expect(await reopened.db.selectFrom('review').select(['review_status', 'moderated_by']).where('id', '=', doc.id).executeTakeFirstOrThrow()).toEqual({ review_status: 1, moderated_by: 'cli' });
        const entries = await reopened.db.selectFrom('admin_audit').select(['action', 'staff_email']).where('object_type', '=', 'review').execute();
        expect(entries).toEqual([{ action: 'review.approve', staff_email: 'cli' }]);
      } finally {
        await reopened.close();
      }
    } finally {
      await database.drop();
    }
  });
});
