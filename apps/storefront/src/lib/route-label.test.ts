import { describe, expect, it } from 'vitest';
import { routeLabel } from './route-label.ts';

describe('the route label of a page request', () => {
  it('is the pattern of the page served, never the slug, SKU or order number', () => {
    expect(routeLabel({ type: 'rewrite', pathname: '/it' })).toBe('/');
    expect(routeLabel({ type: 'rewrite', pathname: '/it/c/coltelli-da-cucina' })).toBe('/c/:slug');
    expect(routeLabel({ type: 'rewrite', pathname: '/it/c/coltelli-da-cucina/filtered' })).toBe('/c/:slug');
    expect(routeLabel({ type: 'rewrite', pathname: '/it/p/ABC-1/coltello/ABC-1-XL' })).toBe('/p/:sku/:slug/:childSku');
    expect(routeLabel({ type: 'rewrite', pathname: '/it/p/ABC-1/coltello' })).toBe('/p/:sku/:slug');
    expect(routeLabel({ type: 'rewrite', pathname: '/it/my-account/orders/000000123' })).toBe('/my-account/orders/:number');
    expect(routeLabel({ type: 'rewrite', pathname: '/it/my-account/shipping-details' })).toBe('/my-account/shipping-details');
    expect(routeLabel({ type: 'rewrite', pathname: '/it/i/privacy-policy' })).toBe('/i/:identifier');
    expect(routeLabel({ type: 'rewrite', pathname: '/it/shoppingcart' })).toBe('/shoppingcart');
    expect(routeLabel({ type: 'rewrite', pathname: '/it/search' })).toBe('/search');
    expect(routeLabel({ type: 'rewrite', pathname: '/it/checkout' })).toBe('/checkout');
    expect(routeLabel({ type: 'rewrite', pathname: '/it/sitemap/3' })).toBe('/sitemap');
  });

  it('is redirect or not-found where the dispatcher answered so, whatever the URL held', () => {
    expect(routeLabel({ type: 'redirect', location: '/p/X/y?token=abc', status: 301 })).toBe('redirect');
    expect(routeLabel({ type: 'rewrite', pathname: '/it/page-not-found', status: 404 })).toBe('not-found');
    expect(routeLabel({ type: 'rewrite', pathname: '/it/mario.rossi@example.it/x/y/z/w' })).toBe('other');
  });
});
