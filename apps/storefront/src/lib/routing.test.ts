import { describe, expect, it } from 'vitest';
import { NOT_FOUND_SLUG, matchShopRoute, proxyTarget, stripStorePrefix } from './routing.ts';

describe('matchShopRoute', () => {
  it('knows the shop routes', () => {
    expect(matchShopRoute('/')).toEqual({ kind: 'home' });
    expect(matchShopRoute('/pwa.html')).toEqual({ kind: 'home' });
    expect(matchShopRoute('/c/coltelli')).toEqual({ kind: 'category', slug: 'coltelli' });
    expect(matchShopRoute('/p/COL-1/coltello')).toEqual({ kind: 'product', parentSku: 'COL-1', slug: 'coltello' });
    expect(matchShopRoute('/p/GUA-1/guanti/GUA-1-M')).toEqual({ kind: 'product', parentSku: 'GUA-1', slug: 'guanti', childSku: 'GUA-1-M' });
    expect(matchShopRoute('/legal')).toEqual({ kind: 'static', name: 'legal' });
    expect(matchShopRoute('/order-from-catalog')).toEqual({ kind: 'static', name: 'order-from-catalog' });
    expect(matchShopRoute('/error')).toEqual({ kind: 'error' });
    expect(matchShopRoute('/i/chi-siamo')).toEqual({ kind: 'cms', identifier: 'chi-siamo' });
    expect(matchShopRoute('/sitemap')).toEqual({ kind: 'sitemap' });
    expect(matchShopRoute('/sitemap.html')).toEqual({ kind: 'sitemap' });
    expect(matchShopRoute('/compare')).toEqual({ kind: 'compare' });
    expect(matchShopRoute('/wishlist')).toEqual({ kind: 'wishlist' });
    expect(matchShopRoute('/quote-request')).toEqual({ kind: 'quote' });
    expect(matchShopRoute('/ordine-rapido')).toEqual({ kind: 'quick-order' });
    expect(matchShopRoute('/preventivo/z16yY-yx6c6OQuRIecfd3HwchmNkcB6c')).toEqual({ kind: 'quote-offer' });
    expect(matchShopRoute('/newsletter')).toEqual({ kind: 'newsletter' });
    expect(matchShopRoute('/search')).toEqual({ kind: 'search' });
    expect(matchShopRoute('/shoppingcart')).toEqual({ kind: 'cart' });
    expect(matchShopRoute('/checkout')).toEqual({ kind: 'checkout', page: 'checkout' });
    expect(matchShopRoute('/thank-you')).toEqual({ kind: 'checkout', page: 'thank-you' });
    expect(matchShopRoute('/payment-cancelled')).toEqual({ kind: 'checkout', page: 'payment-cancelled' });
    expect(matchShopRoute('/instalment-return')).toEqual({ kind: 'checkout', page: 'instalment-return' });
    expect(matchShopRoute('/my-account')).toEqual({ kind: 'account', page: 'my-account' });
    expect(matchShopRoute('/reset-password')).toEqual({ kind: 'account', page: 'reset-password' });
    expect(matchShopRoute('/my-account/shipping-details')).toEqual({ kind: 'account', page: 'shipping-details' });
    expect(matchShopRoute('/my-account/orders')).toEqual({ kind: 'account', page: 'orders' });
    expect(matchShopRoute('/my-account/orders/000000042')).toEqual({ kind: 'account', page: 'order' });
    expect(matchShopRoute('/shoppingcart.html')).toEqual({ kind: 'cart' });
    expect(matchShopRoute('/tagliere-in-polietilene-su-misura.html')).toEqual({ kind: 'cutting-board' });
  });

  it('returns null for anything else', () => {
    for (const path of ['/nope', '/c', '/c/a/b', '/p/a', '/p/a/b/c/d', '/x/y', '/c//x', '/legal/x', `/${NOT_FOUND_SLUG}`, '/sitemap/2', '/i', '/i/a/b', '/compare/x', '/wishlist/x', '/quote-request/x', '/ordine-rapido/x', '/preventivo', '/preventivo/a/b', '/search/x', '/shoppingcart/x', '/shoppingcart.htm', '/checkout/x', '/my-account/x', '/my-account/profile/x', '/my-account/orders/1/x']) {
      expect(matchShopRoute(path), path).toBeNull();
    }
  });
});

describe('stripStorePrefix', () => {
  it('removes the optional store code', () => {
    expect(stripStorePrefix('/it')).toBe('/');
    expect(stripStorePrefix('/it/c/x')).toBe('/c/x');
    expect(stripStorePrefix('/c/x')).toBe('/c/x');
    expect(stripStorePrefix('/italia')).toBe('/italia');
  });
});

describe('proxyTarget', () => {
  it('serves the home page and its aliases from the store root', () => {
    expect(proxyTarget('/')).toEqual({ pathname: '/it' });
    expect(proxyTarget('/pwa.html')).toEqual({ pathname: '/it' });
    expect(proxyTarget('/it')).toEqual({ pathname: '/it' });
    expect(proxyTarget('/it/pwa.html')).toEqual({ pathname: '/it' });
  });

  it('puts the store segment in front of shop routes, once', () => {
    expect(proxyTarget('/c/coltelli')).toEqual({ pathname: '/it/c/coltelli' });
    expect(proxyTarget('/it/c/coltelli')).toEqual({ pathname: '/it/c/coltelli' });
    expect(proxyTarget('/p/A/b/C')).toEqual({ pathname: '/it/p/A/b/C' });
    expect(proxyTarget('/legal')).toEqual({ pathname: '/it/legal' });
    expect(proxyTarget('/error')).toEqual({ pathname: '/it/error' });
    expect(proxyTarget('/i/chi-siamo')).toEqual({ pathname: '/it/i/chi-siamo' });
    expect(proxyTarget('/compare')).toEqual({ pathname: '/it/compare' });
    expect(proxyTarget('/search')).toEqual({ pathname: '/it/search' });
    expect(proxyTarget('/shoppingcart')).toEqual({ pathname: '/it/shoppingcart' });
    expect(proxyTarget('/shoppingcart.html')).toEqual({ pathname: '/it/shoppingcart' });
    expect(proxyTarget('/tagliere-in-polietilene-su-misura.html')).toEqual({ pathname: '/it/tagliere-in-polietilene-su-misura.html' });
    expect(proxyTarget('/it/tagliere-in-polietilene-su-misura.html')).toEqual({ pathname: '/it/tagliere-in-polietilene-su-misura.html' });
    expect(proxyTarget('/sitemap.html')).toEqual({ pathname: '/it/sitemap/1' });
    expect(proxyTarget('/it/sitemap')).toEqual({ pathname: '/it/sitemap/1' });
  });

  it('sends unknown URLs to the not-found page with status 404', () => {
    const notFound = { pathname: '/it/page-not-found', status: 404 };
    expect(proxyTarget('/nope')).toEqual(notFound);
    expect(proxyTarget('/a/b/c')).toEqual(notFound);
    expect(proxyTarget('/de/c/messer')).toEqual(notFound);
    expect(proxyTarget('/it/it')).toEqual(notFound);
    expect(proxyTarget('/page-not-found')).toEqual(notFound);
    expect(proxyTarget('/it/page-not-found')).toEqual(notFound);
  });
});
