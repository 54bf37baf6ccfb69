'use client';

import { createContext, useContext, useSyncExternalStore } from 'react';
import { getCartState, getNotifications, getServerCartState, getServerNotifications, subscribeCart, subscribeNotifications } from '@/lib/cart/cart-store.ts';
import type { Notification } from '@/lib/cart/notifications.ts';
import type { CartState } from '@/lib/cart/types.ts';
import type { CartTexts } from './cart-texts.ts';

/** The cart of this browser, kept in step with localStorage and other tabs. */
export function useCart(): CartState {
  return useSyncExternalStore(subscribeCart, getCartState, getServerCartState);
}

export function useNotifications(): readonly Notification[] {
  return useSyncExternalStore(subscribeNotifications, getNotifications, getServerNotifications);
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser is online (coupon entry is online only, shopping.md §2). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
}

const subscribeNever = () => () => {};

/** False on the server and while hydrating: the cart lives in the browser only. */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNever, () => true, () => false);
}

/** The cart texts of the components below a provider (the header's shell, the cart page). */
export const CartTextsContext = createContext<CartTexts | null>(null);

export function useCartTexts(): CartTexts {
  const texts = useContext(CartTextsContext);
  if (!texts) throw new Error('Cart texts are missing: render cart components inside CartTextsContext');
  return texts;
}
