// The shopper's client steps in a real browser (issue #46 point 3), for `npm run bench`: Debian's
// Chromium at a phone's size under Lighthouse's mobile CPU throttling (4× slower), through the
// storefront's port. Each step is timed in the page (performance.now() from the navigation's
// start, or from the click), RUNS times in a fresh browser context (cold cache) each:
// - cart: a product added on its page, then the first visit to /shoppingcart until the grand
//   total is on screen (the frame showing it painted; target ≤ 1 s);
// - facet: on a category page at a wide screen's size (a phone gathers ticks in its filter
//   drawer), a brand ticked until the filtered list is on screen (its total shown, the frame
//   painted) and the URL has the brand, without a full reload (target ≤ 300 ms warm: the page
//   was loaded and one facet clicked before);
// - grouped and configurable product pages until their add-to-cart button is hydrated (React's
//   handlers attached: the page answers a press; target ≤ 1 s).
// Alone, against a running shop: `node --import tsx bench/client-steps.ts http://127.0.0.1:3000`.
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/lib/chromium.mjs';

const RUNS = Number(process.env.CLIENT_STEPS_RUNS ?? 5);
/** Lighthouse's mobile preset slows the CPU 4×. */
const CPU_SLOWDOWN = 4;
// bypassCSP: the steps are timed by predicates the page evaluates from text, which the shop's policy forbids.
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true, locale: 'it-IT', bypassCSP: true };
/** A phone gathers facet ticks in a drawer applied at once; the list that follows each tick is the wide screen's sidebar. */
const DESKTOP = { viewport: { width: 1350, height: 940 }, locale: 'it-IT', bypassCSP: true };

interface Pages {
  category: string;
  simple: string;
  grouped: string;
  configurable: string;
}

/** Products of a type in the running catalogue, as their page paths. */
async function productPaths(webUrl: string, type: string, count: number): Promise<string[]> {
  const res = await fetch(`${webUrl}/api/catalog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ entityType: 'product', filters: { type_id: { eq: type }, visibility: { in: [2, 3, 4] }, status: { eq: 1 } }, size: 50, sort: 'id:asc', includeFields: ['sku', 'slug', 'stock', 'custom_options'] }),
  });
  const items = ((await res.json()) as { result: { items: { sku: string; slug: string; stock?: { is_in_stock?: boolean }; custom_options?: unknown[] }[] } }).result.items;
  // In stock, and with no options to fill in before it can be added.
  return items
    .filter((item) => item.stock?.is_in_stock !== false && !item.custom_options?.length)
    .slice(0, count)
    .map((item) => `/p/${encodeURIComponent(item.sku)}/${item.slug}`);
}

async function throttled(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return page;
}

/**
 * When `ready` (a page expression) first holds, polled every animation frame: ms from the
 * navigation's start, or the clock's time. `painted`: when the frame that shows it has been
 * laid out and painted (a task queued from that frame's callback runs after its rendering):
 * a change in the DOM is not yet on screen, and after a facet tick that frame's style, layout
 * and paint took ~200 ms of the slowed CPU.
 */
const untilReady = (page: Page, ready: string, { clock = false, painted = false } = {}) => {
  const now = `${clock ? 'performance.timeOrigin + ' : ''}performance.now()`;
  const check = painted
    ? `(() => { if (window.benchShownAt) return window.benchShownAt; if (!window.benchSeen && (${ready})) { window.benchSeen = true; setTimeout(() => { window.benchShownAt = ${now}; }, 0); } return false; })()`
    : `(() => { const ok = ${ready}; return ok ? ${now} : false; })()`;
  return page.waitForFunction(check, undefined, { polling: 'raf', timeout: 30_000 }).then((handle) => handle.jsonValue() as Promise<number>);
};

/** Whether the product page's add-to-cart button has its React handlers attached (hydrated). */
const ADD_TO_CART_HYDRATED = `(() => {
  const button = [...document.querySelectorAll('main button')].find((b) => (b.textContent ?? '').trim() === 'Aggiungi al carrello');
  return !!button && Object.keys(button).some((key) => key.startsWith('__reactProps$'));
})()`;

async function cartStep(browser: Browser, webUrl: string, product: string): Promise<number> {
  const context = await browser.newContext({ ...PHONE, baseURL: webUrl });
  try {
    const page = await context.newPage();
    await page.goto(product);
    const add = page.getByRole('button', { name: 'Aggiungi al carrello' });
    await page.waitForFunction(ADD_TO_CART_HYDRATED, undefined, { timeout: 30_000 });
    const updated = page.waitForResponse((res) => res.url().includes('/api/cart/update') && res.ok(), { timeout: 30_000 });
    await add.click();
    await updated;
    await page.close();
    const cart = await throttled(context);
    await cart.goto('/shoppingcart', { waitUntil: 'commit' });
    return await untilReady(cart, `(document.querySelector('[data-segment="grand_total"] dd')?.textContent ?? '').trim() !== ''`, { painted: true });
  } finally {
    await context.close();
  }
}

/** The list's status line ("Prodotti 1–48 di 312"). */
const STATUS = `(document.querySelector('main [role="status"]')?.textContent ?? '').trim()`;

/** A facet tick to the filtered list: its time, and whether the page was loaded anew for it (not in place). */
async function facetStep(browser: Browser, webUrl: string, category: string): Promise<{ ms: number; reloaded: boolean }> {
  const context = await browser.newContext({ ...DESKTOP, baseURL: webUrl });
  try {
    const page = await throttled(context);
    await page.goto(`/c/${category}`);
    const enhanced = () => page.locator('form#category-filters[data-enhanced="true"]').waitFor({ timeout: 30_000 });
    const brands = page.locator('form#category-filters fieldset', { has: page.locator('legend', { hasText: 'Marca' }) }).locator('input');
    // Warm: one brand ticked and unticked first (its code and data loaded), then the one measured.
    await enhanced();
    await brands.nth(0).check();
    await page.waitForURL((url) => url.searchParams.has('marca'));
    await enhanced();
    await brands.nth(0).uncheck();
    await page.waitForURL((url) => !url.searchParams.has('marca'));
    await enhanced();
    const before = (await page.evaluate(STATUS)) as string;
    // The page notes the click's time (Playwright's round trips stay out; kept across a reload)
    // and a mark a reload would lose. Times are the clock's (timeOrigin + now) for the same reason.
    await page.evaluate(`window.benchMark = true; document.addEventListener('click', () => { sessionStorage.setItem('benchClickedAt', String(performance.timeOrigin + performance.now())); }, { capture: true, once: true })`);
    await brands.nth(1).check();
    const done = await untilReady(page, `new URL(location.href).searchParams.has('marca') && ${STATUS} !== ${JSON.stringify(before)} && ${STATUS} !== ''`, { clock: true, painted: true });
    const reloaded = (await page.evaluate('window.benchMark === true')) !== true;
    return { ms: done - Number(await page.evaluate(`sessionStorage.getItem('benchClickedAt')`)), reloaded };
  } finally {
    await context.close();
  }
}

async function interactiveStep(browser: Browser, webUrl: string, product: string): Promise<number> {
  const context = await browser.newContext({ ...PHONE, baseURL: webUrl });
  try {
    const page = await throttled(context);
    await page.goto(product, { waitUntil: 'commit' });
    return await untilReady(page, ADD_TO_CART_HYDRATED);
  } finally {
    await context.close();
  }
}

const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)]!;
const line = (label: string, ms: number[], target: number) =>
  `${label.padEnd(58)} median ${median(ms).toFixed(0).padStart(5)} ms, max ${Math.max(...ms).toFixed(0).padStart(5)} ms ${median(ms) <= target ? '✓' : '✗'} (target ≤ ${target} ms, ${ms.length} runs)`;

async function facetLine(browser: Browser, webUrl: string, category: string): Promise<string> {
  const results: { ms: number; reloaded: boolean }[] = [];
  for (let i = 0; i < RUNS; i++) results.push(await facetStep(browser, webUrl, category));
  const reloads = results.filter((r) => r.reloaded).length;
  const label = `facet click to updated results, warm, wide screen (/c/${category})`;
  return `${line(label, results.map((r) => r.ms), 300)}${reloads ? ` — ${reloads} of ${RUNS} loaded the page anew, not in place ✗` : ''}`;
}

export async function clientStepsBench(webUrl: string, category: string): Promise<string[]> {
  const [simple] = await productPaths(webUrl, 'simple', 1);
  const [grouped] = await productPaths(webUrl, 'grouped', 1);
  const [configurable] = await productPaths(webUrl, 'configurable', 1);
  const pages: Pages = { category, simple: simple!, grouped: grouped!, configurable: configurable! };
  const browser = await chromium.launch({ executablePath: CHROMIUM as string, args: CHROMIUM_ARGS as string[] });
  try {
    const runs = async (step: () => Promise<number>) => {
      const ms: number[] = [];
      for (let i = 0; i < RUNS; i++) ms.push(await step());
      return ms;
    };
    return [
      line(`cold cart page to totals shown (${pages.simple.split('/')[2]})`, await runs(() => cartStep(browser, webUrl, pages.simple)), 1000),
      await facetLine(browser, webUrl, pages.category),
      line(`grouped product page interactive (${pages.grouped.split('/')[2]})`, await runs(() => interactiveStep(browser, webUrl, pages.grouped)), 1000),
      line(`configurable product page interactive (${pages.configurable.split('/')[2]})`, await runs(() => interactiveStep(browser, webUrl, pages.configurable)), 1000),
    ];
  } finally {
    await browser.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const webUrl = process.argv[2];
  if (!webUrl) throw new Error('Usage: node --import tsx bench/client-steps.ts <shop URL> [category slug]');
  console.log(`## Client steps (mobile, CPU ${CPU_SLOWDOWN}× slower)`);
  for (const result of await clientStepsBench(webUrl, process.argv[3] ?? 'coltelli')) console.log(result);
}
