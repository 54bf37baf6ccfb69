import { describe, expect, it } from 'vitest';
import { emptyCheckoutForm, prefillCheckoutForm, toOrderAddresses, validateCheckoutForm, withSavedAddress, type SavedAddress } from './checkout-rules.ts';
import { sampleAddress } from './sample-order.ts';

const home: SavedAddress = { ...sampleAddress, id: 1, default_shipping: true };
const office: SavedAddress = {
  ...sampleAddress,
  id: 2,
  street: ['Corso Buenos Aires', '3'],
  company: 'Trattoria da Mario srl',
  vat_id: '00743110157',
  custom_attributes: { is_company: true, fiscal_code: '00743110157', sdi_code: 'M5UXCR1' },
  default_billing: true,
};
const customer = { firstname: 'Mario', lastname: 'Rossi', email: 'mario.rossi@example.it', addresses: [office, home] };

describe('checkout pre-fill from the address book', () => {
  it('ships to the default shipping address and invoices the default billing one, a valid form whose addresses are the saved ones', () => {
    const form = prefillCheckoutForm(emptyCheckoutForm(), customer);
    expect(form.personalDetails).toMatchObject({ firstName: 'Mario', lastName: 'Rossi', emailAddress: 'mario.rossi@example.it', isCompany: true, createAccount: false });
    expect(form.paymentDetails).toMatchObject({ sameAsShipping: false, taxId: '00743110157', fiscalCode: '00743110157', sdiCode: 'M5UXCR1' });
    const { shippingAddress, billingAddress } = toOrderAddresses({ ...form, acceptTerms: true });
    expect(shippingAddress).toMatchObject({ street: home.street, city: 'Milano', postcode: '20121', region_code: 'MI', country_id: 'IT' });
    expect(billingAddress).toMatchObject({ street: office.street, company: office.company, vat_id: office.vat_id, custom_attributes: office.custom_attributes });
    const problems = validateCheckoutForm({ ...form, acceptTerms: true, shippingDetails: { ...form.shippingDetails, tipoAttivita: 8492 } });
    expect(Object.keys(problems).filter((path) => !/Method$/.test(path))).toEqual([]);
  });

  it('bills the shipping address when it is the default for both, and leaves a form without addresses as it was but for the name', () => {
    const both = prefillCheckoutForm(emptyCheckoutForm(), { ...customer, addresses: [{ ...home, default_billing: true }] });
    expect(both.paymentDetails.sameAsShipping).toBe(true);
    const none = prefillCheckoutForm(emptyCheckoutForm(), { ...customer, addresses: [] });
    expect(none.shippingDetails).toEqual(emptyCheckoutForm().shippingDetails);
    expect(none.personalDetails.emailAddress).toBe('mario.rossi@example.it');
  });

  it('takes another saved address for shipping with its name, keeping the rest of the form', () => {
    const form = withSavedAddress({ ...emptyCheckoutForm(), acceptTerms: true }, 'shippingDetails', { ...home, firstname: 'Luigi', country_id: 'de', region: 'Bayern', region_code: '' });
    expect(form.shippingDetails).toMatchObject({ firstName: 'Luigi', country: 'DE', state: 'Bayern', streetAddress: 'Via Roma', apartmentNumber: '12' });
    expect(form.personalDetails.firstName).toBe('Luigi');
    expect(form.acceptTerms).toBe(true);
  });
});

describe('a new customer with no saved address (issue 42 point 2)', () => {
  it('is not refused the names the form shows filled: one source for each field', () => {
    const form = prefillCheckoutForm(emptyCheckoutForm(), { firstname: 'Ada', lastname: 'Neri', email: 'ada@example.it', addresses: [] });
    const problems = validateCheckoutForm(form);
    expect(problems).not.toHaveProperty(['personalDetails.firstName']);
    expect(problems).not.toHaveProperty(['personalDetails.lastName']);
    expect(toOrderAddresses(form).shippingAddress).toMatchObject({ firstname: 'Ada', lastname: 'Neri' });
  });
});
