import { formatMessage, TOO_MANY_REQUESTS } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import it_ from '../../messages/it.json';
import { addressMessage } from '../components/account/address-book/address-book.ts';
import { checkoutMessage } from '../components/checkout/checkout-message.ts';
import { messageText } from './cart/messages.ts';

/**
 * The API's answer past the per-address write limit (issue 17) is English; wherever a write
 * fails (cart, checkout, account), the shopper reads it in Italian, with the wait.
 */
describe('the write limit answer', () => {
  const answer = formatMessage(TOO_MANY_REQUESTS, { seconds: 42 });
  const italian = 'Troppe richieste da questo indirizzo. Riprova tra 42 secondi.';

  it('reads in Italian in the cart, the checkout and the account pages', () => {
    expect(messageText({ text: answer }, { tooManyRequests: it_['cart.message.tooManyRequests'], somethingWrong: '?' })).toBe(italian);
    expect(checkoutMessage(answer, { 'msg.tooManyRequests': it_['checkout.message.tooManyRequests'], 'msg.somethingWentWrong': '?' })).toBe(italian);
    expect(addressMessage(answer, { 'msg.tooManyRequests': it_['account.message.tooManyRequests'], 'msg.somethingWentWrong': '?' })).toBe(italian);
  });
});
