// `npm run bench:soak` (issue #17): SOAK_MINUTES (default 30) of mixed traffic — page views,
// search, cart, checkout, sign-in — from SOAK_CONNECTIONS (default 6) closed-loop shoppers
// through the edge cache of the production topology (scripts/lib/topology.mjs: Varnish, two
// storefront and two API instances) on a fresh PostgreSQL database with DEMO_PRODUCTS (default
// 5000) demo products. The resident memory of every process is sampled every 5 s; with
// SOAK_HEAP_SNAPSHOTS=1 the APIs' JS heaps are also compared between half-time and the end
// (heap-snapshots.ts; writing a snapshot raises the API's RSS for the rest of the run). Writes
// var/soak/<time>/{rss.csv,rss.svg,report.md}, prints the report, and exits 1 on any error.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sampleAddress, sampleCompanyBilling } from '@shop/contracts/sample-order';
// @ts-expect-error -- plain ESM helpers shared with the npm scripts
import { buildStorefrontIfStale, freePort, repoRoot } from '../scripts/lib/processes.mjs';
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { startProduction } from '../scripts/lib/topology.mjs';
import { heapGrowth, heapSnapshotNodeOptions, snapshotKinds, type HeapGrowth, type HeapKind } from './heap-snapshots.ts';
import { benchServerUrl, withBenchDatabase } from './pg-database.ts';
import { latencySummary, rssCsv, rssSvg, rssTrends, soakReport, type LatencySummary, type RssSample } from './soak-report.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 6);
const PRODUCTS = Number(process.env.DEMO_PRODUCTS ?? 5000);
if (!(MINUTES > 0) || !Number.isInteger(CONNECTIONS) || CONNECTIONS < 1 || !Number.isInteger(PRODUCTS)) {
  console.error('SOAK_MINUTES must be a positive number (0.5 is half a minute), SOAK_CONNECTIONS and DEMO_PRODUCTS whole numbers');
  process.exit(1);
}
const SAMPLE_MS = 5000;
/** Memory at the start is taken after a minute (half a shorter run): the JIT and the first pages settle. */
const warmupSeconds = (runSeconds: number) => Math.min(60, runSeconds / 2);
/** A request slower than this is a failure (the shop's own proxy gives up on the API at 30 s). */
const REQUEST_TIMEOUT_MS = 30_000;
const PASSWORD = 'Soak-password-1';
/** Heap snapshots of the APIs (off by default: each leaves the API's RSS a few hundred MB higher, which the RSS trend would read as a rise). */
const HEAP_SNAPSHOTS = process.env.SOAK_HEAP_SNAPSHOTS === '1';

/**
 * The steps of a shopper's session, in percent: mostly browsing, a fifth searching, fewer carts,
 * orders and sign-ins (a shop converts a few percent of its visits).
 */
const MIX = { page: 55, search: 20, cart: 15, checkout: 5, login: 5 } as const;
type Step = keyof typeof MIX;

/** What shoppers type: words, phrases, brands, prefixes (the panel searches as they type) and typos. */
const SEARCH_TERMS = [
  'coltello', 'guanti', 'termometro', 'tagliere', 'pentola', 'bilancia', 'abbattitore', 'sottovuoto', 'tavolo inox', 'guanti in nitrile',
  'coltello da disosso', 'padella antiaderente', 'scarpe di sicurezza', 'victorinox', 'sanelli coltello', 'colt', 'term', 'coltelo', 'termometor', 'affilatrice',
];

// ---- the shop's calls, timed and checked ----

/** A failed request; the shopper gives up the rest of the step (its next calls depend on it). */
class StepFailed extends Error {}

interface CallOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** A page (HTML): any status below 400 is fine; an API call must answer 200 with the envelope's code 200. */
  page?: boolean;
}

type Recorder = (kind: string, ms: number, failure?: string) => void;

/** Calls the shop at `base`; each request's time or failure goes to `record` under its kind. */
function caller(base: string, record: Recorder) {
  return async function call<T>(kind: string, method: 'GET' | 'POST', path: string, options: CallOptions = {}): Promise<T> {
    const started = performance.now();
    let failure: string | undefined;
    let result: unknown;
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        headers: {
          accept: options.page ? 'text/html' : 'application/json',
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      });
      const text = await res.text();
      if (options.page ? res.status >= 400 : res.status !== 200) failure = `HTTP ${res.status} ${text.slice(0, 160)}`;
      else if (!options.page) {
        const answer = JSON.parse(text) as { code?: unknown; result?: unknown };
        if (answer.code !== 200) failure = `code ${String(answer.code)} ${JSON.stringify(answer.result).slice(0, 160)}`;
        result = answer.result;
      }
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      failure = `${(error as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}`;
    }
    record(kind, performance.now() - started, failure === undefined ? undefined : `${kind} ${method} ${path}: ${failure}`);
    if (failure !== undefined) throw new StepFailed(failure);
    return result as T;
  };
}
type Call = ReturnType<typeof caller>;

/** Latencies and errors by request kind, and the first error messages. */
class Tally {
  readonly latencies = new Map<string, number[]>();
  readonly errorsByKind = new Map<string, number>();
  readonly steps = new Map<Step, number>();
  readonly firstErrors: string[] = [];
  errors = 0;
  /** Off once the run is interrupted: processes dying under SIGINT are not the shop's errors. */
  recording = true;

  readonly record: Recorder = (kind, ms, failure) => {
    if (!this.recording) return;
    if (!this.latencies.has(kind)) this.latencies.set(kind, []);
    if (failure === undefined) {
      this.latencies.get(kind)!.push(ms);
      return;
    }
    this.errors++;
    this.errorsByKind.set(kind, (this.errorsByKind.get(kind) ?? 0) + 1);
    if (this.firstErrors.length < 10) this.firstErrors.push(failure);
  };

  summaries(): Record<string, LatencySummary> {
    return Object.fromEntries([...this.latencies].map(([kind, ms]) => [kind, latencySummary(ms, this.errorsByKind.get(kind) ?? 0)]));
  }
}

// ---- what the shoppers visit, found through the API ----

type Doc = Record<string, unknown>;

interface Orderable {
  sku: string;
  /** Units left for the soak's lines; Infinity when the shop does not count its stock. */
  left: number;
}

interface Catalogue {
  categories: string[];
  products: { path: string; sku: string }[];
  orderable: Orderable[];
  customers: string[];
}

async function allProducts(call: Call, filters: Doc, includeFields: string[]): Promise<Doc[]> {
  const size = 500;
  const items: Doc[] = [];
  for (let start = 0; ; start += size) {
    const page = await call<{ items: Doc[] }>('setup', 'POST', '/api/catalog', { body: { entityType: 'product', filters, size, start, includeFields } });
    items.push(...page.items);
    if (page.items.length < size) return items;
  }
}

/** Categories and product pages to browse, products to order, and customers who sign in. */
async function catalogue(call: Call, runId: string): Promise<Catalogue> {
  const { items: categoryDocs } = await call<{ items: Doc[] }>('setup', 'POST', '/api/catalog', {
    body: { entityType: 'category', filters: { is_active: { eq: true } }, size: 4000, includeFields: ['id', 'slug', 'level', 'product_count'] },
  });
  // Level 3 and below: the menu's categories and their subcategories (1 is the root, 2 the store's).
  const categories = categoryDocs.filter((c) => typeof c.slug === 'string' && Number(c.level) >= 3 && Number(c.product_count ?? 1) > 0).map((c) => String(c.slug));
  const visible = await allProducts(call, { visibility: { in: [2, 3, 4] }, status: { eq: 1 } }, ['sku', 'slug']);
  const products = visible.map((p) => ({ sku: String(p.sku), path: `/p/${encodeURIComponent(String(p.sku))}/${String(p.slug)}` }));
  // Simple products without options that are in stock: lines every cart and order accepts.
  const simple = await allProducts(call, { type_id: { eq: 'simple' }, status: { eq: 1 }, visibility: { eq: 4 } }, ['sku', 'stock', 'custom_options']);
  const orderable = simple.flatMap((p): Orderable[] => {
    const stock = p.stock as { is_in_stock?: boolean; qty?: number; manage_stock?: boolean; min_sale_qty?: number } | undefined;
    if ((p.custom_options as unknown[] | undefined)?.length || !stock?.is_in_stock || (stock.min_sale_qty ?? 1) > 1) return [];
    const left = stock.manage_stock === false ? Infinity : (stock.qty ?? 0) - 1;
    return left >= 1 ? [{ sku: String(p.sku), left }] : [];
  });
  if (categories.length === 0 || products.length === 0 || orderable.length === 0) {
    throw new Error(`The demo catalogue has too little to browse or order: ${categories.length} categories, ${products.length} products, ${orderable.length} orderable`);
  }
  const customers = Array.from({ length: Math.max(10, 2 * CONNECTIONS) }, (_, i) => `soak-${runId}-${i}@example.it`);
  for (const email of customers) await call('setup', 'POST', '/api/user/create', { body: { customer: { email, firstname: 'Soak', lastname: 'Cliente' }, password: PASSWORD } });
  return { categories, products, orderable, customers };
}

// ---- the shoppers ----

/** An element of the list, the first ones far more often (a few pages and terms are the popular ones). */
const popular = <T>(list: readonly T[]): T => list[Math.floor(list.length * Math.random() ** 2)]!;
const any = <T>(list: readonly T[]): T => list[Math.floor(list.length * Math.random())]!;

function pickStep(): Step {
  let r = Math.random() * 100;
  for (const [step, share] of Object.entries(MIX) as [Step, number][]) {
    if (r < share) return step;
    r -= share;
  }
  return 'page';
}

/** One shopper's state across steps: the guest cart they are filling and the products in it. */
interface Shopper {
  cart?: { token: string; skus: string[] };
}

function shopperSteps(call: Call, shop: Catalogue) {
  let nextSku = 0;
  const bySku = new Map(shop.orderable.map((item) => [item.sku, item]));
  /**
   * The next product with a unit left, round the list: a line holds its unit until the cart is
   * ordered (sold) or abandoned (given back), so no order ever meets a sold-out product.
   */
  const takeUnit = (): string => {
    for (let tries = 0; tries < shop.orderable.length; tries++) {
      const item = shop.orderable[nextSku++ % shop.orderable.length]!;
      if (item.left >= 1) {
        item.left--;
        return item.sku;
      }
    }
    throw new Error('The demo catalogue ran out of stock for the soak: use more DEMO_PRODUCTS');
  };
  const renderList = (skus: string[]) =>
    call('api:render-list', 'GET', `/api/product/render-list?${new URLSearchParams({ skus: skus.join(','), currencyCode: 'EUR', storeId: '1' })}`);

  async function addToCart(shopper: Shopper): Promise<{ token: string; skus: string[] }> {
    // An abandoned cart: after five lines the shopper starts over.
    if (shopper.cart && shopper.cart.skus.length >= 5) {
      for (const sku of shopper.cart.skus) bySku.get(sku)!.left++;
      shopper.cart = undefined;
    }
    shopper.cart ??= { token: await call<string>('cart:create', 'POST', '/api/cart/create'), skus: [] };
    const cart = shopper.cart;
    const sku = takeUnit();
    cart.skus.push(sku);
    await call('cart:update', 'POST', `/api/cart/update?cartId=${cart.token}`, { body: { cartItem: { sku, qty: 1 } } });
    return cart;
  }

  return {
    async page() {
      const r = Math.random();
      if (r < 0.15) {
        await call('page:home', 'GET', '/', { page: true });
      } else if (r < 0.5) {
        // Some shoppers sort the list (a different cached page).
        const sort = Math.random() < 0.2 ? '?sort=price:asc' : '';
        await call('page:category', 'GET', `/c/${popular(shop.categories)}${sort}`, { page: true });
        // The browser then refreshes the tiles' prices (ListPriceRefresh).
        await renderList(Array.from({ length: 12 }, () => any(shop.products).sku));
      } else {
        const product = popular(shop.products);
        await call('page:product', 'GET', product.path, { page: true });
        await renderList([product.sku]);
      }
    },

    async search() {
      const q = popular(SEARCH_TERMS);
      // The results page, or the search panel's call as the shopper types (8 products).
      if (Math.random() < 0.5) await call('search:page', 'GET', `/search?q=${encodeURIComponent(q)}`, { page: true });
      else await call('search:api', 'POST', '/api/search', { body: { q, filters: {}, sort: 'relevance', size: 8, start: 0 } });
    },

    async cart(shopper: Shopper) {
      const { token } = await addToCart(shopper);
      await call('cart:pull', 'GET', `/api/cart/pull?cartId=${token}`);
      await call('cart:totals', 'GET', `/api/cart/totals?cartId=${token}`);
    },

    /**
     * The shopper's cart (one line added when empty), then as the checkout page does: the address
     * and shipping method saved (§7 shipping-information), an offline payment method among those
     * it answers (they follow the shipping cost: cash on delivery stops at 5,000 EUR), the order.
     */
    async checkout(shopper: Shopper) {
      const { token } = shopper.cart ?? (await addToCart(shopper));
      shopper.cart = undefined;
      const saved = await call<{ payment_methods: { code: string }[] }>('checkout:shipping-information', 'POST', `/api/cart/shipping-information?cartId=${token}`, {
        body: {
          addressInformation: {
            shippingAddress: { countryId: 'IT', postcode: sampleAddress.postcode, city: sampleAddress.city, regionCode: sampleAddress.region_code },
            shippingCarrierCode: 'flatrate',
            shippingMethodCode: 'flatrate',
          },
        },
      });
      const offline = saved.payment_methods.map((m) => m.code).filter((code) => code === 'banktransfer' || code === 'cashondelivery');
      if (offline.length === 0) throw new StepFailed(`no offline payment method for cart ${token}: ${saved.payment_methods.map((m) => m.code).join(', ')}`);
      const method = any(offline);
      const orderId = randomUUID();
      await call('checkout:order', 'POST', '/api/order', {
        headers: { 'idempotency-key': orderId },
        body: {
          cart_id: token,
          order_id: orderId,
          products: [],
          addressInformation: {
            shippingAddress: sampleAddress,
            billingAddress: sampleCompanyBilling,
            shipping_method_code: 'flatrate',
            shipping_carrier_code: 'flatrate',
            payment_method_code: method,
          },
        },
      });
    },

    async login() {
      const token = await call<string>('login:login', 'POST', '/api/user/login', { body: { username: any(shop.customers), password: PASSWORD } });
      await call('login:me', 'GET', '/api/user/me', { token });
    },
  };
}

// ---- resident memory of the topology's processes ----

interface Unit {
  name: string;
  restarts: number;
  child?: { pid?: number; exitCode: number | null; signalCode: string | null };
}

interface Shop {
  url: string;
  units: Unit[];
  stop(): Promise<void>;
}

/** Children by parent pid, from /proc/<pid>/stat. */
function childrenByParent(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid …": comm may hold spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // ended meanwhile
    }
  }
  return children;
}

function rssMb(pid: number): number | undefined {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

/** The unit's process while it runs (not between a crash and its restart). */
function runningPid(unit: Unit): number | undefined {
  const child = unit.child;
  return child?.pid !== undefined && child.exitCode === null && child.signalCode === null ? child.pid : undefined;
}

/**
 * Each unit's process, and its child processes summed (Varnish's cache process under its manager).
 * The pid is read again each time: the topology restarts a process that ended.
 */
function sampleRss(units: readonly Unit[]): Record<string, number> {
  const children = childrenByParent();
  const rss: Record<string, number> = {};
  for (const unit of units) {
    const pid = runningPid(unit);
    if (pid === undefined) continue;
    const own = rssMb(pid);
    if (own !== undefined) rss[unit.name] = own;
    const descendants: number[] = [];
    for (let queue = [...(children.get(pid) ?? [])]; queue.length > 0; ) {
      const next = queue.shift()!;
      descendants.push(next);
      queue = [...queue, ...(children.get(next) ?? [])];
    }
    if (descendants.length > 0) rss[`${unit.name} (child processes)`] = descendants.reduce((sum, child) => sum + (rssMb(child) ?? 0), 0);
  }
  return rss;
}

// ---- the run ----

let interrupted = false;
const tally = new Tally();
let stopTraffic = () => {};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) {
      console.error('Stopping at once: the soak database may be left behind');
      process.exit(130);
    }
    interrupted = true;
    tally.recording = false;
    console.error(`\n${signal}: stopping the traffic, then the shop (again to stop at once)`);
    stopTraffic();
  });
}

/** Each API's heap by kind now, by name (an API between restarts is left out). */
async function apiHeaps(units: readonly Unit[], dir: string): Promise<Map<string, { pid: number; kinds: Map<string, HeapKind> }>> {
  const heaps = new Map<string, { pid: number; kinds: Map<string, HeapKind> }>();
  for (const unit of units) {
    const pid = runningPid(unit);
    if (!unit.name.startsWith('API') || pid === undefined) continue;
    heaps.set(unit.name, { pid, kinds: await snapshotKinds(pid, dir) });
  }
  return heaps;
}

/** Heap snapshots of the APIs at half-time and 30 s before the end: what grew in each (same process only). */
async function heapGrowthOverSecondHalf(units: readonly Unit[], dir: string, runMs: number, stopped: Promise<void>): Promise<HeapGrowth[]> {
  const at = (ms: number) => Promise.race([new Promise<boolean>((resolve) => setTimeout(() => resolve(true), ms).unref()), stopped.then(() => false)]);
  if (!(await at(runMs / 2))) return [];
  const half = await apiHeaps(units, dir);
  if (!(await at(Math.max(0, runMs / 2 - 30_000)))) return [];
  const end = await apiHeaps(units, dir);
  return [...half].flatMap(([name, before]) => {
    const after = end.get(name);
    return after?.pid === before.pid ? [heapGrowth(name, before.kinds, after.kinds)] : [];
  });
}

async function soak(shop: Shop, heapDir: string | undefined): Promise<{ samples: RssSample[]; seconds: number; catalogue: Catalogue; heaps: HeapGrowth[] }> {
  const setupCall = caller(shop.url, (kind, _ms, failure) => {
    if (failure !== undefined) throw new Error(`Preparing the soak: ${failure}`);
  });
  const shopCatalogue = await catalogue(setupCall, Date.now().toString(36));
  const units = shopCatalogue.orderable.reduce((sum, item) => sum + item.left, 0);
  console.log(
    `${shopCatalogue.categories.length} categories, ${shopCatalogue.products.length} product pages, ${shopCatalogue.orderable.length} orderable products (${units.toLocaleString('en')} units), ${shopCatalogue.customers.length} customers`,
  );
  const steps = shopperSteps(caller(shop.url, tally.record), shopCatalogue);
  const started = Date.now();
  const deadline = started + MINUTES * 60_000;
  const samples: RssSample[] = [];
  const sample = () => samples.push({ at: new Date(), t: (Date.now() - started) / 1000, rss: sampleRss(shop.units) });
  sample();
  const sampler = setInterval(sample, SAMPLE_MS);
  let wake = () => {};
  const stopped = new Promise<void>((resolve) => (wake = resolve));
  stopTraffic = wake;
  const timer = setTimeout(wake, deadline - started);
  const progress = setInterval(() => console.log(`${((Date.now() - started) / 60_000).toFixed(1)} min: ${[...tally.latencies.values()].reduce((n, l) => n + l.length, 0)} requests, ${tally.errors} errors`), 60_000);
  let running = true;
  void stopped.then(() => (running = false));
  const heaps = heapDir
    ? heapGrowthOverSecondHalf(shop.units, heapDir, deadline - started, stopped).catch((error: unknown) => {
        console.error(`The APIs' heap snapshots failed: ${error instanceof Error ? error.message : String(error)}`);
        return [];
      })
    : Promise.resolve([]);
  console.log(`Soak: ${MINUTES} min, ${CONNECTIONS} shoppers through ${shop.url}`);
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const shopper: Shopper = {};
      while (running && !interrupted) {
        const step = pickStep();
        tally.steps.set(step, (tally.steps.get(step) ?? 0) + 1);
        try {
          await (step === 'cart' || step === 'checkout' ? steps[step](shopper) : steps[step]());
        } catch (error) {
          if (!(error instanceof StepFailed)) throw error;
          // A failed step leaves the cart in an unknown state: the shopper starts a new one (its units stay taken).
          shopper.cart = undefined;
        }
      }
    }),
  );
  clearTimeout(timer);
  clearInterval(progress);
  clearInterval(sampler);
  sample();
  return { samples, seconds: (Date.now() - started) / 1000, catalogue: shopCatalogue, heaps: await heaps };
}

const serverUrl = await benchServerUrl();
if (!serverUrl) {
  console.error('No PostgreSQL server at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). Start one or set TEST_DATABASE_URL.');
  process.exit(1);
}
await buildStorefrontIfStale();
const startedAt = new Date();
const outDir = join(repoRoot as string, 'var/soak', startedAt.toISOString().replace(/[:.]/g, '-'));
let exitCode = 0;
await withBenchDatabase(`soak_${startedAt.getTime()}`, async (databaseUrl) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-soak-'));
  const heapDir = HEAP_SNAPSHOTS ? join(dataDir, 'heap') : undefined;
  if (heapDir) mkdirSync(heapDir);
  console.log(`Starting the production topology with ${PRODUCTS.toLocaleString('en')} demo products…`);
  const startMs = Date.now();
  const shop = (await startProduction({
    port: await freePort(),
    instances: 2,
    env: {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      // Order and account mails of thousands of orders: not into the repository's var/outbox.
      MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
      HOST: '127.0.0.1',
      DEMO_PRODUCTS: String(PRODUCTS),
      // Every shopper is 127.0.0.1: the per-address limits of new carts and of writes would count
      // them as one (the others, sign-in failures and coupon refusals, never fire here).
      CART_CREATE_LIMIT: '1000000',
      WRITE_LIMIT: '1000000',
      REGISTER_LIMIT: '1000000',
      REGISTER_CHALLENGE_AFTER: '1000000',
      // An edge storage the run's pages fill within its first half, so the second half can tell a
      // leak from a cache still filling: at a 30-minute soak's rate the default 256 MB took the
      // whole run to fill (2026-11-27), while a full one stays flat (ADR 0024).
      EDGE_CACHE_MB: process.env.EDGE_CACHE_MB ?? '64',
      // Lets the soak ask the APIs for heap snapshots (SIGUSR2); nothing happens until it does.
      ...(heapDir ? { NODE_OPTIONS: [process.env.NODE_OPTIONS, heapSnapshotNodeOptions(heapDir)].filter(Boolean).join(' ') } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })) as Shop;
  console.log(`Started in ${((Date.now() - startMs) / 1000).toFixed(0)} s`);
  try {
    if (interrupted) return;
    const { samples, seconds, catalogue: shopCatalogue, heaps } = await soak(shop, heapDir);
    const minutes = seconds / 60;
    const warmup = warmupSeconds(seconds);
    const report = soakReport({
      startedAt,
      minutes,
      connections: CONNECTIONS,
      products: PRODUCTS,
      warmupSeconds: warmup,
      mix: MIX,
      steps: Object.fromEntries(tally.steps),
      kinds: tally.summaries(),
      errors: tally.errors,
      firstErrors: tally.firstErrors,
      trends: rssTrends(samples, warmup),
      restarts: Object.fromEntries(shop.units.map((unit) => [unit.name, unit.restarts])),
      interrupted,
      heaps,
    });
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, 'rss.csv'), rssCsv(samples));
    writeFileSync(join(outDir, 'rss.svg'), rssSvg(samples, `RSS per process, ${minutes.toFixed(1)}-minute soak, ${CONNECTIONS} shoppers, ${PRODUCTS} products`));
    writeFileSync(join(outDir, 'report.md'), report);
    console.log(`\n${report}\n${shopCatalogue.orderable.filter((o) => o.left < 1).length} orderable products without a unit left (ordered or in open carts). Written to ${outDir}`);
    if (tally.errors > 0 || shop.units.some((unit) => unit.restarts > 0)) exitCode = 1;
  } finally {
    console.log('Stopping the shop…');
    await shop.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
process.exit(interrupted ? 130 : exitCode);
