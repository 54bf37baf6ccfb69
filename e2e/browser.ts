import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS, REJECT_ALL, formatConsent } from '@shop/domain';
import { afterAll, beforeAll } from 'vitest';
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/lib/chromium.mjs';

/** Debian's Chromium, headless, with the flags this machine needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM as string, args: CHROMIUM_ARGS as string[] });
}

/**
 * The shop's service worker (ADR 0020) is blocked unless asked for: served from its caches,
 * requests would pass by the routes tests set up to fail or watch them (e2e/offline.e2e.test.ts tests it).
 */
export async function newPage(browser: Browser, baseURL: string, width = 1280, serviceWorkers: 'allow' | 'block' = 'block'): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, locale: 'it-IT', serviceWorkers });
  await presetConsent(context);
  return context.newPage();
}

/**
 * A shopper who has already answered the cookie banner (refused: nothing tracks), so that it does
 * not cover what other tests click; set again at every page load, as tests clear cookies between
 * steps. e2e/consent.e2e.test.ts tests the banner itself with a context without it.
 */
export async function presetConsent(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ([name, value, maxAge]) => {
      try {
        if (!document.cookie.split('; ').some((cookie) => cookie.startsWith(`${name}=`))) document.cookie = `${name}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax`;
      } catch {
        // a frame without an origin has no cookies
      }
    },
    [CONSENT_COOKIE, formatConsent(REJECT_ALL, Date.now()), String(CONSENT_MAX_AGE_SECONDS)] as const,
  );
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

/**
 * Forgets the shopper (cookies, local and session storage) from a page of the shop's origin that
 * runs none of its scripts: on a shop page, a store still loading could write its state back after
 * the clearing (a signed-in account reappearing in the next checkout).
 */
export async function forgetShopper(page: Page): Promise<void> {
  await page.goto('/robots.txt');
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}
