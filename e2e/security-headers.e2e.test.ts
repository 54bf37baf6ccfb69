import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './browser.ts';

/*
 * Issue 17 item 4: the security headers of the running shop, as a browser receives them, and
 * pages that still run under their policy (no violation, scripts carrying the nonce).
 */

const baseUrl = inject('baseUrl');
let page: Page;

useBrowser(baseUrl, (_browser, p) => {
  page = p;
});

const get = (path: string) => fetch(`${baseUrl}${path}`, { redirect: 'manual' });
const scriptSrc = (policy: string | null) => policy?.split('; ').find((d) => d.startsWith('script-src'));

function expectStorefrontHeaders(headers: Headers) {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=()');
  expect(headers.get('x-powered-by')).toBeNull();
  // Served over plain http here: no HSTS (it is sent when SHOP_URL is https).
  expect(headers.get('strict-transport-security')).toBeNull();
}

describe('security headers', () => {
  it('a cached page: the locked policy without nonce, and the fixed headers; its static files are nosniff too', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expectStorefrontHeaders(home.headers);
    const policy = home.headers.get('content-security-policy');
    expect(scriptSrc(policy)).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+$/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(home.headers.get('x-shop-trusted-scripts')).toBeNull();
    const chunk = /src="(\/_next\/static\/[^"]+\.js)"/.exec(await home.text())?.[1];
    expect(chunk).toBeDefined();
    const script = await get(chunk!);
    expect(script.status).toBe(200);
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('cached pages of every kind allow by hash exactly the inline scripts they bring, and no other inline script', async () => {
    const category = /href="(\/c\/[^"?#]+)"/.exec(await (await get('/')).text())?.[1];
    const product = /href="(\/p\/[^"?#]+)"/.exec(await (await get(category!)).text())?.[1];
    for (const path of ['/', category!, product!]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      const html = await answer.text();
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !/src=|application\/ld\+json/.test(attributes!));
      expect(inline.length, path).toBeGreaterThanOrEqual(3);
      const hashes = inline.map(([, , body]) => `'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`);
      expect(scriptSrc(answer.headers.get('content-security-policy')), path).toBe(`script-src 'self' ${[...new Set(hashes)].join(' ')}`);
    }
  });

  it("a cached page's ETag is a hash of its bytes: a browser that has them gets a 304 without body or policy", async () => {
    await get('/c/coltelli');
    const page = await get('/c/coltelli');
    const html = await page.text();
    const etag = page.headers.get('etag');
    expect(etag).toBe(`"${createHash('sha1').update(html, 'utf8').digest('base64url')}"`);
    const again = await fetch(`${baseUrl}/c/coltelli`, { headers: { 'if-none-match': `W/"other", ${etag}` } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('content-security-policy')).toBeNull();
    const other = await fetch(`${baseUrl}/c/coltelli`, { headers: { 'if-none-match': '"other"' } });
    expect(other.status).toBe(200);
    expect(await other.text()).toBe(html);
  });

  it('a page rendered per request: a fresh nonce in its policy, on its scripts', async () => {
    const [first, second] = [await get('/search?q=coltello'), await get('/search?q=coltello')];
    expectStorefrontHeaders(first.headers);
    const nonce = /'nonce-([^']+)'/.exec(first.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeDefined();
    expect(second.headers.get('content-security-policy')).not.toContain(nonce);
    const html = await first.text();
    const scripts = [...html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)].filter(([, tag]) => !tag!.includes('application/ld+json'));
    expect(scripts.length).toBeGreaterThan(0);
    // Every script carries the nonce but one: the layout's consent hint, allowed by its hash.
    const unnonced = scripts.filter(([, tag]) => !tag!.includes(`nonce="${nonce}"`));
    expect(unnonced.map(([, tag]) => tag)).toEqual(['<script>']);
    const hash = createHash('sha256').update(unnonced[0]![2]!, 'utf8').digest('base64');
    expect(first.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
  });

  it('the API through the shop keeps its own JSON headers', async () => {
    const health = await get('/api/health');
    expect(health.status).toBe(200);
    expect(health.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
    expect(health.headers.get('x-frame-options')).toBeNull();
  });

  it('pages run under their policy: no violation on cached pages, a per-request page or the cart', async () => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const category = /href="(\/c\/[^"?#]+)"/.exec(await (await get('/')).text())?.[1];
    const product = /href="(\/p\/[^"?#]+)"/.exec(await (await get(category!)).text())?.[1];
    for (const path of ['/', category!, product!, '/search?q=coltello', '/shoppingcart']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual([]);
    }
    // The cached product page's scripts ran: it is hydrated and adds to the cart.
    await page.goto(product!, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await page.getByTestId('notification').first().waitFor();
  });
});
