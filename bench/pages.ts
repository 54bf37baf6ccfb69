import { get } from 'node:http';
import { gzipSync } from 'node:zlib';

/** The documents a catalogue query of the running API answers. */
async function catalogItems(apiUrl: string, body: unknown): Promise<Record<string, unknown>[]> {
  const res = await fetch(`${apiUrl}/api/catalog`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return ((await res.json()) as { result: { items: Record<string, unknown>[] } }).result.items;
}

/** A category slug and a product URL of the running catalogue, found through the API. */
export async function samplePages(apiUrl: string): Promise<{ category: string; product: string }> {
  const query = (body: unknown) => catalogItems(apiUrl, body);
  // The first top category of the menu, and a configurable product in it (the heaviest page).
  const [category] = await query({ entityType: 'category', filters: { level: { eq: 3 }, is_active: { eq: true }, include_in_menu: { eq: true } }, sort: 'position:asc', size: 1 });
  const [product] = await query({
    entityType: 'product',
    filters: { category_ids: { in: [category!.id as number] }, type_id: { eq: 'configurable' }, visibility: { in: [2, 3, 4] }, status: { eq: 1 } },
    size: 1,
    includeFields: ['sku', 'slug'],
  });
  return { category: String(category!.slug), product: `/p/${encodeURIComponent(String(product!.sku))}/${String(product!.slug)}` };
}

/** The first `count` product SKUs of the running catalogue, for queries that name a code. */
export async function sampleSkus(apiUrl: string, count: number): Promise<string[]> {
  const items = await catalogItems(apiUrl, { entityType: 'product', size: count, sort: 'id:asc', includeFields: ['sku'] });
  return items.map(({ sku }) => String(sku));
}

/** What Chromium says it takes: the shop answers its scripts in brotli, else gzip. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/** The bytes of an answer's body as they come over the connection (fetch would decompress them). */
function bytesOnTheWire(url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': BROWSER_ENCODINGS } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** The addresses of the scripts a page's HTML loads or preloads (its first-load JS). */
export async function firstLoadScripts(webUrl: string, path: string): Promise<string[]> {
  const html = await (await fetch(`${webUrl}${path}`)).text();
  // Modern browsers skip the noModule polyfill, so it is not counted; chunks of what the page
  // renders through next/dynamic come as <link rel="preload" as="script"> and are, as are the
  // back office's (Vite's) <link rel="modulepreload">.
  const tags = [...html.matchAll(/<script[^>]*>|<link[^>]*(?:as="script"|rel="modulepreload")[^>]*>/g)].map((m) => m[0]).filter((tag) => !/nomodule/i.test(tag));
  return [...new Set(tags.flatMap((tag) => /(?:src|href)="([^"]+\.js)"/.exec(tag)?.[1] ?? []))];
}

/**
 * The JavaScript a page's HTML loads or preloads (its first-load JS), in bytes: compressed with
 * gzip (level 9, the figure ADR 0010's history is in), and as the shop sends it to a browser
 * (brotli where the build has a copy: apps/storefront/static-brotli.mjs, back-office.mjs).
 */
export async function firstLoadJs(webUrl: string, path: string): Promise<{ gzip: number; wire: number }> {
  const total = { gzip: 0, wire: 0 };
  for (const src of await firstLoadScripts(webUrl, path)) {
    const url = new URL(src, webUrl);
    total.gzip += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
    total.wire += await bytesOnTheWire(url);
  }
  return total;
}
