import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { ADMIN_MESSAGES as M } from '@shop/contracts';
import { sampleCompanyBilling } from '@shop/contracts/sample-order';
import { openDatabase, type Db } from '@shop/db';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAdminToken } from '../../http/admin-token.ts';
import { freshDatabase, startTestApi, startTestApiOn, type TestApi } from '../../testing/api-harness.ts';
import { orderHelpers } from '../../testing/orders.ts';
import { productFactory } from '../../testing/products.ts';
import { runCli } from '../../testing/run-cli.ts';
import { recordPayment, staffSession } from '../../testing/staff-session.ts';

/**
 * Issue #46 point 7: `npm run db:backup` / `db:restore`. A shop with orders, invoices and catalogue
 * changes is backed up while it runs, restored into a fresh database, and an API started on that
 * answers the same orders, invoices and catalogue; the tools refuse targets they must not touch.
 * The same file runs on the embedded database and on PostgreSQL (DATABASE_URL).
 */
const SERVER_URL = process.env.DATABASE_URL;
/** Nothing listens here: the tool finds no API. */
const NO_API = 'http://127.0.0.1:1';
const product = productFactory(984_000);

const work = mkdtempSync(join(tmpdir(), 'shop-backup-test-'));
/** Directories and databases the tests made beside the harness's: removed at the end. */
const leftovers: (() => Promise<void>)[] = [];
let source: TestApi;
let owner: Record<string, string>;
const orders: string[] = [];
const { cartWith, orderBody, place } = orderHelpers(() => source);

/** Runs `npm run db:backup` / `db:restore` as its own process, with none of the test run's own database settings. */
const tool = (script: 'db-backup.ts' | 'db-restore.ts', args: string[], env: Record<string, string> = {}) =>
  runCli(script, args, { DATABASE_URL: '', ADMIN_TOKEN: '', API_URL: NO_API, BACKUP_DIR: join(work, 'backups'), ...env });

/** Where the source shop's database is, as the tools are told. */
const sourceEnv = () => ({ DATA_DIR: source.dataDir, DATABASE_URL: source.databaseUrl ?? '', API_URL: source.url });

beforeAll(async () => {
  source = await startTestApi();
  owner = await staffSession(source, 'owner');
  // Catalogue changes after the seeded template, through the catalogue's one write path.
  const imported = await source.call('/api/admin/catalog/import', {
    body: { entity: 'product', docs: [product('BKP-AFFETTATRICE', 1249.5, { special_price: 1099 }), product('BKP-GUANTI', 12.9)] },
    headers: { authorization: `Bearer ${readAdminToken(source.dataDir)}` },
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  for (const lines of [[['BKP-AFFETTATRICE', 1]], [['BKP-GUANTI', 4]], [['BKP-GUANTI', 2], ['BKP-AFFETTATRICE', 1]]] as [string, number][][]) {
    const res = await place(orderBody(await cartWith(lines), 'banktransfer', sampleCompanyBilling));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    orders.push(res.body.result.incrementId as string);
  }
  // Two paid: two invoices issued.
  for (const incrementId of orders.slice(0, 2)) expect((await recordPayment(source, owner, incrementId)).status).toBe(200);
});
afterAll(async () => {
  await source?.dispose();
  for (const remove of leftovers) await remove();
  rmSync(work, { recursive: true, force: true });
});

/** The tables a restore must give back: row counts and a digest of every row. */
const COMPARED = ['product', 'product_doc', 'category', 'attribute', 'tax_rule', 'cms_page', 'cms_block', 'price_history', 'stock_level', 'customer', 'staff_user', 'sales_order', 'sales_order_item', 'order_payment', 'invoice', 'invoice_sequence'];

async function fingerprint(db: Db): Promise<Record<string, { rows: number; digest: string }>> {
  const prints: Record<string, { rows: number; digest: string }> = {};
  for (const table of COMPARED) {
    const { rows } = await sql<{ rows: number; digest: string }>`SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest FROM ${sql.table(table)} t`.execute(db);
    prints[table] = rows[0]!;
  }
  return prints;
}

/** What a client of the API sees of the shop's data: the catalogue, the orders and their invoices. */
async function answers(api: TestApi, session: Record<string, string>) {
  const catalogue = await api.call('/api/catalog', { body: { entityType: 'product', filters: { sku: { in: ['BKP-AFFETTATRICE', 'BKP-GUANTI'] } }, sort: 'sku:asc', includeFields: ['sku', 'name', 'price', 'final_price', 'special_price', 'stock'] } });
  const categories = await api.call('/api/catalog', { body: { entityType: 'category', size: 1 } });
  const search = await api.call('/api/search', { body: { q: 'affettatrice', size: 5, includeFields: ['sku'] } });
  const perOrder = [];
  for (const incrementId of orders) {
    const order = await api.call(`/api/admin/orders/${incrementId}`, { headers: session });
    const invoices = await api.call(`/api/admin/orders/${incrementId}/invoices`, { headers: session });
    const xml = [];
    for (const invoice of invoices.body.result as { id: number }[]) xml.push(await (await fetch(`${api.url}/api/admin/invoices/${invoice.id}.xml`, { headers: session })).text());
    perOrder.push({ order: order.body, invoices: invoices.body, xml });
  }
  return {
    catalogue: catalogue.body,
    categoryTotal: categories.body.result.total as number,
    search: (search.body.result.items as { sku: string }[] | undefined)?.map((item) => item.sku),
    orders: perOrder,
  };
}

/** The source shop as the restored one must answer it; taken once, after the backup. */
let expected: { prints: Awaited<ReturnType<typeof fingerprint>>; answers: Awaited<ReturnType<typeof answers>> };

const totalsLine = (prints: typeof expected.prints) =>
  `${prints.product!.rows} products, ${prints.category!.rows} categories, ${prints.customer!.rows} customers, ${prints.sales_order!.rows} orders, ${prints.invoice!.rows} invoices`;

/** Checks the restored database against the source, then through an API started on it; answers that API. */
async function expectSameShop(target: { databaseUrl?: string; dataDir: string; drop(): Promise<void> }): Promise<TestApi> {
  const restored = await startTestApiOn(target);
  expect(await fingerprint(restored.database.db)).toEqual(expected.prints);
  // The owner's back-office session came back with the data: the restored shop answers it alike.
  expect(await answers(restored, owner)).toEqual(expected.answers);
  return restored;
}

async function takeExpected() {
  expected = { prints: await fingerprint(source.database.db), answers: await answers(source, owner) };
  expect(expected.prints.sales_order!.rows).toBeGreaterThanOrEqual(3);
  expect(expected.prints.invoice!.rows).toBe(2);
  expect(expected.answers.orders.map((o) => [o.order.code, o.invoices.code, o.xml.length])).toEqual([[200, 200, 1], [200, 200, 1], [200, 200, 0]]);
  expect(expected.answers.catalogue.result.items.map((p: { sku: string }) => p.sku)).toEqual(['BKP-AFFETTATRICE', 'BKP-GUANTI']);
  expect(expected.answers.search).toContain('BKP-AFFETTATRICE');
}

describe.skipIf(SERVER_URL)('npm run db:backup / db:restore on the embedded database', { timeout: 180_000 }, () => {
  let restoredDir: { dataDir: string; drop(): Promise<void> };

  it('backs up the running shop through its API; the backup restored into a fresh data directory answers the same orders, invoices and catalogue', async () => {
    const backup = await tool('db-backup.ts', [], sourceEnv());
    expect(backup.stderr).toBe('');
    const made = new RegExp(`^Backed up the embedded database at ${source.dataDir} through the API at ${source.url} to (${join(work, 'backups')}/shop-embedded-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ\\.tar\\.gz) \\(\\d+\\.\\d MB\\)$`).exec(backup.stdout.trim());
    expect(made, backup.stdout).not.toBeNull();
    const file = made![1]!;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await takeExpected();
    // One backup a minute through the API: each holds the shop's queries while it copies.
    const again = await source.call('/api/internal/db-backup', { headers: { authorization: `Bearer ${readAdminToken(source.dataDir)}` } });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(again.body.result).toBe(M.backupTooSoon.replace('{seconds}', again.headers.get('retry-after')!));

    // The running shop's data directory is never replaced, and a backup goes back into its own kind of database only.
    const inUse = await tool('db-restore.ts', ['--file', file], { DATA_DIR: source.dataDir });
    expect(inUse.code).toBe(1);
    expect(inUse.stderr.trim()).toBe(`The embedded database at ${source.dataDir} is in use by process ${process.pid} (the shop's API): stop the shop first; a restore never replaces a database in use.`);
    const toServer = await tool('db-restore.ts', ['--file', file, '--database-url', 'postgres://shop@127.0.0.1:1/shop']);
    expect(toServer.code).toBe(1);
    expect(toServer.stderr).toContain(`${file} is a backup of the embedded database (PGlite), and the target is the PostgreSQL server database postgres://shop@127.0.0.1:1/shop`);

    restoredDir = await freshDatabase(false); // an empty directory
    leftovers.push(() => restoredDir.drop());
    const restore = await tool('db-restore.ts', ['--file', file, '--data-dir', restoredDir.dataDir]);
    expect(restore.stderr).toBe('');
    expect(restore.stdout.trim()).toBe(`Restored ${file} into the embedded database at ${restoredDir.dataDir}: ${totalsLine(expected.prints)}`);
    expect(readdirSync(restoredDir.dataDir)).not.toContain('admin-token'); // the source API's
    const restored = await expectSameShop({ ...restoredDir, drop: async () => {} });
    await restored.stop();
  });

  it('backs up a data directory no API holds by opening it; a restore over a database needs --force and keeps that one aside', async () => {
    const file = join(work, 'direct.tar.gz');
    const backup = await tool('db-backup.ts', ['--out', file], { DATA_DIR: restoredDir.dataDir });
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toMatch(new RegExp(`^Backed up the embedded database at ${restoredDir.dataDir} to ${file} \\(\\d+\\.\\d MB\\)\\n$`));

    const refused = await tool('db-restore.ts', ['--file', file], { DATA_DIR: restoredDir.dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${restoredDir.dataDir} already holds a database: restore into an empty or new directory (--data-dir, or DATA_DIR), or add --force`);

    const forced = await tool('db-restore.ts', ['--file', file, '--force'], { DATA_DIR: restoredDir.dataDir });
    expect(forced.stderr).toBe('');
    const [restoredLine, asideLine] = forced.stdout.trim().split('\n');
    expect(restoredLine).toBe(`Restored ${file} into the embedded database at ${restoredDir.dataDir}: ${totalsLine(expected.prints)}`);
    const aside = /^The database that was there is kept in (\S+): delete it once the restored shop is checked$/.exec(asideLine ?? '')?.[1];
    expect(aside).toMatch(new RegExp(`^${restoredDir.dataDir}\\.before-restore-`));
    leftovers.push(async () => rmSync(aside!, { recursive: true, force: true }));
    expect(existsSync(join(aside!, 'PG_VERSION'))).toBe(true);
    expect(readdirSync(dirname(restoredDir.dataDir)).filter((name) => name.startsWith(`${basename(restoredDir.dataDir)}.restoring-`))).toEqual([]);
    const reopened = await openDatabase({ dataDir: restoredDir.dataDir, migrate: false });
    try {
      expect(await fingerprint(reopened.db)).toEqual(expected.prints);
    } finally {
      await reopened.close();
    }
  });
});

/** A database name next to DATABASE_URL's that does not exist yet; dropped at the end. */
function newServerDatabase(): string {
  const url = new URL(SERVER_URL!);
  const name = `shop_restore_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  url.pathname = `/${name}`;
  leftovers.push(async () => {
    const client = new pg.Client({ connectionString: SERVER_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });
  return url.toString();
}

describe.runIf(SERVER_URL)('npm run db:backup / db:restore on PostgreSQL', { timeout: 180_000 }, () => {
  let file: string;
  let targetUrl: string;

  it('backs up the running shop with pg_dump; restored into a new database, it answers the same orders, invoices and catalogue', async () => {
    const backup = await tool('db-backup.ts', [], sourceEnv());
    expect(backup.stderr).toBe('');
    const made = new RegExp(`^Backed up the database \\S+ to (${join(work, 'backups')}/shop-postgres-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ\\.dump) \\(\\d+\\.\\d [KM]B\\)$`).exec(backup.stdout.trim());
    expect(made, backup.stdout).not.toBeNull();
    file = made![1]!;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await takeExpected();

    // Not into the database the running shop uses, and not into a data directory.
    const inUse = await tool('db-restore.ts', ['--file', file, '--force'], sourceEnv());
    expect(inUse.code).toBe(1);
    expect(inUse.stderr).toMatch(/^\d+ other session\(s\) are connected to \S+ \(the shop's API instances\?\): stop them first/);
    const toEmbedded = await tool('db-restore.ts', ['--file', file, '--data-dir', join(work, 'nowhere')]);
    expect(toEmbedded.code).toBe(1);
    expect(toEmbedded.stderr).toContain(`${file} is a backup of a PostgreSQL server (pg_dump), and the target is the embedded database at ${join(work, 'nowhere')}`);
    expect(existsSync(join(work, 'nowhere'))).toBe(false);

    targetUrl = newServerDatabase();
    const restore = await tool('db-restore.ts', ['--file', file, '--database-url', targetUrl]);
    expect(restore.stderr).toBe('');
    expect(restore.stdout.trim()).toBe(`Restored ${file} into the PostgreSQL server database ${targetUrl}: ${totalsLine(expected.prints)}`);
    const restored = await expectSameShop({ databaseUrl: targetUrl, dataDir: mkdtempSync(join(work, 'api-')), drop: async () => {} });
    await restored.stop();
  });

  it('a restore over a database holding tables needs --force, which saves it first with pg_dump', async () => {
    const refused = await tool('db-restore.ts', ['--file', file], { DATABASE_URL: targetUrl });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(new RegExp(`^${targetUrl.replaceAll('/', '\\/')} already holds \\d+ tables: restore into an empty or new database`));

    const forced = await tool('db-restore.ts', ['--file', file, '--force'], { DATABASE_URL: targetUrl });
    expect(forced.stderr).toBe('');
    const [restoredLine, savedLine] = forced.stdout.trim().split('\n');
    expect(restoredLine).toBe(`Restored ${file} into the PostgreSQL server database ${targetUrl}: ${totalsLine(expected.prints)}`);
    const saved = /^Its previous content is saved in (\S+-before-restore\.dump)$/.exec(savedLine ?? '')?.[1];
    expect(saved && dirname(saved)).toBe(join(work, 'backups'));
    expect(statSync(saved!).size).toBeGreaterThan(0);
    const reopened = await openDatabase({ databaseUrl: targetUrl, dataDir: work, migrate: false });
    try {
      expect(await fingerprint(reopened.db)).toEqual(expected.prints);
    } finally {
      await reopened.close();
    }
  });
});

describe('GET /api/internal/db-backup', () => {
  it('answers tools on this machine with the admin token only; on a PostgreSQL server it leaves the backup to pg_dump', async () => {
    const route = '/api/internal/db-backup';
    expect((await source.call(route, { headers: { 'x-forwarded-for': '203.0.113.9' } })).body).toEqual({ code: 403, result: M.internalOnly });
    expect((await source.call(route)).status).toBe(401);
    expect((await source.call(route, { headers: { authorization: 'Bearer not-the-token' } })).status).toBe(401);
    if (SERVER_URL) {
      expect((await source.call(route, { headers: { authorization: `Bearer ${readAdminToken(source.dataDir)}` } })).body).toEqual({ code: 409, result: M.backupNotEmbedded });
    }
  });
});

describe('the PostgreSQL client tools', () => {
  it('when missing, the tools say so in Italian and in English, and write nothing', async () => {
    const env = { DATABASE_URL: 'postgres://shop@127.0.0.1:1/shop', PG_BIN_DIR: join(work, 'no-bin') };
    const backup = await tool('db-backup.ts', ['--out', join(work, 'never.dump')], env);
    expect(backup.code).toBe(1);
    expect(backup.stderr.trim().split('\n')).toEqual([
      `pg_dump non trovato (PG_BIN_DIR=${env.PG_BIN_DIR}): installa gli strumenti client di PostgreSQL, della versione del server o più recenti (Debian/Ubuntu: apt-get install postgresql-client), oppure indica la loro cartella con PG_BIN_DIR.`,
      `pg_dump not found (PG_BIN_DIR=${env.PG_BIN_DIR}): install PostgreSQL's client tools, of the server's version or newer (Debian/Ubuntu: apt-get install postgresql-client), or set PG_BIN_DIR to their folder.`,
    ]);
    expect(existsSync(join(work, 'never.dump'))).toBe(false);
    expect(existsSync(join(work, 'never.dump.partial'))).toBe(false);
  });
});
