import { Redis } from 'ioredis';
import { beforeAll, describe, expect, inject, it } from 'vitest';

/*
 * The storefronts' shared page cache (ADR 0024): a page one storefront instance rendered is
 * served by the other from Redis (`x-nextjs-cache: HIT` on its first request, the same bytes), a
 * catalogue change is never hidden by a shared copy, and with Redis frozen or killed every
 * instance keeps serving from its own cache and renders the rest itself.
 */

const edge = inject('edgeUrl');
const storefronts = inject('storefronts');
const adminToken = inject('adminToken');
const redisPid = inject('redisPid');
const redisUrl = inject('redisUrl');
const [first, second] = storefronts as [string, string];

async function page(origin: string, path: string) {
  const res = await fetch(`${origin}${path}`, { redirect: 'manual' });
  return { status: res.status, nextCache: res.headers.get('x-nextjs-cache'), text: await res.text() };
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${edge}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { code: number; result: any } };
}

const euro = (amount: number) => `€${new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

const product = (price: number) => ({
  id: 990_201,
  sku: 'REDIS-PROVA-1',
  name: 'Affilacoltelli condiviso di prova',
  type_id: 'simple',
  status: 1,
  visibility: 4,
  price,
  tax_class_id: '2',
  category_ids: [],
  stock: { qty: 5, is_in_stock: true },
  url_key: 'affilacoltelli-condiviso-di-prova',
  slug: 'affilacoltelli-condiviso-di-prova',
  url_path: 'affilacoltelli-condiviso-di-prova.html',
});

async function importProduct(price: number) {
  const res = await post('/api/admin/catalog/import', { entity: 'product', docs: [product(price)] }, { authorization: `Bearer ${adminToken}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/**
 * Whether the shared cache comes to hold the page within a few seconds: an instance sends its
 * copy once the answer that rendered it has gone, so that copying never makes that answer later
 * (cache-handler.mjs).
 */
async function sharedCopyStored(path: string): Promise<boolean> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0 });
  redis.on('error', () => {}); // a Redis still restarting: this attempt answers false
  try {
    await redis.connect();
    for (const started = Date.now(); Date.now() - started < 5_000; await new Promise((r) => setTimeout(r, 20))) {
      if ((await redis.keys('shop:next:*:page:*')).some((key) => key.endsWith(path))) return true;
    }
    return false;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Product pages no test has asked for yet, one per call. */
let unseen: string[] = [];
const freshPage = () => {
  const path = unseen.shift();
  if (!path) throw new Error('No unseen product page left');
  return path;
};

/** Waits until a page one instance renders is again a shared hit on the other. */
async function sharingResumes() {
  await expect
    .poll(async () => {
      const path = freshPage();
      await page(first, path);
      await sharedCopyStored(path);
      return (await page(second, path)).nextCache;
    }, { timeout: 20_000, interval: 1_000 })
    .toBe('HIT');
}

beforeAll(async () => {
  // Demo products from the middle of the catalogue: the other production tests visit their own
  // test products and the first few.
  const res = await post('/api/catalog', { entityType: 'product', size: 200, sort: 'id:asc', filters: { visibility: { in: [2, 3, 4] }, status: { in: [0, 1] } } });
  unseen = (res.body.result.items as { id: number; sku: string; slug: string }[])
    .filter(({ id }) => id < 990_000)
    .slice(100)
    .map(({ sku, slug }) => `/p/${sku}/${slug}`);
  expect(unseen.length).toBeGreaterThan(30);
});

describe('the shared page cache', () => {
  it('serves a page one instance rendered from the other without rendering it again', async () => {
    for (let i = 0; i < 3; i += 1) {
      const path = freshPage();
      const rendered = await page(first, path);
      expect(rendered, path).toMatchObject({ status: 200, nextCache: 'MISS' });
      expect(await sharedCopyStored(path), path).toBe(true);
      const shared = await page(second, path);
      expect(shared, path).toMatchObject({ status: 200, nextCache: 'HIT' });
      expect(shared.text).toBe(rendered.text);
    }
  });

  it('never serves a shared copy older than a price change, on an instance that never had the page', async () => {
    await importProduct(64.9);
    const path = `/p/${product(0).sku}/${product(0).slug}`;
    expect((await page(first, path)).text).toContain(euro(64.9));
    await importProduct(71.3);
    const after = await page(second, path);
    expect(after.status).toBe(200);
    expect(after.text).toContain(euro(71.3));
    expect(after.text).not.toContain(euro(64.9));
  });

  it('frozen (SIGSTOP): every instance keeps serving, cached pages and new ones, and shares again once it is back', async () => {
    const known = freshPage();
    await page(first, known);
    process.kill(redisPid, 'SIGSTOP');
    try {
      for (const origin of storefronts) expect((await page(origin, known)).status, origin).toBe(200);
      // Each instance renders what it does not have itself.
      for (let i = 0; i < 4; i += 1) {
        const path = freshPage();
        for (const origin of storefronts) expect(await page(origin, path), `${path} on ${origin}`).toMatchObject({ status: 200, nextCache: 'MISS' });
      }
    } finally {
      process.kill(redisPid, 'SIGCONT');
    }
    // Each instance leaves the store alone for a few seconds after a failure, then uses it again.
    await sharingResumes();
  });

  it('stopped (SIGKILL): pages are still served by every instance, and sharing resumes on the new Redis', async () => {
    process.kill(redisPid, 'SIGKILL');
    for (let i = 0; i < 3; i += 1) {
      const path = freshPage();
      for (const origin of storefronts) expect(await page(origin, path), `${path} on ${origin}`).toMatchObject({ status: 200, nextCache: 'MISS' });
    }
    // start:prod starts Redis again after a second; the instances reconnect on their own.
    await sharingResumes();
  });
});
