'use client';

import { useSyncExternalStore } from 'react';
import { getServerWishlist, getWishlist, subscribeWishlist } from '@/lib/wishlist/wishlist-store.ts';

/** The wishlist (SKUs), kept in step with this tab's changes and other tabs'. */
export function useWishlist(): readonly string[] {
  return useSyncExternalStore(subscribeWishlist, getWishlist, getServerWishlist);
}
