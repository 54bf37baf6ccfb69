/**
 * Where saved-checkout.ts keeps the shopper's checkout details, and forgetting them: apart from
 * its form rules (VAT numbers, provinces) so that what every page loads for the end of a session
 * (account/lifecycle.ts) does not carry them.
 */
export const CHECKOUT_STORAGE_KEY = 'shop/checkout/v1';

/** BROWSER: forgets the saved checkout details; storage errors change nothing. */
export function forgetSavedCheckout(): void {
  try {
    window.localStorage.removeItem(CHECKOUT_STORAGE_KEY);
  } catch {
    // privacy mode
  }
}
