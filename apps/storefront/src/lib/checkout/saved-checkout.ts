/**
 * What the shopper typed at the checkout, kept in the browser across reloads (shopping.md §9
 * "checkout details … are kept in browser storage"), and the in-checkout rule of §4: the user
 * counts as in checkout if the last change was within 30 minutes. Passwords and the terms
 * checkbox are never stored. A draft belongs to whoever typed it (a guest, or one customer): it is
 * never applied to anyone else, and it goes when an order is placed and at sign-in and sign-out
 * (issue 42: a signed-in checkout showed the previous guest's details). Pure, except the storage
 * helpers at the end.
 */
import { emptyCheckoutForm, type CheckoutFormValues } from '@shop/contracts/checkout-rules';
import { CHECKOUT_STORAGE_KEY, forgetSavedCheckout } from './checkout-storage.ts';
/** shopping.md §4: 1,800,000 ms. */
export const CHECKOUT_IDLE_MS = 1_800_000;

export interface SavedCheckout {
  form: CheckoutFormValues;
  /** When the shopper last changed the form (ms). */
  modifiedAt: number;
  /** The client id of the order being placed: the same key for every resend until it succeeds. */
  orderId: string | null;
  /** Whose draft it is: the signed-in customer's id, null for a guest. */
  customerId: number | null;
}

/** The draft of the one who checks out now (a customer's id, null for a guest), or null: another's is never used. */
export function draftOf(saved: SavedCheckout | null, customerId: number | null): SavedCheckout | null {
  return saved && saved.customerId === customerId ? saved : null;
}

export function isInCheckout(modifiedAt: number | null | undefined, now: number): boolean {
  return typeof modifiedAt === 'number' && now - modifiedAt >= 0 && now - modifiedAt < CHECKOUT_IDLE_MS;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keeps only fields of the empty form, with the same types: stored data from an older shop cannot break the form. */
function merge<T extends Record<string, unknown>>(base: T, stored: unknown): T {
  if (!isRecord(stored)) return base;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(base)) {
    const candidate = stored[key];
    if (isRecord(value)) out[key] = merge(value, candidate);
    else if (candidate !== undefined && typeof candidate === typeof value) out[key] = candidate;
    else if (key === 'tipoAttivita' && (typeof candidate === 'number' || typeof candidate === 'string')) out[key] = candidate;
  }
  return out as T;
}

/** What is never kept: the passwords, and the terms, which are accepted anew for each order. */
const withoutSecrets = (form: CheckoutFormValues): CheckoutFormValues => ({
  ...form,
  personalDetails: { ...form.personalDetails, password: '', passwordConfirm: '' },
  acceptTerms: false,
});

export function parseSavedCheckout(raw: string | null): SavedCheckout | null {
  if (!raw) return null;
  try {
    const data = JSON.parse(raw) as unknown;
    if (!isRecord(data)) return null;
    return {
      form: withoutSecrets(merge(emptyCheckoutForm() as unknown as Record<string, unknown>, data['form']) as unknown as CheckoutFormValues),
      modifiedAt: typeof data['modifiedAt'] === 'number' ? data['modifiedAt'] : 0,
      orderId: typeof data['orderId'] === 'string' ? data['orderId'] : null,
      customerId: typeof data['customerId'] === 'number' ? data['customerId'] : null,
    };
  } catch {
    return null;
  }
}

export function serializeSavedCheckout(saved: SavedCheckout): string {
  return JSON.stringify({ ...saved, form: withoutSecrets(saved.form) });
}

/** BROWSER: the saved details, or null (none, unreadable, or storage unavailable). */
export function readSavedCheckout(): SavedCheckout | null {
  try {
    return parseSavedCheckout(window.localStorage.getItem(CHECKOUT_STORAGE_KEY));
  } catch {
    return null;
  }
}

/**
 * BROWSER: the details to resume with. An order attempt belongs to its checkout session (§4: 30
 * minutes since the last change): after that the details stay but the order id is dropped, so a
 * later visit places a new order instead of answering the old one.
 */
export function readCheckoutSession(now: number = Date.now()): SavedCheckout | null {
  const saved = readSavedCheckout();
  return saved && !isInCheckout(saved.modifiedAt, now) ? { ...saved, orderId: null } : saved;
}

/** BROWSER: saves the details (checkout-storage.ts forgets them); storage errors only lose the convenience. */
export function writeSavedCheckout(saved: SavedCheckout): void {
  try {
    window.localStorage.setItem(CHECKOUT_STORAGE_KEY, serializeSavedCheckout(saved));
  } catch {
    // quota or privacy mode
  }
}

/**
 * BROWSER: an order was placed: its draft goes (issue 42: a draft left behind is the next
 * shopper's on a shared computer; a signed-in customer starts again from the account).
 */
export const forgetPlacedOrder = forgetSavedCheckout;
