import type { AdminQuote } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { bodyOf, formOf } from './quote-form.ts';

const quote = (over: Partial<AdminQuote> = {}): AdminQuote => ({
  id: 7,
  reference: 'PRV-000007',
  createdAt: '2026-11-01T10:00:00Z',
  source: 'cart',
  email: 'lucia@example.it',
  contact: { name: 'Lucia Ferri', company: 'Trattoria Ferri', phone: '' },
  customerId: null,
  message: '',
  status: 'new',
  lines: [
    { sku: 'TAVOLO', name: 'Tavolo inox', qty: 12, catalogueUnitNetCents: 42_000, taxPercent: 22, unavailable: null, quotedUnitNetCents: null },
    { sku: 'GUANTI', name: 'Guanti', qty: 500, catalogueUnitNetCents: null, taxPercent: null, unavailable: 'No product', quotedUnitNetCents: null },
  ],
  offer: null,
  ...over,
});

describe('the offer form', () => {
  it('starts from the catalogue price, or the offer sent, and 14 days', () => {
    expect(formOf(quote())).toEqual({ prices: { TAVOLO: '420,00', GUANTI: '' }, validDays: '14', message: '' });
    const answered = quote({
      lines: quote().lines.map((line) => ({ ...line, quotedUnitNetCents: line.sku === 'TAVOLO' ? 38_000 : 950 })),
      offer: { sentAt: '', sentBy: '', validDays: 30, validUntil: '', message: 'Grazie', openedAt: null, expired: false, orders: [] },
    });
    expect(formOf(answered)).toEqual({ prices: { TAVOLO: '380,00', GUANTI: '9,50' }, validDays: '30', message: 'Grazie' });
  });

  it('sends cents per sku, the days and the message; names the product whose price is not an amount, and bad days', () => {
    expect(bodyOf({ prices: { TAVOLO: '1.234,5', GUANTI: '0' }, validDays: ' 7 ', message: ' Ciao ' }, quote())).toEqual({
      lines: [
        { sku: 'TAVOLO', unitPriceCents: 123_450 },
        { sku: 'GUANTI', unitPriceCents: 0 },
      ],
      validDays: 7,
      message: 'Ciao',
    });
    expect(() => bodyOf({ prices: { TAVOLO: '380', GUANTI: '' }, validDays: '14', message: '' }, quote())).toThrow('Prezzo offerto per Guanti (GUANTI): scrivi un importo come 380 oppure 9,50.');
    expect(() => bodyOf({ prices: { TAVOLO: '-1', GUANTI: '1' }, validDays: '14', message: '' }, quote())).toThrow(/Tavolo inox/);
    for (const days of ['0', '91', 'due', '']) expect(() => bodyOf({ prices: { TAVOLO: '1', GUANTI: '1' }, validDays: days, message: '' }, quote()), days).toThrow('Validità: scrivi un numero di giorni da 1 a 90.');
  });
});
