import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser.ts';
import { startOwnShop, type OwnShop } from './own-shop.ts';

/**
 * appendStoreCode by configuration (catalogue.md §2, §3 store view): a shop of its own started
 * with APPEND_STORE_CODE=true serves every page under /it, links there, and redirects the plain
 * form with 301. The shared shop covers the default (no prefix).
 */
let shop: OwnShop;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  shop = await startOwnShop('store', { DEMO_PRODUCTS: '120', APPEND_STORE_CODE: 'true' });
  browser = await launchBrowser();
  page = await newPage(browser, shop.url);
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const get = (path: string) => fetch(`${shop.url}${path}`, { redirect: 'manual' });
const location = (response: Response) => new URL(response.headers.get('location') ?? '', shop.url);

describe('store code appended to URLs', () => {
  it('redirects plain URLs to the /it form with 301 and serves that form', async () => {
    const home = await get('/');
    expect(home.status).toBe(301);
    expect(location(home).pathname).toBe('/it');
    const category = await get('/c/coltelli?p=2');
    expect(category.status).toBe(301);
    expect(location(category).pathname + location(category).search).toBe('/it/c/coltelli?p=2');
    expect((await get('/it/c/coltelli')).status).toBe(200);
    expect((await get('/it/c/categoria-inesistente')).status).toBe(404);
  });

  it('links every page under /it: menu, tiles, breadcrumbs and canonical', async () => {
    await page.goto('/it');
    const menuLinks = await page.locator('nav .menu__link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(menuLinks.length).toBeGreaterThan(3);
    for (const href of menuLinks) expect(href).toMatch(/^\/it\/c\//);
    expect(await page.locator('a.logo').first().getAttribute('href')).toBe('/it');

    await page.locator('nav .menu__link', { hasText: 'Coltelli' }).first().click();
    await page.waitForURL(/\/it\/c\/coltelli$/);
    const tile = page.locator('a.tile__link').first();
    expect(await tile.getAttribute('href')).toMatch(/^\/it\/p\//);
    await tile.click();
    await page.waitForURL(/\/it\/p\//);
    // Under /it (a product page, or the cutting board's own page when that product comes first).
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/^https?:\/\/[^/]+\/it\/(p\/|tagliere-in-polietilene-su-misura\.html$)/);
    const crumbs = await page.locator('nav[aria-label] ol a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(crumbs[0]).toBe('/it');
    for (const href of crumbs.slice(1)) expect(href).toMatch(/^\/it\/c\//);
  });

  it('lists /it URLs in the XML sitemap', async () => {
    const xml = await (await fetch(`${shop.url}/sitemap.xml`)).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(locs.length).toBeGreaterThan(10);
    for (const path of locs) expect(path).toMatch(/^\/it(\/|$)/);
  });
});
