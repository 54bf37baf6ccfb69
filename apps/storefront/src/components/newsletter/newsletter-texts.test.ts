import { NEWSLETTER_MESSAGES } from '@shop/contracts/newsletter';
import { describe, expect, it } from 'vitest';
import { newsletterMessage } from './newsletter-message.ts';
import { newsletterTexts, popupTexts } from './newsletter-texts.ts';

describe('newsletter texts', () => {
  const texts = newsletterTexts();

  it("shows the API's answers in Italian, with their numbers", () => {
    expect(newsletterMessage(NEWSLETTER_MESSAGES.confirmInvalid, texts)).toBe('Il link di conferma non è valido o è scaduto: iscriviti di nuovo per riceverne uno nuovo.');
    expect(newsletterMessage('Too many newsletter requests. Please try again in 12 minutes.', texts)).toBe('Troppe richieste per la newsletter. Riprova tra 12 minuti.');
    expect(newsletterMessage('', texts)).toBe('Qualcosa è andato storto. Riprova tra qualche secondo.');
  });

  it('gives the popup only what it shows', () => {
    const popup = popupTexts();
    expect(popup['popup.title']).toBe('Iscriviti alla newsletter: 10 % di sconto');
    expect(popup['message.invalidEmail']).toBe('Inserisci un indirizzo e-mail valido.');
    expect(popup['confirm.title']).toBeUndefined();
  });
});
