/**
 * The API's answer past its per-address limit of writes (issue 17). A write can come from the
 * cart, the checkout or the account pages, so each of their message catalogues (CART_MESSAGES,
 * CHECKOUT_MESSAGES, ACCOUNT_MESSAGES) names this one text and the storefront shows it in the
 * shop language.
 */
export const TOO_MANY_REQUESTS = 'Too many requests from this address. Please try again in {seconds} seconds.';
