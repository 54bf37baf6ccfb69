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
  /** The headings of `path`, at `width`, in the accessibility tree right after the load (lower case), and those of the DOM (`selector`). */
  async function headings(path: string, width: number, selector: string): Promise<{ read: Set<string>; inPage: string[] }> {
    const page = await newPage(browser, baseUrl, width);
    try {
      await page.goto(path, { waitUntil: 'networkidle' });
      const cdp = await page.context().newCDPSession(page);
      const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { role?: { value: string }; name?: { value: string }; ignored: boolean }[] };
      const read = new Set(nodes.filter((node) => node.role?.value === 'heading' && !node.ignored).map((node) => (node.name?.value ?? '').trim().toLowerCase()));
      const inPage = await page.locator(selector).evaluateAll((elements) => elements.map((element) => (element.textContent ?? '').trim().toLowerCase()));
      return { read, inPage };
    } finally {
      await page.context().close();
    }
  }

  it('lists every section heading of the home page on a phone, none waiting for a scroll', async () => {
    // Every section of the page (the DOM's h2s: the four lists and the footer's columns).
    const { read, inPage } = await headings('/', 412, 'h2');
    expect(inPage.length).toBeGreaterThanOrEqual(5);
    expect(inPage.filter((section) => !read.has(section))).toEqual([]);
  });

  it("lists every product name of a category page's 48 tiles, the last ones too, without a scroll", async () => {
    const { read, inPage } = await headings('/c/coltelli', 1350, 'main article h3');
    expect(inPage).toHaveLength(48);
    expect(inPage.filter((name) => !read.has(name))).toEqual([]);
  });
});
