import { describe, expect, inject, it } from 'vitest';
import { firstLoadJs, firstLoadScripts, samplePages } from '../bench/pages.ts';

const baseUrl = inject('baseUrl');

/**
 * The product page's first-load JavaScript as the shop sends it to a browser (what its HTML loads
 * or preloads, in brotli: static-brotli.mjs; `npm run bench` prints it): a change that makes it
 * grow past this budget fails here (issue #46), and so does a build whose brotli copies are
 * missing (the same scripts in gzip weigh ~170 kB). It is the size measured when the copies came
 * (146,507 B) with room for small changes; lower it as the page slims toward the target
 * of 130 KB, and say why in a change that raises it.
 */
const PRODUCT_PAGE_JS_BUDGET = 152_000;

describe('first-load JavaScript budget', () => {
  it('keeps the heaviest product page (a configurable one) within its budget, on the wire', async () => {
    const { product } = await samplePages(baseUrl);
    const { wire, gzip } = await firstLoadJs(baseUrl, product);
    console.log(`first-load JS of ${product}: ${wire} B on the wire, ${gzip} B in gzip (budget ${PRODUCT_PAGE_JS_BUDGET} B on the wire)`);
    expect(wire).toBeGreaterThan(50_000);
    expect(wire, `${product}: ${wire} B of JavaScript on its first load, over the budget of ${PRODUCT_PAGE_JS_BUDGET} B`).toBeLessThanOrEqual(PRODUCT_PAGE_JS_BUDGET);
  });

  it("sends a page's scripts in brotli to a browser that takes it, the same scripts as in gzip", async () => {
    const { product } = await samplePages(baseUrl);
    const scripts = await firstLoadScripts(baseUrl, product);
    expect(scripts.length).toBeGreaterThan(5);
    for (const src of scripts) {
      const url = new URL(src, baseUrl);
      const [brotli, gzip] = await Promise.all(['gzip, deflate, br, zstd', 'gzip'].map((encodings) => fetch(url, { headers: { 'accept-encoding': encodings } })));
      expect(brotli!.headers.get('content-encoding'), src).toBe('br');
      // Next's gzip (files under 1 KB go uncompressed).
      expect(gzip!.headers.get('content-encoding'), src).not.toBe('br');
      // fetch decodes both.
      expect(await brotli!.text(), src).toBe(await gzip!.text());
    }
  });
});
