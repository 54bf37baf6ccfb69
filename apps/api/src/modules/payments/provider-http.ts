import { CHECKOUT_MESSAGES } from '@shop/contracts';
import { HttpError } from '../../http/errors.ts';

/** How long the shop waits for a payment provider before telling the buyer (and never charging twice). */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** The buyer's text when a provider is down or too slow: nothing was charged, the cart is kept (the storefront says it in Italian). */
export const PROVIDER_UNAVAILABLE = CHECKOUT_MESSAGES.paymentProviderUnavailable;

/** A provider call failed for a reason the buyer cannot fix (down, slow, answered 5xx or nonsense). */
export class ProviderUnavailableError extends HttpError {
  constructor(provider: string, cause: unknown) {
    super(503, PROVIDER_UNAVAILABLE, { 'retry-after': '60' });
    this.cause = new Error(`${provider}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** Integer cents as the decimal string PayPal wants: 1999 → "19.99". */
export const decimalString = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** JSON over fetch with a base URL, a timeout, and the answer's status kept for the caller. */
export async function providerFetch(
  provider: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    throw new ProviderUnavailableError(provider, error);
  }
  const text = await response.text();
  if (response.status >= 500) throw new ProviderUnavailableError(provider, `HTTP ${response.status}`);
  try {
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  } catch (error) {
    throw new ProviderUnavailableError(provider, error);
  }
}
