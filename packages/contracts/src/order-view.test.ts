import { describe, expect, it } from 'vitest';
import { orderView, type OrderViewInput } from './order-view.ts';

const address = {
  firstname: 'Mario',
  lastname: 'Rossi',
  street: ['Via Roma', '12'],
  city: 'Milano',
  postcode: '20121',
  region: 'Milano',
  region_code: 'MI',
  country_id: 'IT',
  telephone: '3331234567',
  email: 'mario.rossi@example.it',
};

const sampleOrderView: OrderViewInput = {
  incrementId: '000000001',
  status: 'pending_payment',
  createdAt: '2026-11-25T10:00:00.000Z',
  email: 'mario.rossi@example.it',
  isGuest: true,
  accountRequested: false,
  buyer: { isCompany: true, company: 'Trattoria srl', vatId: '00743110157', fiscalCode: '00743110157', sdiCode: 'M5UXCR1' },
  shippingAddress: address,
  billingAddress: { ...address, custom_attributes: [{ attribute_code: 'sdi_code', value: 'm5uxcr1' }] },
  shippingMethod: { carrierCode: 'flatrate', methodCode: 'flatrate', title: 'Corriere espresso' },
  payment: {
    method: 'banktransfer',
    title: 'Bonifico bancario',
    fatturapaCode: 'MP05',
    status: 'pending',
    instructions: { iban: 'IT60X0542811101000000123456', beneficiary: 'Bottega Pro srl', bank: 'Banca Esempio', reference: '000000001', amount: 128.1 },
  },
  items: [{ sku: 'KN-01', name: 'Coltello', qty: 2, price: 61.0, rowTotal: 122.0, taxPercent: 22, options: [] }],
  fees: [],
  totalSegments: [
    { code: 'subtotal', title: 'Subtotale', value: 100 },
    { code: 'grand_total', title: 'Totale', value: 128.1 },
  ],
  grandTotal: 128.1,
  currency: 'EUR',
};

describe('orderView', () => {
  it('parses an order and normalises its addresses', () => {
    const view = orderView.parse(sampleOrderView);
    expect(view.billingAddress.custom_attributes).toEqual({ sdi_code: 'M5UXCR1' });
    expect(view.shippingAddress.extension_attributes).toEqual({});
    expect(view.payment.instructions?.reference).toBe('000000001');
  });

  it('refuses unknown statuses and payment codes', () => {
    expect(orderView.safeParse({ ...sampleOrderView, status: 'shipped' }).success).toBe(false);
    expect(orderView.safeParse({ ...sampleOrderView, payment: { ...sampleOrderView.payment, fatturapaCode: 'MP99' } }).success).toBe(false);
  });
});
