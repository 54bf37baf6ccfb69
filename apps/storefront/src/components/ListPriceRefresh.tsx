'use client';

import { useEffect, useRef } from 'react';
import { formatPrice, toCents } from '@shop/domain';
import { renderList } from './product/browser-api.ts';
import { PRICES_AFTER_SYNC } from './product/events.ts';

/** Removes a struck-through price and the hidden "was/now" words around it. */
function dropOldPrice(old: Element): void {
  for (const sibling of [old.previousElementSibling, old.nextElementSibling]) {
    if (sibling?.classList.contains('visually-hidden')) sibling.remove();
  }
  old.remove();
}

/**
 * Shows `cents` in a price the server rendered, unless it already shows them: in the usual case,
 * a cached page whose prices have not changed, the browser formats nothing (its first
 * Intl.NumberFormat loads the locale's data, a 30–40 ms task on a desktop CPU).
 */
function showPrice(value: Element | null, cents: number): void {
  if (!(value instanceof HTMLElement) || value.dataset.cents === String(cents)) return;
  value.textContent = formatPrice(cents);
  value.dataset.cents = String(cents);
}

/**
 * Brings the prices of a cached product list up to date after hydration (catalogue.md §4/§7
 * "render-list", then the `prices-after-sync` event): the tiles in the element around it that
 * carry `data-sku` get the current net and gross prices; a special price that has ended loses
 * its struck-through original. On any failure the list keeps the prices it was rendered with.
 */
export function ListPriceRefresh() {
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const list = marker.current?.parentElement;
    if (!list) return;
    const tiles = new Map(Array.from(list.querySelectorAll<HTMLElement>('[data-sku]'), (tile) => [tile.dataset.sku ?? '', tile]));
    tiles.delete('');
    if (tiles.size === 0) return;
    const controller = new AbortController();
    const skus = [...tiles.keys()];
    void renderList(skus, controller.signal).then((items) => {
      if (controller.signal.aborted) return;
      for (const item of items) {
        const tile = tiles.get(item.sku);
        const gross = item.price_info;
        const net = gross.extension_attributes?.tax_adjustments;
        if (!tile || !net) continue;
        showPrice(tile.querySelector('.price__line--net .price__value'), toCents(net.final_price));
        showPrice(tile.querySelector('.price__line--gross .price__value'), toCents(gross.final_price));
        if (gross.final_price >= gross.regular_price) tile.querySelectorAll('.price__old').forEach(dropOldPrice);
      }
      window.dispatchEvent(new CustomEvent(PRICES_AFTER_SYNC, { detail: { skus, items } }));
    });
    return () => controller.abort();
  }, []);
  return <span ref={marker} hidden />;
}
