/**
 * BROWSER: what signing in and out does beyond the session (shopping.md §4): sign-in authorizes
 * the cart (the guest's lines merged into the customer's cart); the end of a session — logout, or
 * a refresh the server refused — forgets the cart locally, the wishlist, the compare list and the
 * saved checkout details and the customer's other traces (customer-traces.ts), and an expired
 * session asks for the sign-in modal. Sign-in forgets the checkout draft too: a guest's draft is
 * never a customer's (issue 42). Sign-in also merges
 * this device's wishlist into the customer's (ADR 0021). Imported by whatever can start or end a
 * session (the account link, the account pages, the cart engine).
 */
import { setUiFlag } from '@/components/ui/ui-store.ts';
import { login, signUp } from '../analytics/ga4.ts';
import { track } from '../analytics/track.ts';
import { forgetSavedCheckout } from '../checkout/checkout-storage.ts';
import { runCartAction } from '../cart/cart-store.ts';
import { saveCompareList } from '../compare/compare-storage.ts';
import { forgetWishlist, mergeWishlistAtSignIn } from '../wishlist/wishlist-store.ts';
import { forgetCustomerTraces } from './customer-traces.ts';
import { onSessionEnd, signIn, signOut } from './session.ts';

let registered = false;

function clearOnSessionEnd(): void {
  if (registered || typeof window === 'undefined') return;
  registered = true;
  onSessionEnd((reason) => {
    void runCartAction((cart) => cart.forget(), { quiet: true });
    saveCompareList([]);
    forgetWishlist();
    forgetSavedCheckout();
    void forgetCustomerTraces();
    if (reason === 'expired') openAuthModal('login');
  });
}
clearOnSessionEnd();

/** Opens the sign-in modal on one of its forms (the `authElem` flag of §2). */
export function openAuthModal(form: 'login' | 'register' | 'forgot-pass'): void {
  setUiFlag('authElem', form);
  setUiFlag('openMyAccount', true);
}

export function closeAuthModal(): void {
  setUiFlag('openMyAccount', false);
}

/**
 * Signs in and brings the cart along; the server's message when it refuses. `sign_up` when the
 * account was just created (the GA4 event, after consent only).
 */
export async function signInWithCart(email: string, password: string, event: 'login' | 'sign_up' = 'login', altcha?: string): Promise<string | null> {
  const refused = await signInCart(email, password, altcha);
  if (refused === null) track(event === 'sign_up' ? signUp() : login());
  return refused;
}

async function signInCart(email: string, password: string, altcha?: string): Promise<string | null> {
  let refused: string | null | undefined;
  await runCartAction((cart) =>
    cart.authorize(async () => {
      refused = await signIn(email, password, altcha);
      return refused === null;
    }),
  );
  // The cart's code could not load (it said so): the customer is signed in all the same.
  const result = refused === undefined ? await signIn(email, password, altcha) : refused;
  if (result === null) {
    forgetSavedCheckout();
    await mergeWishlistAtSignIn();
  }
  return result;
}

/** The customer's logout: the session ends and §4's list is cleared (through onSessionEnd). */
export function logOut(): Promise<void> {
  return signOut();
}
