// Warm-up of a fresh storefront process before it takes traffic behind a proxy (ADR 0024). The
// first renders of a process run V8's unoptimised code, in the storefront and in the API it asks:
// measured on the 50k catalogue, the first category pages an instance renders take 110–260 ms
// where a warm one takes 60. Rendering the pages every shop is asked first (the home page, the
// first category of its menu with a few of its list pages, a product of it) takes a second or
// two at start and spares the first shoppers after a deploy or a restart that wait.

/** A page of the warm-up that takes longer is given up (an API that hangs must not hold the start). */
const REQUEST_TIMEOUT_MS = 10_000;
/** The warm-up asks for no page after this long. */
const BUDGET_MS = 20_000;
/** List pages of the category rendered after its first (rendered per request, ?p=2…). */
const EXTRA_LIST_PAGES = 4;

/** The first category link of the home page's menu and the first product link of a page. */
export function firstLink(html, prefix) {
  const match = new RegExp(`href="(${prefix}[^"?#]+)[^"]*"`).exec(html);
  return match ? match[1].replaceAll('&amp;', '&') : undefined;
}

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
  const category = firstLink(await ask('/'), '/c/');
  if (!category) return asked;
  const product = firstLink(await ask(category), '/p/');
  for (let page = 2; page <= EXTRA_LIST_PAGES + 1; page += 1) await ask(`${category}?p=${page}`);
  if (product) await ask(product);
  return asked;
}

async function fetchHtml(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.text();
}
