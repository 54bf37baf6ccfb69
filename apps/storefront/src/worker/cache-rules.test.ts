import { describe, expect, it } from 'vitest';
import { buildVersion, cacheKind, isBackOffice, outdatedPageCaches, PAGE_CACHE_PREFIX, SHELL_CACHE_PREFIX, shellKey, type RequestFacts } from './cache-rules.ts';

const ORIGIN = 'https://shop.example';

function request(path: string, { method = 'GET', mode = 'navigate', headers = {} as Record<string, string> } = {}): RequestFacts {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { url: new URL(path, ORIGIN).href, method, mode, headers: { get: (name) => lower[name.toLowerCase()] ?? null } };
}

describe('cacheKind', () => {
  it('keeps catalogue pages opened by navigation or by a soft navigation (RSC)', () => {
    for (const path of ['/', '/pwa.html', '/c/coltelli', '/p/COL-1/coltello', '/i/chi-siamo', '/it/c/coltelli', '/offline']) {
      expect(cacheKind(request(path), ORIGIN), path).toBe('page');
    }
    expect(cacheKind(request('/c/coltelli?_rsc=abc', { mode: 'cors', headers: { RSC: '1' } }), ORIGIN)).toBe('page');
  });

  it('keeps pictures', () => {
    expect(cacheKind(request('/media/catalog/product/a.jpg', { mode: 'no-cors' }), ORIGIN)).toBe('image');
    expect(cacheKind(request('/_next/image?url=%2Fmedia%2Fa.jpg&w=256&q=75', { mode: 'no-cors' }), ORIGIN)).toBe('image');
  });

  it('never keeps private pages: thank-you, account, search', () => {
    for (const path of ['/thank-you', '/thank-you?order=1&key=abc', '/payment-cancelled', '/my-account', '/my-account/orders', '/search?q=coltello', '/reset-password']) {
      expect(cacheKind(request(path), ORIGIN), path).toBeNull();
    }
  });

  it('keeps the cart and checkout frames as the app shell (issue 42 point 16), one copy each under its plain path', () => {
    for (const path of ['/shoppingcart', '/shoppingcart.html', '/checkout', '/it/checkout']) {
      expect(cacheKind(request(path), ORIGIN), path).toBe('shell');
    }
    // Their soft navigations and anything carrying a token stay with the network.
    expect(cacheKind(request('/checkout?_rsc=1', { mode: 'cors', headers: { RSC: '1' } }), ORIGIN)).toBeNull();
    expect(cacheKind(request('/checkout?cartId=abc'), ORIGIN)).toBeNull();
    expect(shellKey(`${ORIGIN}/shoppingcart.html?utm_source=x`)).toBe(`${ORIGIN}/shoppingcart`);
    expect(shellKey(`${ORIGIN}/it/checkout`)).toBe(`${ORIGIN}/checkout`);
  });

  it('never keeps what carries a token, API answers, writes, prefetches or other origins', () => {
    expect(cacheKind(request('/c/coltelli?token=abc'), ORIGIN)).toBeNull();
    expect(cacheKind(request('/c/coltelli', { headers: { Authorization: 'Bearer x' } }), ORIGIN)).toBeNull();
    expect(cacheKind(request('/media/a.jpg?cartId=1', { mode: 'no-cors' }), ORIGIN)).toBeNull();
    expect(cacheKind(request('/api/cart/pull?cartId=x', { mode: 'cors' }), ORIGIN)).toBeNull();
    expect(cacheKind(request('/api/product/render-list?skus=a', { mode: 'cors' }), ORIGIN)).toBeNull();
    expect(cacheKind(request('/c/coltelli', { method: 'POST' }), ORIGIN)).toBeNull();
    expect(cacheKind(request('/c/coltelli?_rsc=1', { mode: 'cors', headers: { RSC: '1', 'Next-Router-Prefetch': '1' } }), ORIGIN)).toBeNull();
    expect(cacheKind(request('https://cdn.example/c/coltelli'), ORIGIN)).toBeNull();
    expect(cacheKind(request('/_next/static/chunks/a.js', { mode: 'no-cors' }), ORIGIN)).toBeNull();
  });

  it('leaves plain fetches of a page (not a navigation) to the network', () => {
    expect(cacheKind(request('/c/coltelli', { mode: 'cors' }), ORIGIN)).toBeNull();
  });
});

describe('build version and outdated caches', () => {
  it('names a build by its manifest', () => {
    const a = buildVersion(['/_next/static/a.js', { url: '/offline', revision: '1' }]);
    expect(buildVersion(['/_next/static/a.js', { url: '/offline', revision: '1' }])).toBe(a);
    expect(buildVersion(['/_next/static/a.js', { url: '/offline', revision: '2' }])).not.toBe(a);
  });

  it('drops the page caches of other builds only', () => {
    const current = `${PAGE_CACHE_PREFIX}new`;
    expect(outdatedPageCaches([`${PAGE_CACHE_PREFIX}old`, current, 'shop-images', 'serwist-precache-v2'], current)).toEqual([`${PAGE_CACHE_PREFIX}old`]);
    const shell = `${SHELL_CACHE_PREFIX}new`;
    expect(outdatedPageCaches([`${SHELL_CACHE_PREFIX}old`, shell, current], [current, shell])).toEqual([`${SHELL_CACHE_PREFIX}old`]);
  });
});

describe('isBackOffice', () => {
  it('names the back office and its API, which the worker leaves to the network', () => {
    for (const path of ['/admin', '/admin/', '/admin/ordini/000000123', '/admin/assets/index-abc.js', '/api/admin/orders', '/api/admin/orders.csv']) {
      expect(isBackOffice(new URL(path, ORIGIN).href), path).toBe(true);
    }
    for (const path of ['/administrator', '/c/admin', '/api/order/1', '/']) expect(isBackOffice(new URL(path, ORIGIN).href), path).toBe(false);
  });
});
