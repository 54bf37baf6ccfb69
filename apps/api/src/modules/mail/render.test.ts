import { orderView } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { renderMail, renderStoredMail, type MailTemplate } from './render.ts';
import { sampleOrder } from '@shop/contracts/sample-order';

/** Intl may write no-break spaces; tests read plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('order confirmation mail', () => {
  const order = orderView.parse(sampleOrder());
  const mail = renderMail('order-confirmation', order, 'Bottega Pro');

  it('has an Italian subject with the order number', () => {
    expect(mail.subject).toBe("Bottega Pro: conferma dell'ordine n. 000000042");
  });

  it('text version lists items, non-zero totals, fees and the date in Italian', () => {
    const text = plain(mail.text);
    expect(text).toContain('2 x Friggitrice elettrica 8 litri (cod. FRY-8L) - €500,00 cad. = €1000,00 (IVA esclusa)');
    expect(text).toContain('Tensione: 230 V');
    expect(text).toContain('Subtotale: €1240,00');
    expect(text).toContain('Spedizione: €5,49');
    expect(text).toContain('Sconto (PRIMI100): -€10,00');
    expect(text).toContain('Totale: €1534,49');
    expect(text).not.toContain('Supplemento'); // zero segment left out
    expect(text).toContain('Consegna con sponda idraulica');
    expect(text).not.toContain('€15,25'); // issue 42: a fee's amount is its totals line, not a second figure
    expect(text).toContain('25 novembre 2026');
    expect(text).toContain('Metodo di pagamento: Bonifico bancario');
  });

  it('text version gives the bank transfer details and the invoicing data', () => {
    const text = plain(mail.text);
    expect(text).toContain('Beneficiario: Bottega Pro srl');
    expect(text).toContain('IBAN: IT60X0542811101000000123456');
    expect(text).toContain('Banca: Banca Esempio, filiale di Milano');
    expect(text).toContain('Causale: Ordine 000000042');
    expect(text).toContain('Importo: €1534,49');
    expect(text).toContain('Partita IVA: 00743110157');
    expect(text).toContain('Codice SDI: M5UXCR1');
    expect(text).toContain('Via Roma, 12\n20121 Milano (MI)\nItalia');
  });

  it('HTML version carries the same facts, escaped', () => {
    const html = plain(mail.html);
    expect(html.startsWith('<!DOCTYPE html><html lang="it">')).toBe(true);
    for (const fact of ['000000042', 'IT60X0542811101000000123456', '€1534,49', 'Friggitrice elettrica 8 litri', 'Trattoria da Mario srl']) {
      expect(html).toContain(fact);
    }
    const hostile = orderView.parse(sampleOrder({ items: [{ sku: 'X', name: '<img src=x onerror=alert(1)>', qty: 1, price: 1, rowTotal: 1, taxPercent: 22, options: [] }] }));
    expect(renderMail('order-confirmation', hostile, 'Bottega Pro').html).not.toContain('<img src=x');
  });

  it('cash on delivery: no bank details, pay the courier', () => {
    const cod = orderView.parse(
      sampleOrder({ payment: { method: 'cashondelivery', title: 'Contrassegno', fatturapaCode: 'MP01', status: 'pending' } }),
    );
    const text = plain(renderMail('order-confirmation', cod, 'Bottega Pro').text);
    expect(text).not.toContain('IBAN');
    expect(text).toContain('Pagherai €1534,49 in contanti al corriere alla consegna.');
  });
});

describe('payment received mail', () => {
  it('confirms the amount and drops the bank instructions', () => {
    const paid = orderView.parse(sampleOrder({ status: 'processing' }));
    paid.payment.status = 'paid';
    const mail = renderMail('payment-received', paid, 'Bottega Pro');
    expect(mail.subject).toBe("Bottega Pro: pagamento ricevuto per l'ordine n. 000000042");
    const text = plain(mail.text);
    expect(text).toContain('abbiamo ricevuto il pagamento di €1534,49 (Bonifico bancario)');
    expect(text).toContain('Totale: €1534,49');
    expect(text).not.toContain('IBAN');
    expect(plain(mail.html)).toContain('€1534,49');
  });
});

describe('the seller at the foot of every mail (issue #42 point 11)', () => {
  const seller = { name: 'Cucine Rossi srl', vatId: '00743110157', fiscalCode: '00743110157', address: 'Via Torino 5, 10121 Torino (TO)', rea: 'TO-1234567', phone: '+39 011 1234567', email: 'info@cucinerossi.example', pec: 'cucinerossi@pec.example.it' };
  const payloads = {
    'order-confirmation': { order: sampleOrder() },
    'payment-received': { order: sampleOrder() },
    'password-reset': { reset: { link: 'http://localhost:3000/reset-password?token=x', firstname: 'Anna' } },
    'newsletter-confirm': { newsletter: { kind: 'confirm', link: 'http://localhost:3000/newsletter?token=x' } },
    'quote-request': { quote: { for: 'buyer', reference: 'PRV-000001', date: '1/3/2026 10:00', source: 'cart', contact: { name: 'A', company: '', email: 'a@example.it', phone: '' }, items: [], message: '' } },
    'quote-offer': { offer: { reference: 'PRV-000001', name: 'A', lines: [], subtotalCents: 0, taxCents: 0, totalCents: 0, validUntil: '9 dicembre 2026 alle ore 11:42', message: '', link: 'http://localhost:3000/preventivo/x' } },
    'contact-message': { contact: { for: 'seller', reference: 'CNT-1', date: '1/3/2026 10:00', contact: { name: 'A', company: '', email: 'a@example.it', phone: '' }, subject: 'Ciao', message: 'Un messaggio', signedIn: false } },
  } as const;

  for (const [template, payload] of Object.entries(payloads)) {
    it(`${template}: name, address, partita IVA, REA, phone, e-mail and PEC in the HTML and the text`, () => {
      const mail = renderStoredMail(template as MailTemplate, payload as never, 'Bottega Pro', seller);
      for (const part of [mail.html, mail.text]) {
        expect(part).toContain('Cucine Rossi srl · Via Torino 5, 10121 Torino (TO)');
        expect(part).toContain('P. IVA 00743110157 · REA TO-1234567');
        expect(part).toContain('Tel. +39 011 1234567 · E-mail info@cucinerossi.example · PEC cucinerossi@pec.example.it');
      }
    });
  }
});
