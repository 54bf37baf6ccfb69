// The back office's price and stock CSV for `npm run bench` (issue #45 point 1): on a demo
// catalogue of PRICE_CSV_BENCH_PRODUCTS (50,000) products, the export of every product; the
// preview and the import of a file of every product's price raised by a tenth (each row a change)
// in one request each, as a program may send it straight to the API; the export imported back in
// the back office's parts (every price back); and once more (nothing to change). Time (target:
// well under a minute) and the API process's RSS before and at its peak. Embedded, then on
// PostgreSQL when a server answers. Alone: `node --import tsx bench/admin-price-csv.ts`;
// PRICE_CSV_BENCH_EMBEDDED / PRICE_CSV_BENCH_SERVER=false skip a database.
import { readFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { PRICE_CSV_IMPORT_PART, PRICE_CSV_PREVIEW_PART } from '@shop/contracts';
import { openDatabase } from '@shop/db';
// @ts-expect-error -- plain ESM helpers shared with the npm scripts
import { freePort, repoRoot } from '../scripts/lib/processes.mjs';
import { CLI_ACTOR } from '../apps/api/src/modules/admin/audit.ts';
import { upsertStaffUser } from '../apps/api/src/modules/admin/staff-users.ts';
import { parsePriceCsv } from '../apps/api/src/modules/admin-price-csv/parse.ts';
import { stop, timedStart } from './api-process.ts';
import { withBenchDatabase } from './pg-database.ts';

const PRODUCTS = Number(process.env.PRICE_CSV_BENCH_PRODUCTS ?? 50_000);
const TARGET_S = 60;
const OWNER = { email: 'bench-prezzi@bottega-pro.example', password: 'Bench-Prezzi-Password-1' };

/** The process's resident memory now, in MiB (Linux). */
const rssOf = (child: ChildProcess) => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

/** Runs `step`, sampling the API's RSS every 20 ms: seconds taken, RSS before and at the peak. */
async function measured<T>(child: ChildProcess, step: () => Promise<T>): Promise<{ result: T; seconds: number; before: number; peak: number }> {
  const before = rssOf(child);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(child))), 20);
  const started = performance.now();
  try {
    const result = await step();
    return { result, seconds: (performance.now() - started) / 1000, before, peak: Math.max(peak, rssOf(child)) };
  } finally {
    clearInterval(sampler);
  }
}

async function signIn(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/admin/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(OWNER) });
  const body = (await res.json()) as { result: { csrfToken: string } };
  if (res.status !== 200) throw new Error(`Sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!, 'x-csrf-token': body.result.csrfToken };
}

type Answer = { fileRows: number; changing?: number; unchanged: number; written?: number; invalid: number; batches?: number };

async function send(base: string, session: Record<string, string>, step: 'preview' | 'import', file: string, query = ''): Promise<Answer> {
  const res = await fetch(`${base}/api/admin/products/prices/${step}${query}`, { method: 'POST', headers: { ...session, 'content-type': 'text/csv; charset=utf-8' }, body: file });
  const body = (await res.json()) as { result: Answer };
  if (res.status !== 200) throw new Error(`${step}: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
  return body.result;
}

/** As the back office sends a large file: part after part of `size` rows; the parts' counts added up. */
async function inParts(base: string, session: Record<string, string>, step: 'preview' | 'import', file: string, size: number): Promise<Answer & { parts: number }> {
  const total: Answer & { parts: number } = { fileRows: 0, changing: 0, unchanged: 0, written: 0, invalid: 0, batches: 0, parts: 0 };
  for (let offset = 0; offset === 0 || offset < total.fileRows; offset += size) {
    const part = await send(base, session, step, file, `?offset=${offset}&limit=${size}`);
    total.fileRows = part.fileRows;
    total.parts++;
    for (const key of ['changing', 'unchanged', 'written', 'invalid', 'batches'] as const) total[key] = (total[key] ?? 0) + (part[key] ?? 0);
  }
  return total;
}

/** Every product's price a tenth higher (a special price stays below it), as `sku;price`. */
function raisedPrices(exported: string): string {
  const parsed = parsePriceCsv(exported);
  if (parsed.refused !== undefined) throw new Error(parsed.refused);
  const cents = (value: number) => `${Math.trunc(value / 100)},${String(value % 100).padStart(2, '0')}`;
  return `sku;price\r\n${parsed.rows.map((row) => `${row.sku};${cents(Math.round(row.values.priceCents! * 1.1) + 1)}`).join('\r\n')}\r\n`;
}

const figure = (label: string, run: { seconds: number; before: number; peak: number }, what: string) =>
  `${label.padEnd(44)} ${run.seconds.toFixed(1).padStart(6)} s ${run.seconds < TARGET_S ? '✓' : '✗'}  API RSS ${run.before.toFixed(0)} → peak ${run.peak.toFixed(0)} MiB  (${what})`;

export async function priceCsvBench(base: string, child: ChildProcess): Promise<string[]> {
  const session = await signIn(base);
  const lines: string[] = [];
  const exported = await measured(child, async () => {
    const res = await fetch(`${base}/api/admin/products/prices.csv`, { headers: session });
    return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
  });
  const rows = exported.result.split('\r\n').length - 2;
  lines.push(figure('export of every product', exported, `${rows.toLocaleString('en')} rows, ${(Buffer.byteLength(exported.result) / 1024 / 1024).toFixed(1)} MiB`));
  const raised = raisedPrices(exported.result);
  const preview = await measured(child, () => send(base, session, 'preview', raised));
  lines.push(figure('preview, every price changed, one request', preview, `${preview.result.changing} changing, ${preview.result.invalid} refused`));
  const imported = await measured(child, () => send(base, session, 'import', raised));
  lines.push(figure('import, every price changed, one request', imported, `${imported.result.written} written in ${imported.result.batches} transactions, ${imported.result.invalid} refused`));
  // The export as it was: every price back, in the back office's parts (each request well within the shop port's 30 s).
  const back = await measured(child, () => inParts(base, session, 'preview', exported.result, PRICE_CSV_PREVIEW_PART));
  lines.push(figure(`preview, prices back, parts of ${PRICE_CSV_PREVIEW_PART}`, back, `${back.result.changing} changing in ${back.result.parts} requests`));
  const restored = await measured(child, () => inParts(base, session, 'import', exported.result, PRICE_CSV_IMPORT_PART));
  lines.push(figure(`import, prices back, parts of ${PRICE_CSV_IMPORT_PART}`, restored, `${restored.result.written} written in ${restored.result.parts} requests of ${(restored.seconds / restored.result.parts).toFixed(1)} s on average`));
  const same = await measured(child, () => send(base, session, 'import', exported.result));
  lines.push(figure('import of the export again, nothing to change', same, `${same.result.written} written, ${same.result.unchanged} unchanged`));
  return lines;
}

/** Seeds the catalogue and an owner with the API stopped (the embedded database is one process's), then measures. */
export async function benchAdminPriceCsv(say: (line: string) => void): Promise<void> {
  const dataDir = join(repoRoot as string, 'var/bench/admin-price-csv');
  const runOn = async (label: string, databaseUrl?: string) => {
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    const port = await freePort();
    const seeded = await timedStart(dataDir, port, PRODUCTS, databaseUrl);
    say(`price CSV (${label}) first start, seeding ${PRODUCTS.toLocaleString('en')} products: ${(seeded.ms / 1000).toFixed(1)} s`);
    await stop(seeded.child);
    const database = await openDatabase({ databaseUrl, dataDir });
    try {
      await upsertStaffUser(database.db, { ...OWNER, role: 'owner' }, CLI_ACTOR, new Date());
    } finally {
      await database.close();
    }
    const { child } = await timedStart(dataDir, port, PRODUCTS, databaseUrl);
    try {
      for (const line of await priceCsvBench(`http://127.0.0.1:${port}`, child)) say(`price CSV (${label}) ${line}`);
    } finally {
      await stop(child);
    }
  };
  if (process.env.PRICE_CSV_BENCH_EMBEDDED !== 'false') await runOn('embedded');
  if (process.env.PRICE_CSV_BENCH_SERVER !== 'false') await withBenchDatabase(`bench_price_csv_${process.pid}`, (url) => runOn('PostgreSQL', url));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`## Back-office price CSV (${PRODUCTS.toLocaleString('en')} products)`);
  await benchAdminPriceCsv(console.log);
}
