/**
 * Hooks that bring a cached product page up to date after hydration: current prices from the
 * render list (then the `prices-after-sync` event, catalogue.md §4) and live stock.
 * The page is complete without them; they only correct what changed since it was cached.
 */
import { useEffect, useState } from 'react';
import { checkStock, listStock, renderList, type LiveStock } from './browser-api.ts';
import { PRICES_AFTER_SYNC } from './events.ts';
import { applyRenderList } from './pricing.ts';
import type { PriceDoc } from './types.ts';

/**
 * The documents with their current prices from the render list; the cached prices when it
 * fails (an empty list, catalogue.md §7). `docs` must keep its identity between renders (memoise it).
 */
export function useLivePrices<T extends PriceDoc>(docs: Readonly<Record<string, T>>): Readonly<Record<string, T>> {
  const [live, setLive] = useState(docs);
  useEffect(() => {
    const controller = new AbortController();
    const skus = Object.keys(docs);
    if (skus.length === 0) return;
    renderList(skus, controller.signal).then((items) => {
      if (controller.signal.aborted) return;
      if (items.length > 0) setLive(applyRenderList(docs, items));
      window.dispatchEvent(new CustomEvent(PRICES_AFTER_SYNC, { detail: { skus, items } }));
    });
    return () => controller.abort();
  }, [docs]);
  return live;
}

/**
 * Live stock by sku: one stock-list request for `prefetch` (children and members, at most
 * STOCK_PREFETCH_COUNT of them) and a stock check whenever the item the shopper chose changes.
 * Items that did not answer are absent (the cached stock then applies).
 */
export function useLiveStock(prefetch: readonly string[], selected: string | undefined): Readonly<Record<string, LiveStock>> {
  const [stock, setStock] = useState<Record<string, LiveStock>>({});
  const key = prefetch.join(',');
  useEffect(() => {
    if (key === '') return;
    const controller = new AbortController();
    listStock(key.split(','), controller.signal).then((found) => {
      if (!controller.signal.aborted && Object.keys(found).length > 0) setStock((current) => ({ ...current, ...found }));
    });
    return () => controller.abort();
  }, [key]);
  useEffect(() => {
    if (!selected) return;
    const controller = new AbortController();
    checkStock(selected, controller.signal).then((item) => {
      if (!controller.signal.aborted && item) setStock((current) => ({ ...current, [selected]: item }));
    });
    return () => controller.abort();
  }, [selected]);
  return stock;
}
