import { describe, expect, it } from 'vitest';
import { softNavigationTarget, type LinkClick } from './soft-navigation.ts';

const here = new URL('https://shop.example/c/coltelli?sort=price');
const click = (href: string, extra: Partial<LinkClick> = {}): LinkClick => ({
  button: 0,
  modified: false,
  defaultPrevented: false,
  url: new URL(href, here),
  target: '',
  download: false,
  ...extra,
});

describe('soft navigation of plain links', () => {
  it('takes over plain left clicks on pages of the shop', () => {
    expect(softNavigationTarget(click('/p/SKU-1/coltello'), here)).toBe('/p/SKU-1/coltello');
    expect(softNavigationTarget(click('/c/coltelli?page=2#top'), here)).toBe('/c/coltelli?page=2#top');
    expect(softNavigationTarget(click('/shoppingcart.html'), here)).toBe('/shoppingcart.html');
    expect(softNavigationTarget(click('/tagliere-in-polietilene-su-misura.html'), here)).toBe('/tagliere-in-polietilene-su-misura.html');
  });

  it('leaves new tabs, downloads, other targets and handled clicks to the browser', () => {
    expect(softNavigationTarget(click('/c/x', { modified: true }), here)).toBeNull();
    expect(softNavigationTarget(click('/c/x', { button: 1 }), here)).toBeNull();
    expect(softNavigationTarget(click('/c/x', { target: '_blank' }), here)).toBeNull();
    expect(softNavigationTarget(click('/c/x', { target: '_self' }), here)).toBe('/c/x');
    expect(softNavigationTarget(click('/c/x', { download: true }), here)).toBeNull();
    expect(softNavigationTarget(click('/c/x', { defaultPrevented: true }), here)).toBeNull();
  });

  it('leaves other sites, in-page anchors, files and the API to the browser', () => {
    expect(softNavigationTarget(click('https://other.example/c/x'), here)).toBeNull();
    expect(softNavigationTarget(click('#main'), here)).toBeNull();
    expect(softNavigationTarget(click('/sitemap.xml'), here)).toBeNull();
    expect(softNavigationTarget(click('/media/catalog/product/a.jpg'), here)).toBeNull();
    expect(softNavigationTarget(click('/api/health'), here)).toBeNull();
  });
});
