import { describe, expect, inject, it } from 'vitest';
import { firstLoadJsGzip, samplePages } from '../bench/pages.ts';

const baseUrl = inject('baseUrl');

/**
 * The product page's first-load JavaScript (what its HTML loads or preloads, gzip-compressed, as
 * `npm run bench` prints it): a change that makes it grow past this budget fails here (issue #46).
 * It is the size measured when the check came (169,476 B) with room for small changes; lower it as
 * the page slims toward the target of 130 KB, and say why in a change that raises it.
 */
const PRODUCT_PAGE_JS_BUDGET = 175_000;

describe('first-load JavaScript budget', () => {
  it('keeps the heaviest product page (a configurable one) within its budget', async () => {
    const { product } = await samplePages(baseUrl);
    const bytes = await firstLoadJsGzip(baseUrl, product);
    console.log(`first-load JS of ${product}: ${bytes} B gzip (budget ${PRODUCT_PAGE_JS_BUDGET} B)`);
    expect(bytes).toBeGreaterThan(50_000);
    expect(bytes, `${product}: ${bytes} B of JavaScript on its first load, over the budget of ${PRODUCT_PAGE_JS_BUDGET} B`).toBeLessThanOrEqual(PRODUCT_PAGE_JS_BUDGET);
  });
});
