/**
 * BROWSER: a quote offer's link (`/preventivo/<token>`, issue #45 point 6). The browser's cart is
 * synced first, then the API puts the offer's lines into it (or into the customer's cart, or a new
 * one) and the browser takes that server cart as it is: the prices are the server's, from the
 * offer. Nothing about money is sent from here.
 */
import type { QuoteOfferCart } from '@shop/contracts';
import { sessionCall } from '../account/session.ts';
import type { Answer } from './cart-api.ts';
import { getCartState, runCartAction } from './cart-store.ts';

export type QuoteOfferOutcome =
  | { kind: 'opened'; reference: string; validUntil: string; refused: string[] }
  | { kind: 'expired' | 'ordered' | 'notFound' | 'failed' };

/** What the API's answer means for the page: opened, or why not (410 lapsed, 409 ordered, 404 unknown). */
export function offerOutcome(answer: Answer<QuoteOfferCart>): QuoteOfferOutcome {
  if (answer.code === 200 && typeof answer.result === 'object') {
    const { reference, validUntil, refused } = answer.result;
    return { kind: 'opened', reference, validUntil, refused };
  }
  if (answer.code === 410) return { kind: 'expired' };
  if (answer.code === 409) return { kind: 'ordered' };
  if (answer.code === 404) return { kind: 'notFound' };
  return { kind: 'failed' };
}

/** Opens the offer into the shopper's cart; the cart store then holds the server's cart. */
export async function openQuoteOffer(token: string): Promise<QuoteOfferOutcome> {
  // The browser's own lines reach the server first: adopting the server cart replaces the local copy.
  await runCartAction((actions) => actions.load(), { quiet: true });
  const cartId = getCartState().token;
  const answer = await sessionCall<QuoteOfferCart>('POST', `/api/quote/offer/${encodeURIComponent(token)}/cart`, cartId ? { cartId } : {});
  const outcome = offerOutcome(answer);
  if (outcome.kind === 'opened' && typeof answer.result === 'object') {
    const { cartId: opened } = answer.result;
    await runCartAction((actions) => actions.adopt(opened));
  }
  return outcome;
}
