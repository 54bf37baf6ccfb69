import { CART_MESSAGES } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { t } from '../../i18n/index.ts';
import { messageFromText, messageText } from './messages.ts';

describe('cart messages', () => {
  it('turns known texts into catalogue keys with their parameters', () => {
    expect(messageFromText(CART_MESSAGES.couponInvalid)).toEqual({ key: 'couponInvalid' });
    expect(messageFromText('Quantity must be below 5')).toEqual({ key: 'qtyBelow', params: { quantity: '5' } });
    expect(messageFromText('No item 3 in this cart')).toEqual({ text: 'No item 3 in this cart' });
  });

  it('never shows an unknown server text: the catalogue says something went wrong', () => {
    const texts = { somethingWrong: 'Qualcosa è andato storto.', cartFull: 'Il carrello può contenere al massimo {max} righe.' };
    expect(messageText({ text: 'No item 3 in this cart' }, texts)).toBe('Qualcosa è andato storto.');
    expect(messageText({ text: 'A cart holds at most 100 lines' }, texts)).toBe('Il carrello può contenere al massimo 100 righe.');
  });

  it('reads messages in the shop language, unknown texts as they came without a catalogue fallback', () => {
    const texts = { qtyBelow: 'La quantità non può superare {quantity}', feeAdded: '«{title}» aggiunto' };
    expect(messageText({ text: 'Quantity must be below 5' }, texts)).toBe('La quantità non può superare 5');
    expect(messageText({ key: 'feeAdded', params: { title: 'Sponda' } }, texts)).toBe('«Sponda» aggiunto');
    expect(messageText({ text: 'Server down' }, texts)).toBe('Server down');
  });

  it('says the largest quantity that can be had when the API refuses one over stock (issue 43)', () => {
    // The API answers the spec's text with N the largest accepted quantity (5 of 5 in stock).
    expect(messageText({ text: 'Quantity must be below 5' }, { qtyBelow: t('cart.validation.quantityMax') })).toBe('Quantità massima disponibile: 5');
  });

  it('reads the coupon throttle answer of the API in Italian', () => {
    const texts = { couponThrottled: 'Troppi codici sconto errati. Riprova tra {minutes} minuti.' };
    expect(messageText({ text: 'Too many incorrect coupon codes. Please try again in 7 minutes.' }, texts)).toBe(
      'Troppi codici sconto errati. Riprova tra 7 minuti.',
    );
  });

  it('reads the cart-creation throttle answer of the API in Italian', () => {
    const texts = { cartCreateThrottled: 'Troppi carrelli nuovi da questo indirizzo. Riprova tra {minutes} minuti.' };
    expect(messageText({ text: 'Too many new carts from this address. Please try again in 4 minutes.' }, texts)).toBe(
      'Troppi carrelli nuovi da questo indirizzo. Riprova tra 4 minuti.',
    );
  });
});
