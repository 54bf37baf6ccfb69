// Warm-up of a fresh storefront process before it takes traffic behind a proxy (ADR 0024). The
// first renders of a process run V8's unoptimised code, in the storefront and in the API it asks:
// measured on the 50k catalogue, the first category pages an instance renders take 170–280 ms
// where a warm one takes 90–110, and one category rendered five times did not take that away
// (its facets, read once, left the API's facet code cold, and its list pages stayed one shape).
// Rendering a few different categories and products does: the p95 of the first 60 category
// pages after a start fell from 212 to 135 ms. The category pages asked for are list pages 2,
// rendered per request, so the warm-up leaves no category page in the page cache.

/** A page of the warm-up that takes longer is given up (an API that hangs must not hold the start). */
const REQUEST_TIMEOUT_MS = 10_000;
/** The warm-up asks for no page after this long. */
const BUDGET_MS = 20_000;
/** Categories of the home page's menu whose second list page, and a product of it, are rendered. */
const CATEGORIES = 8;

/** The paths a page links to under `prefix` (e.g. '/p/'), in order, without their query strings. */
const links = (html, prefix) => [...html.matchAll(new RegExp(`href="(${prefix}[^"?#]+)[^"]*"`, 'g'))].map(([, href]) => href.replaceAll('&amp;', '&'));

/** The first link of a page under `prefix`, without its query string. */
export const firstLink = (html, prefix) => links(html, prefix)[0];

/** The categories the warm-up renders, from the home page: the first CATEGORIES distinct ones it links to. */
export const warmUpCategories = (homeHtml) => [...new Set(links(homeHtml, '/c/'))].slice(0, CATEGORIES);

/**
 * Asks `origin` (this process) for the warm-up pages, one after another, and resolves with the
 * paths it asked for; a page that fails is skipped, and with the home page the rest.
 * `get(url)` resolves to the page's HTML, or rejects.
 */
export async function warmUp(origin, { get = fetchHtml, budgetMs = BUDGET_MS, now = () => Date.now() } = {}) {
  const deadline = now() + budgetMs;
  const asked = [];
  const ask = async (path) => {
    if (now() > deadline) return '';
    asked.push(path);
    return get(`${origin}${path}`).catch(() => '');
  };
  const products = [];
  for (const category of warmUpCategories(await ask('/'))) {
    const product = firstLink(await ask(`${category}?p=2`), '/p/');
    if (product) products.push(product);
  }
  for (const product of products) await ask(product);
  return asked;
}

async function fetchHtml(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.text();
}
