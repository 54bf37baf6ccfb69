// The back office's orders at 100,000 orders for `npm run bench` (issue #44): the list's p95 with
// typical filters, saved views, text searches and deep pages (target ≤ 100 ms), and the CSV export
// of every order (time, and the API process's peak RSS growth against an export a tenth the size:
// memory stays flat). Orders are seeded set-based (generate_series) into a fresh embedded database,
// then into a fresh database on the PostgreSQL server when one answers.
// Alone: `node --import tsx bench/admin-orders.ts` (ADMIN_BENCH_ORDERS=100000).
import { readFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { openDatabase, type Db } from '@shop/db';
import { sql } from 'kysely';
// @ts-expect-error -- plain ESM helpers shared with the npm scripts
import { freePort, repoRoot } from '../scripts/lib/processes.mjs';
import { addBenchOwner, p95Line, signInBenchOwner, timedAdminGet } from './admin-session.ts';
import { stop, timedStart } from './api-process.ts';
import { withBenchDatabase } from './pg-database.ts';

const ORDERS = Number(process.env.ADMIN_BENCH_ORDERS ?? 100_000);
const RUNS = 40;

/**
 * 100,000 orders in one INSERT … SELECT: a year of orders (three placed in each second, for
 * ties), card, PayPal, bank transfer and cash on delivery with their usual states, a third
 * companies, names and e-mails from small lists (so a name search finds many, an e-mail one).
 */
export async function seedOrders(db: Db, count: number): Promise<void> {
  await sql`
    INSERT INTO sales_order (store_code, increment_id, access_key, idempotency_key, request_hash, status, payment_status, shipping_status,
      email, is_company, company, fiscal_code, vat_id, sdi_code, fatturapa_payment_code, shipping_address, billing_address,
      shipping_carrier_code, shipping_method_code, payment_method, subtotal_cents, discount_cents, shipping_cents, fee_cents,
      surcharge_cents, tax_cents, grand_total_cents, refunded_cents, view, created_at, updated_at, paid_at)
    SELECT 'it', lpad(g::text, 9, '0'), md5('a' || g), 'bench-' || g, md5('r' || g), s.status, s.payment_status, s.shipping_status,
      'cliente' || g || '@example.it', g % 3 = 0, CASE WHEN g % 3 = 0 THEN 'Ristorante ' || n.last || ' ' || g % 997 || ' srl' END,
      CASE WHEN g % 3 = 0 THEN lpad((g * 7919 % 99999999999)::text, 11, '0') ELSE 'RSSMRA79B11C566R' END,
      CASE WHEN g % 3 = 0 THEN lpad((g * 7919 % 99999999999)::text, 11, '0') END,
      CASE WHEN g % 3 = 0 THEN 'M5UXCR1' END, m.code, a.address, a.address, 'flatrate', 'flatrate', m.method,
      t.total - 990 - round(t.total * 22 / 122.0)::int, 0, 990, 0, 0, round(t.total * 22 / 122.0)::int, t.total,
      CASE WHEN s.payment_status = 'partially_refunded' THEN t.total / 4 WHEN s.payment_status = 'refunded' THEN t.total ELSE 0 END,
      jsonb_build_object('payment', jsonb_build_object('method', m.method, 'title', m.title), 'items',
        jsonb_build_array(jsonb_build_object('sku', 'SKU-' || g % 5000, 'name', 'Forno professionale a convezione ' || g % 5000, 'qty', 1 + g % 4))),
      c.at, c.at, CASE WHEN s.payment_status <> 'pending' THEN c.at END
    FROM generate_series(1, ${count}) AS g
    CROSS JOIN LATERAL (SELECT now() - ((${count} - g) / 3) * interval '15 minutes' AS at) AS c
    CROSS JOIN LATERAL (SELECT (1000 + (g::bigint * 104729) % 500000)::int AS total) AS t
    CROSS JOIN LATERAL (SELECT (ARRAY['Rossi', 'Bianchi', 'Verdi', 'Esposito', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno'])[1 + g % 10] AS last,
                               (ARRAY['Mario', 'Giulia', 'Luca', 'Anna', 'Marco', 'Sara', 'Paolo', 'Elena'])[1 + g % 8] AS first) AS n
    CROSS JOIN LATERAL (SELECT jsonb_build_object('firstname', n.first, 'lastname', n.last, 'street', jsonb_build_array('Via Roma', (g % 200)::text),
      'city', 'Milano', 'postcode', '20121', 'region_code', 'MI', 'country_id', 'IT', 'telephone', '333 123 4567', 'email', 'cliente' || g || '@example.it') AS address) AS a
    CROSS JOIN LATERAL (SELECT * FROM (VALUES
      (0, 'stripe', 'Carta di credito', 'MP08'), (1, 'stripe', 'Carta di credito', 'MP08'), (2, 'stripe', 'Carta di credito', 'MP08'), (3, 'stripe', 'Carta di credito', 'MP08'),
      (4, 'paypal', 'PayPal', 'MP08'), (5, 'paypal', 'PayPal', 'MP08'),
      (6, 'banktransfer', 'Bonifico bancario anticipato', 'MP05'), (7, 'banktransfer', 'Bonifico bancario anticipato', 'MP05'), (8, 'banktransfer', 'Bonifico bancario anticipato', 'MP05'),
      (9, 'cashondelivery', 'Contrassegno', 'MP01')) AS v(k, method, title, code) WHERE k = g % 10) AS m
    -- The newest orders wait (to pay, to ship); older ones went through; a few were canceled or refunded.
    CROSS JOIN LATERAL (SELECT
      CASE WHEN g % 97 = 0 THEN 'canceled' WHEN g % 89 = 0 THEN 'closed'
           WHEN m.method = 'banktransfer' AND (g > ${count} - 600 OR g % 53 = 0) THEN 'pending_payment'
           WHEN g > ${count} - 900 THEN 'processing' ELSE 'complete' END AS status,
      CASE WHEN g % 97 = 0 THEN 'canceled' WHEN g % 89 = 0 THEN 'refunded' WHEN g % 83 = 0 THEN 'partially_refunded'
           WHEN m.method = 'banktransfer' AND (g > ${count} - 600 OR g % 53 = 0) THEN 'pending'
           WHEN m.method = 'cashondelivery' AND g > ${count} - 2000 THEN 'pending' ELSE 'paid' END AS payment_status,
      CASE WHEN g % 97 = 0 OR (m.method = 'banktransfer' AND (g > ${count} - 600 OR g % 53 = 0)) OR g > ${count} - 900 THEN 'not_shipped' ELSE 'shipped' END AS shipping_status) AS s`.execute(db);
  await sql`UPDATE order_sequence SET last_value = ${count} WHERE store_code = 'it'`.execute(db);
}

/** The API process's resident memory now and at its peak, in MiB (Linux). */
function memoryOf(child: ChildProcess): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') / 1024, hwm: kib('VmHWM') / 1024 };
}

const timedList = async (base: string, cookie: string, query: string) => {
  const { ms, result } = await timedAdminGet<{ total: number; items: unknown[]; nextCursor?: string }>(base, cookie, `/orders${query}`);
  return { ms, body: { result } };
};

/**
 * Downloads the export, sampling the API's RSS every 20 ms: time, rows, size, and the peak RSS
 * growth over its level before within each quarter of the rows (flat quarters: constant memory).
 */
async function timedExport(base: string, cookie: string, query: string, child: ChildProcess) {
  const before = memoryOf(child).rss;
  let lines = 0;
  const samples: { lines: number; rss: number }[] = [];
  const sampler = setInterval(() => samples.push({ lines, rss: memoryOf(child).rss }), 20);
  const started = performance.now();
  const res = await fetch(`${base}/api/admin/orders.csv${query}`, { headers: { cookie } });
  let bytes = 0;
  for await (const chunk of res.body!) {
    bytes += chunk.byteLength;
    for (const byte of chunk as Uint8Array) if (byte === 10) lines++;
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  samples.push({ lines, rss: memoryOf(child).rss });
  const quarters = [1, 2, 3, 4].map((q) => Math.max(before, ...samples.filter((s) => s.lines > ((q - 1) * lines) / 4 && s.lines <= (q * lines) / 4).map((s) => s.rss)) - before);
  return { ms, rows: lines - 1, mib: bytes / 1024 / 1024, before, quarters };
}

export async function adminOrdersBench(base: string, child: ChildProcess): Promise<string[]> {
  const { cookie } = await signInBenchOwner(base);
  const lastMonth = new Date(Date.now() - 45 * 86_400_000).toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 15 * 86_400_000).toISOString().slice(0, 10);
  const cases: [string, string][] = [
    ['newest first, page 1', '?limit=25'],
    ['status processing', '?status=processing'],
    ['view da-spedire', '?view=da-spedire'],
    ['view bonifici-in-attesa', '?view=bonifici-in-attesa'],
    ['view contrassegno-da-incassare', '?view=contrassegno-da-incassare'],
    ['paymentMethod paypal, one month', `?paymentMethod=paypal&from=${lastMonth}&to=${monthAgo}`],
    ['companies by grand total', '?buyer=company&sort=-grandTotal'],
    ['refunded in part, oldest first', '?paymentStatus=partially_refunded&sort=createdAt'],
    ['q: a surname (a tenth of the orders)', '?q=esposito'],
    ['q: one e-mail', '?q=cliente4242@example.it'],
    ['q: an order number', `?q=${String(Math.floor(ORDERS / 2)).padStart(9, '0')}`],
    ['q: a P.IVA fragment', '?q=7919'],
  ];
  const lines: string[] = [];
  for (const [label, query] of cases) {
    await timedList(base, cookie, query); // warm-up
    const ms: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS; i++) {
      const run = await timedList(base, cookie, query);
      ms.push(run.ms);
      total = run.body.result.total;
    }
    lines.push(p95Line(label, ms, `${total.toLocaleString('en')} matching`));
  }
  // Deep pages: 120 pages of 25 one after the other along the cursor (orders 1 to 3,000), and
  // 10 pages of 200 from order 20,000 on (a cursor taken there).
  const walk: number[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 120; page++) {
    const run = await timedList(base, cookie, `?limit=25${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    walk.push(run.ms);
    cursor = run.body.result.nextCursor;
  }
  lines.push(p95Line('walking 120 pages of 25 along the cursor', walk, 'every page'));
  cursor = undefined;
  for (let page = 0; page < 100; page++) cursor = (await timedList(base, cookie, `?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).body.result.nextCursor;
  const deep: number[] = [];
  for (let page = 0; page < 10; page++) {
    const run = await timedList(base, cookie, `?limit=200&cursor=${encodeURIComponent(cursor!)}`);
    deep.push(run.ms);
    cursor = run.body.result.nextCursor;
  }
  lines.push(p95Line('pages of 200 past order 20,000', deep, '10 pages'));

  // The whole export three times in a row: garbage waiting for V8's next full collection makes
  // the RSS rise within one run; memory held by the export would make it rise run after run.
  const runs: [string, Awaited<ReturnType<typeof timedExport>>][] = [
    ['CSV export, about a tenth', await timedExport(base, cookie, `?from=${new Date(Date.now() - 36 * 86_400_000).toISOString().slice(0, 10)}`, child)],
  ];
  for (let run = 1; run <= 3; run++) runs.push([`CSV export, every order (run ${run} of 3)`, await timedExport(base, cookie, '', child)]);
  for (const [label, run] of runs) {
    lines.push(
      `${label.padEnd(52)} ${run.rows.toLocaleString('en')} rows, ${run.mib.toFixed(1)} MiB in ${(run.ms / 1000).toFixed(2)} s; API RSS ${run.before.toFixed(0)} MiB before, ${(run.before + Math.max(...run.quarters)).toFixed(0)} MiB at most; growth by quarter of the rows ${run.quarters.map((g) => g.toFixed(1)).join(' / ')} MiB`,
    );
  }
  return lines;
}

/** Seeds `ORDERS` orders and an owner with the API stopped (the embedded database is one process's), then measures. */
export async function benchAdminOrders(say: (line: string) => void): Promise<void> {
  const dataDir = join(repoRoot as string, 'var/bench/admin-orders');
  const runOn = async (label: string, databaseUrl?: string) => {
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    const port = await freePort();
    // The first start creates, migrates and seeds the catalogue.
    await stop((await timedStart(dataDir, port, 100, databaseUrl)).child);
    const database = await openDatabase({ databaseUrl, dataDir });
    const started = performance.now();
    try {
      await seedOrders(database.db, ORDERS);
      // The server's autovacuum would soon do the same after so many inserts; the embedded database never vacuums.
      await (database.kind === 'postgres' ? sql`VACUUM ANALYZE sales_order` : sql`ANALYZE sales_order`).execute(database.db);
      say(`admin orders (${label}) seeding ${ORDERS.toLocaleString('en')} orders (generate_series, then ${database.kind === 'postgres' ? 'VACUUM ' : ''}ANALYZE): ${((performance.now() - started) / 1000).toFixed(1)} s`);
      await addBenchOwner(database.db);
    } finally {
      await database.close();
    }
    const { child } = await timedStart(dataDir, port, 100, databaseUrl);
    try {
      for (const line of await adminOrdersBench(`http://127.0.0.1:${port}`, child)) say(`admin orders (${label}) ${line}`);
    } finally {
      await stop(child);
    }
  };
  await runOn('embedded');
  await withBenchDatabase(`bench_admin_orders_${process.pid}`, (url) => runOn('PostgreSQL', url));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`## Back-office orders (${ORDERS.toLocaleString('en')} orders)`);
  await benchAdminOrders(console.log);
}
