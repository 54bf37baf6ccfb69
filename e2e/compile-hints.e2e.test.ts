import type { Page, Response } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './browser.ts';

// ADR 0010: the scripts a page loads with its HTML are compiled by Chromium while they download
// (V8's compile hint on their first line, apps/storefront/scripts/compile-hints.mjs); code loaded
// on first use stays lazily compiled.

const baseUrl = inject('baseUrl');
const HINT = '//# allFunctionsCalledOnLoad\n';
let page: Page;

useBrowser(baseUrl, (_, p) => {
  page = p;
});

/** The script chunks the page receives until `stop()`, with their text. */
function collectChunks(): { chunks: Map<string, Promise<string>>; stop: () => void } {
  const chunks = new Map<string, Promise<string>>();
  const onResponse = (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/_next/static/chunks/') && url.pathname.endsWith('.js')) chunks.set(url.pathname, response.text());
  };
  page.on('response', onResponse);
  return { chunks, stop: () => page.off('response', onResponse) };
}

describe('compile hints', () => {
  it('marks every script of the first load and none loaded later, on the first use of the search panel', async () => {
    const { chunks: firstLoad, stop } = collectChunks();
    await page.goto('/c/coltelli', { waitUntil: 'networkidle' });
    stop();
    expect(firstLoad.size).toBeGreaterThan(3);
    for (const [path, text] of firstLoad) expect({ path, hinted: (await text).startsWith(HINT) }).toEqual({ path, hinted: true });

    const { chunks: later } = collectChunks();
    await page.getByRole('combobox', { name: 'Cerca nel catalogo' }).first().click();
    await page.keyboard.type('coltello');
    await expect.poll(() => page.getByRole('search', { name: 'Cerca nel catalogo' }).first().getByRole('status').textContent(), { timeout: 15_000 }).toMatch(/prodott[io] trovat[io]/);
    const loadedLater = [...later.keys()].filter((path) => !firstLoad.has(path));
    expect(loadedLater.length).toBeGreaterThan(0);
    for (const path of loadedLater) expect({ path, hinted: (await later.get(path)!).startsWith(HINT) }).toEqual({ path, hinted: false });
  });
});
