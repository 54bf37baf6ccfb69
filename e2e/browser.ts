import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/lib/chromium.mjs';

/** Debian's Chromium, headless, with the flags this machine needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM as string, args: CHROMIUM_ARGS as string[] });
}

export async function newPage(browser: Browser, baseURL: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, locale: 'it-IT' });
  return context.newPage();
}

/** Opens one browser and page for a test file before its tests, and closes them after. */
export function useBrowser(baseURL: string, ready: (browser: Browser, page: Page) => void): void {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    ready(browser, await newPage(browser, baseURL));
  });
  afterAll(async () => {
    await browser?.close();
  });
}
