'use client';

/**
 * The GA4 islands of the pages: each sends its event once the shopper has allowed analytics —
 * at once, or later on the same page when they accept in the banner. Without consent they do
 * nothing.
 */
import { useEffect, useEffectEvent, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { pricedItem, selectItem, valueEvent, viewItemList, type ItemList, type TrackedItem } from '@/lib/analytics/ga4.ts';
import { rememberItems, track } from '@/lib/analytics/track.ts';
import { consentSnapshot, readConsent, serverConsentSnapshot, subscribeConsent } from '@/lib/consent/consent-store.ts';
import type { TileData } from '../ProductTileView.tsx';

/** Whether analytics is allowed, as React state. */
export function useAnalyticsAllowed(): boolean {
  const raw = useSyncExternalStore(subscribeConsent, consentSnapshot, serverConsentSnapshot);
  return readConsent(raw)?.analytics === true;
}

/** Runs `send` once per `key` (null: not yet) while analytics is allowed. */
export function useTrackOnce(key: string | null, send: () => void): void {
  const allowed = useAnalyticsAllowed();
  const sendNow = useEffectEvent(send);
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (!allowed || key === null || sentFor.current === key) return;
    sentFor.current = key;
    sendNow();
  }, [allowed, key]);
}

/**
 * A product list: `view_item_list` when shown, `select_item` when a tile (`[data-sku]`) is clicked.
 * It reads the grid's own tile data (the same array, so the page's payload carries it once) and
 * the list's category trail once for all its items.
 */
export function TrackList({ list, categories, tiles, children }: { list: ItemList; categories: readonly string[]; tiles: readonly Pick<TileData, 'sku' | 'name' | 'price'>[]; children: ReactNode }) {
  const items = useMemo(() => tiles.map((tile) => pricedItem(tile, categories)), [tiles, categories]);
  useTrackOnce(`${list.id}:${items.map((item) => item.sku).join(',')}`, () => {
    rememberItems(items);
    track(viewItemList(list, items));
  });
  // One listener for the whole list (a click by mouse or Enter on a tile's link), not one per tile.
  const box = useRef<HTMLDivElement>(null);
  const onClick = useEffectEvent((event: MouseEvent) => {
    const sku = (event.target as Element | null)?.closest?.('a')?.closest('[data-sku]')?.getAttribute('data-sku');
    const index = items.findIndex((item) => item.sku === sku);
    if (index >= 0) track(selectItem(list, items[index]!, index));
  });
  useEffect(() => {
    const element = box.current;
    const listener = (event: MouseEvent) => onClick(event);
    element?.addEventListener('click', listener);
    return () => element?.removeEventListener('click', listener);
  }, []);
  return <div ref={box}>{children}</div>;
}

/** A product page: `view_item`. */
export function TrackItemView({ item }: { item: TrackedItem }) {
  useTrackOnce(item.sku, () => {
    rememberItems([item]);
    track(valueEvent('view_item', [item]));
  });
  return null;
}
