import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { samplePages } from '../bench/pages.ts';
import { axeViolations } from './axe.ts';
import { newPage, useBrowser } from './browser.ts';

/*
 * The three page types a shopper lands on (the ones Lighthouse measures in the bench) have no
 * WCAG 2.1 AA violation that axe finds, on a desktop and on a phone-wide window.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;

useBrowser(baseUrl, (b) => {
  browser = b;
});

let pages: { name: string; path: string }[];

beforeAll(async () => {
  // The first top category of the menu and a configurable product in it, as the bench picks them.
  const { category, product } = await samplePages(baseUrl);
  pages = [
    { name: 'home', path: '/' },
    { name: 'category', path: `/c/${category}` },
    { name: 'product', path: product },
  ];
});

describe.each([1280, 412])('WCAG 2.1 AA, %i px wide', (width) => {
  it('home, category and product pages have no axe violations', async () => {
    const page = await newPage(browser, baseUrl, width);
    try {
      for (const { name, path } of pages) {
        const response = await page.goto(path, { waitUntil: 'networkidle' });
        expect(response?.status(), name).toBe(200);
        if (name === 'category') {
          // Page 1 of several: the disabled "Precedente" arrow (once below 4.5:1) is on the page.
          expect(await page.getByRole('navigation', { name: 'Pagine dei prodotti' }).count(), name).toBeGreaterThan(0);
        }
        expect(await axeViolations(page), name).toEqual([]);
      }
    } finally {
      await page.context().close();
    }
  });
});

describe('what a screen reader is given', () => {
  it('lists every section heading of the home page on a phone, none waiting for a scroll', async () => {
    const page = await newPage(browser, baseUrl, 412);
    try {
      await page.goto('/', { waitUntil: 'networkidle' });
      const cdp = await page.context().newCDPSession(page);
      const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { role?: { value: string }; name?: { value: string }; ignored: boolean }[] };
      const headings = nodes.filter((node) => node.role?.value === 'heading' && !node.ignored).map((node) => node.name?.value);
      // Every section of the page (the DOM's h2s: the four lists and the footer's columns).
      const sections = await page.locator('h2').evaluateAll((elements) => elements.map((element) => element.textContent?.trim()));
      expect(sections.length).toBeGreaterThanOrEqual(5);
      for (const section of sections) expect(headings.map((h) => h?.toLowerCase())).toContain(section?.toLowerCase());
    } finally {
      await page.context().close();
    }
  });

  it("lists every product name of a category page's 48 tiles, the last ones too, without a scroll", async () => {
    const page = await newPage(browser, baseUrl, 1350);
    try {
      await page.goto('/c/coltelli', { waitUntil: 'networkidle' });
      const cdp = await page.context().newCDPSession(page);
      const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { role?: { value: string }; name?: { value: string }; ignored: boolean }[] };
      const headings = new Set(nodes.filter((node) => node.role?.value === 'heading' && !node.ignored).map((node) => node.name?.value?.trim()));
      const names = await page.locator('main article h3').evaluateAll((elements) => elements.map((element) => element.textContent?.trim()));
      expect(names).toHaveLength(48);
      expect(names.filter((name) => !headings.has(name))).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
