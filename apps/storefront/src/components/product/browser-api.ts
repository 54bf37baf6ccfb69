/**
 * The commerce API calls the product page makes from the browser, through the shop's own
 * origin (`/api/*` is forwarded by proxy.ts): stock check, stock list and price render list
 * (catalogue.md §7). Each resolves to an empty answer on any failure: the page then keeps the
 * data it was rendered with.
 */
import { accountCall, currentCustomer } from '@/lib/account/session.ts';
import type { RenderListItem } from './pricing.ts';
import { batches } from './stock.ts';
import type { StockInfo } from './types.ts';

/** A stock item as /api/stock/* answers it (packages/contracts stockItem). */
export interface LiveStock extends StockInfo {
  sku?: string;
  backorders?: number;
}

/** The shop's store view (catalogue.md §1): it, id 1, EUR. */
const STORE_ID = 1;
const CURRENCY = 'EUR';
/** The render-list contract takes at most 200 skus per call (a page shows far fewer). */
const RENDER_LIST_MAX = 200;

async function getResult(url: string, signal: AbortSignal): Promise<unknown> {
  const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  // §5: response bodies must be JSON; anything else is an error.
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json')) return undefined;
  const body = (await response.json()) as { code?: unknown; result?: unknown } | null;
  return body && body.code === 200 ? body.result : undefined;
}

function isStock(value: unknown): value is LiveStock {
  return typeof value === 'object' && value !== null && typeof (value as LiveStock).is_in_stock === 'boolean';
}

/** GET /api/stock/check?sku= — one item's stock; undefined when unknown (ENOTFOUND is ignored, §8). */
export async function checkStock(sku: string, signal: AbortSignal): Promise<LiveStock | undefined> {
  try {
    const result = await getResult(`/api/stock/check?sku=${encodeURIComponent(sku)}`, signal);
    return isStock(result) ? result : undefined;
  } catch {
    return undefined;
  }
}

/** GET /api/stock/list?skus= in batches of 15 (§4) — stock by sku for the items that answered. */
export async function listStock(skus: readonly string[], signal: AbortSignal): Promise<Record<string, LiveStock>> {
  const found: Record<string, LiveStock> = {};
  await Promise.all(
    batches(skus).map(async (batch) => {
      try {
        const result = await getResult(`/api/stock/list?skus=${encodeURIComponent(batch.join(','))}`, signal);
        if (!Array.isArray(result)) return;
        for (const item of result) if (isStock(item) && typeof item.sku === 'string') found[item.sku] = item;
      } catch {
        // keep what the page was rendered with
      }
    }),
  );
  return found;
}

function isRenderListItem(value: unknown): value is RenderListItem {
  return typeof value === 'object' && value !== null && typeof (value as RenderListItem).sku === 'string' && typeof (value as RenderListItem).price_info === 'object';
}

/**
 * GET /api/product/render-list — current prices; an empty list on failure (§7). A signed-in
 * customer's come with their token: their group's prices (shopping.md §6).
 */
export async function renderList(skus: readonly string[], signal: AbortSignal): Promise<RenderListItem[]> {
  try {
    const query = { skus: skus.slice(0, RENDER_LIST_MAX).join(','), currencyCode: CURRENCY, storeId: String(STORE_ID) };
    const result = currentCustomer()
      ? await accountCall<{ items?: unknown }>('GET', '/api/product/render-list', query).then((answer) => (answer.code === 200 ? answer.result : undefined))
      : ((await getResult(`/api/product/render-list?${new URLSearchParams(query).toString()}`, signal)) as { items?: unknown } | undefined);
    if (signal.aborted || !result || typeof result !== 'object') return [];
    return Array.isArray(result.items) ? result.items.filter(isRenderListItem) : [];
  } catch {
    return [];
  }
}
