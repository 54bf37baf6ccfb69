/**
 * BROWSER: the shipping and payment methods the shop last offered this browser's checkout, kept
 * so that a checkout opened offline (from the service worker's app shell, ADR 0020) can still
 * take an order paid outside the shop (bank transfer, cash) and queue it. Shop configuration
 * only: nothing about the buyer. Pure parse beside two storage helpers.
 */
import type { PaymentMethod, ShippingMethod } from '@shop/contracts';

export const CHECKOUT_METHODS_KEY = 'shop/checkout-methods/v1';

export interface OfferedMethods {
  shipping: ShippingMethod[] | null;
  payment: PaymentMethod[] | null;
}

const NONE: OfferedMethods = { shipping: null, payment: null };

const listOf = <T>(value: unknown, valid: (entry: Record<string, unknown>) => boolean): T[] | null =>
  Array.isArray(value) && value.every((entry) => typeof entry === 'object' && entry !== null && valid(entry as Record<string, unknown>)) ? (value as T[]) : null;

export function parseOfferedMethods(raw: string | null): OfferedMethods {
  if (!raw) return NONE;
  try {
    const data = JSON.parse(raw) as Record<string, unknown>;
    return {
      shipping: listOf<ShippingMethod>(data['shipping'], (m) => typeof m['carrier_code'] === 'string' && typeof m['method_code'] === 'string'),
      payment: listOf<PaymentMethod>(data['payment'], (m) => typeof m['code'] === 'string' && typeof m['offline'] === 'boolean'),
    };
  } catch {
    return NONE;
  }
}

export function readOfferedMethods(): OfferedMethods {
  try {
    return parseOfferedMethods(localStorage.getItem(CHECKOUT_METHODS_KEY));
  } catch {
    return NONE;
  }
}

/** Keeps what the shop answered last (one kind at a time; the other stays). */
export function rememberOfferedMethods(update: Partial<OfferedMethods>): void {
  try {
    localStorage.setItem(CHECKOUT_METHODS_KEY, JSON.stringify({ ...readOfferedMethods(), ...update }));
  } catch {
    // No storage: the checkout needs the network to offer methods.
  }
}
