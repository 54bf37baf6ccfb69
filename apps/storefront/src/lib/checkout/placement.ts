/**
 * Placing an order from the checkout form (shopping.md §4 "Order", §8): the VSF1 payload of
 * `POST /api/order`, and what its answer means for the page. Pure.
 */
import { CHECKOUT_MESSAGES, formPathOf, toOrderAddresses, type CheckoutFormValues } from '@shop/contracts/checkout-rules';

export interface OrderPayload {
  cart_id: string;
  order_id: string;
  transmited: boolean;
  products: [];
  email: string;
  create_account: boolean;
  /** The new account's password (with `create_account`): the account is made with it and the buyer signed in. */
  password?: string;
  expected_grand_total: number;
  addressInformation: ReturnType<typeof toOrderAddresses> & {
    shipping_method_code: string;
    shipping_carrier_code: string;
    payment_method_code: string;
    /** What the buyer chose with the method: the instalment plan. */
    payment_method_additional?: { installments_count: number };
  };
}

/**
 * The same form, cart and reviewed total give the same payload: a resend under the same order id
 * must carry the very body the key was first used with (the server answers 409 to another body).
 * So no `created_at` (optional in VSF1): the order's time is the server's.
 */
export function orderPayload(form: CheckoutFormValues, cartToken: string, orderId: string, reviewedTotal: number, installments: number | null = null): OrderPayload {
  return {
    cart_id: cartToken,
    order_id: orderId,
    transmited: false,
    // The server orders its own cart; the lines are not sent.
    products: [],
    email: form.personalDetails.emailAddress.trim(),
    create_account: form.personalDetails.createAccount,
    ...(form.personalDetails.createAccount && form.personalDetails.password ? { password: form.personalDetails.password } : {}),
    expected_grand_total: reviewedTotal,
    addressInformation: {
      ...toOrderAddresses(form),
      shipping_method_code: form.shippingDetails.shippingMethod,
      shipping_carrier_code: form.shippingDetails.shippingCarrier,
      payment_method_code: form.paymentDetails.paymentMethod,
      ...(installments !== null ? { payment_method_additional: { installments_count: installments } } : {}),
    },
  };
}

export type Placement =
  /** `redirectUrl`: an online method, paid at the provider's page; `session`: the account made with the order signs the buyer in. */
  | { kind: 'placed'; incrementId: string; accessKey: string; redirectUrl?: string; session?: { token: string; refreshToken: string } }
  /** Field problems the server found, on the form's paths (the same texts as the browser's). */
  | { kind: 'fields'; errors: Record<string, string> }
  /** The totals changed, stock ran out…: the text to show; `reload` when totals must be fetched again. */
  | { kind: 'refused'; text: string; reload: boolean }
  /** The shop could not be reached or failed: try again with the same order id. */
  | { kind: 'failed' };

const INVALID_BODY = 'Invalid request body: ';

/** The order's method codes and the form fields that choose them. */
const METHOD_FIELDS: Readonly<Record<string, string>> = {
  shipping_method_code: 'shippingDetails.shippingMethod',
  shipping_carrier_code: 'shippingDetails.shippingMethod',
  payment_method_code: 'paymentDetails.paymentMethod',
};

/** The field problems of a 400 "Invalid request body: a.b: message; c: message". */
function fieldErrors(text: string, sameAsShipping: boolean): Record<string, string> | null {
  if (!text.startsWith(INVALID_BODY)) return null;
  const errors: Record<string, string> = {};
  for (const part of text.slice(INVALID_BODY.length).replace(/ \(and \d+ more\)$/, '').split('; ')) {
    const at = part.indexOf(': ');
    if (at < 0) continue;
    const path = part.slice(0, at).split('.');
    // The new account's password is refused by the registration rules (the server's text).
    if (path[0] === 'password') errors['personalDetails.password'] ??= part.slice(at + 2);
    if (path[0] !== 'addressInformation') continue;
    const formPath = METHOD_FIELDS[path[1] ?? ''] ?? formPathOf(path.slice(1), sameAsShipping).join('.');
    errors[formPath] ??= part.slice(at + 2);
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

export function placementOutcome(answer: { code: number; result: unknown }, sameAsShipping: boolean): Placement {
  if (answer.code === 200 && typeof answer.result === 'object' && answer.result !== null) {
    const { incrementId, accessKey, redirectUrl, token, refreshToken } = answer.result as { incrementId: string; accessKey: string; redirectUrl?: string; token?: string; refreshToken?: string };
    return { kind: 'placed', incrementId, accessKey, ...(redirectUrl ? { redirectUrl } : {}), ...(token && refreshToken ? { session: { token, refreshToken } } : {}) };
  }
  const text = typeof answer.result === 'string' ? answer.result : '';
  // A payment provider is down: the order was undone and the cart kept; resending cannot help now.
  if (answer.code === 503 && text === CHECKOUT_MESSAGES.paymentProviderUnavailable) return { kind: 'refused', text, reload: false };
  if (answer.code === 0 || answer.code >= 500 || answer.code === 429) return { kind: 'failed' };
  if (answer.code === 400) {
    const errors = fieldErrors(text, sameAsShipping);
    if (errors) return { kind: 'fields', errors };
  }
  const priceChanged = text.startsWith(CHECKOUT_MESSAGES.priceChanged.slice(0, CHECKOUT_MESSAGES.priceChanged.indexOf('{')));
  return { kind: 'refused', text: text || CHECKOUT_MESSAGES.orderNotSuccessful, reload: answer.code === 409 || priceChanged };
}
