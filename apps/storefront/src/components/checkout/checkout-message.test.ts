import { CHECKOUT_MESSAGES } from '@shop/contracts/checkout-rules';
import { describe, expect, it } from 'vitest';
import { checkoutMessage } from './checkout-message.ts';

const texts = {
  'msg.priceChanged': 'Il nuovo totale è {grandTotal}. Conferma di nuovo.',
  'msg.outOfStockAtPlacement': 'Non più disponibili: {skus}',
  'msg.somethingWentWrong': 'Qualcosa è andato storto.',
};

describe('checkoutMessage', () => {
  it('shows the new total of a price change as the shop writes prices', () => {
    const text = CHECKOUT_MESSAGES.priceChanged.replace('{grandTotal}', '123.40 EUR');
    expect(checkoutMessage(text, texts)).toBe('Il nuovo totale è €123,40. Conferma di nuovo.');
  });

  it('names the products that ran out as the server names them', () => {
    expect(checkoutMessage(CHECKOUT_MESSAGES.outOfStockAtPlacement.replace('{skus}', 'AB-1, CD-2'), texts)).toBe('Non più disponibili: AB-1, CD-2');
  });

  it('reads an unknown text as "something went wrong"', () => {
    expect(checkoutMessage('ECONNRESET', texts)).toBe('Qualcosa è andato storto.');
  });
});
