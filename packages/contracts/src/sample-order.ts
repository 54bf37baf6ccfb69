import type { OrderViewInput } from './order-view.ts';

/* Example data for tests and mail previews: an Italian company buyer and its order. */

/** A valid Italian address in the VSF1 order shape. */
export const sampleAddress = {
  firstname: 'Mario',
  lastname: 'Rossi',
  street: ['Via Roma', '12'],
  city: 'Milano',
  postcode: '20121',
  region: 'Milano',
  region_code: 'MI',
  country_id: 'IT',
  telephone: '333 123 4567',
  email: 'mario.rossi@example.it',
};

/** The billing address of a company buyer with its P.IVA, fiscal code and SDI code (Magento's attribute list). */
export const sampleCompanyBilling = {
  ...sampleAddress,
  company: 'Trattoria da Mario srl',
  vat_id: '00743110157',
  custom_attributes: [
    { attribute_code: 'is_company', value: '1' },
    { attribute_code: 'fiscal_code', value: '00743110157' },
    { attribute_code: 'sdi_code', value: 'M5UXCR1' },
  ],
};

/** An order paid by bank transfer, as the order service answers it (mail tests and previews). */
export function sampleOrder(overrides: Partial<OrderViewInput> = {}): OrderViewInput {
  return {
    incrementId: '000000042',
    status: 'pending_payment',
    createdAt: '2026-11-25T10:30:00.000Z',
    email: 'mario.rossi@example.it',
    isGuest: true,
    accountRequested: false,
    buyer: {
      isCompany: true,
      company: 'Trattoria da Mario srl',
      activityType: 8492,
      fiscalCode: '00743110157',
      vatId: '00743110157',
      sdiCode: 'M5UXCR1',
    },
    shippingAddress: { ...sampleAddress, extension_attributes: { tipo_attivita: 8492 } },
    billingAddress: sampleCompanyBilling,
    shippingMethod: { carrierCode: 'flatrate', methodCode: 'flatrate', title: 'Corriere espresso (2-3 giorni)' },
    payment: {
      method: 'banktransfer',
      title: 'Bonifico bancario',
      fatturapaCode: 'MP05',
      status: 'pending',
      instructions: {
        iban: 'IT60X0542811101000000123456',
        beneficiary: 'Bottega Pro srl',
        bank: 'Banca Esempio, filiale di Milano',
        reference: 'Ordine 000000042',
        amount: 1534.49,
      },
    },
    items: [
      { sku: 'FRY-8L', name: 'Friggitrice elettrica 8 litri', qty: 2, price: 610, rowTotal: 1220, taxPercent: 22, options: ['Tensione: 230 V'] },
      { sku: 'KNF-20', name: 'Coltello da chef 20 cm', qty: 5, price: 58.56, rowTotal: 292.8, taxPercent: 22, options: [] },
    ],
    fees: [{ title: 'Consegna con sponda idraulica', amount: 15.25 }],
    totalSegments: [
      { code: 'subtotal', title: 'Subtotale', value: 1240 },
      { code: 'shipping', title: 'Spedizione', value: 5.49 },
      { code: 'shipping_fee', title: 'Servizi di spedizione', value: 12.5 },
      { code: 'discount', title: 'Sconto (PRIMI100)', value: -10 },
      { code: 'surcharge', title: 'Supplemento', value: 0 },
      { code: 'tax', title: 'IVA', value: 286.5 },
      { code: 'grand_total', title: 'Totale', value: 1534.49 },
    ],
    grandTotal: 1534.49,
    currency: 'EUR',
    ...overrides,
  };
}
