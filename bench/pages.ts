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

/** Gzip size of the JavaScript a page's HTML loads or preloads (its first-load JS), in bytes. */
export async function firstLoadJsGzip(webUrl: string, path: string): Promise<number> {
  const html = await (await fetch(`${webUrl}${path}`)).text();
  // Modern browsers skip the noModule polyfill, so it is not counted; chunks of what the page
  // renders through next/dynamic come as <link rel="preload" as="script"> and are, as are the
  // back office's (Vite's) <link rel="modulepreload">.
  const tags = [...html.matchAll(/<script[^>]*>|<link[^>]*(?:as="script"|rel="modulepreload")[^>]*>/g)].map((m) => m[0]).filter((tag) => !/nomodule/i.test(tag));
  const scripts = [...new Set(tags.flatMap((tag) => /(?:src|href)="([^"]+\.js)"/.exec(tag)?.[1] ?? []))];
  let total = 0;
  for (const src of scripts) {
    const body = Buffer.from(await (await fetch(new URL(src, webUrl))).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return total;
}
