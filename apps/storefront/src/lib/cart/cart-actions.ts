/**
 * BROWSER: the cart engine working on the page's cart store. Imported dynamically (see
 * runCartAction in cart-store.ts) except by the cart page, which needs it at once.
 */
import { currentCustomer, sessionCall } from '../account/session.ts';
import { trackCartChange } from '../analytics/shop-events.ts';
import { cartApiOver } from './cart-api.ts';
import { createCartEngine, type CartEngine } from './cart-engine.ts';
import { getCartState, notify, setCartState } from './cart-store.ts';

let engine: CartEngine | null = null;

/** The cart's operations (add, setQty, remove, coupon, fees…), created on first use. */
export function cartActions(): CartEngine {
  engine ??= createCartEngine({
    api: cartApiOver(sessionCall, () => currentCustomer() === null),
    get: getCartState,
    set: setCartState,
    notify,
    now: () => Date.now(),
    online: () => navigator.onLine,
    inCheckout: () => false,
    log: (message) => console.warn(message),
    track: trackCartChange,
  });
  return engine;
}
