import { ACCOUNT_MESSAGES } from '@shop/contracts/account-messages';
import { CHECKOUT_MESSAGES } from '@shop/contracts/checkout-rules';
import { describe, expect, it } from 'vitest';
import {
  addressFormErrors,
  addressFormOf,
  addressMessage,
  addressTitle,
  bookAddressOf,
  emptyAddressForm,
  placeAddress,
  saveProblems,
  type AddressFormValues,
  type BookEntry,
} from './address-book.ts';

const EMAIL = 'mario.rossi@example.it';

/** A company's address as `GET /api/user/me` answers it after the checkout saved it. */
const companyAddress: BookEntry = {
  id: 7,
  firstname: 'Mario',
  lastname: 'Rossi',
  company: 'Trattoria Da Mario Srl',
  street: ['Via Roma 1', 'Scala B'],
  city: 'Milano',
  postcode: '20121',
  region: 'Milano',
  region_code: 'MI',
  country_id: 'IT',
  telephone: '02 1234567',
  email: EMAIL,
  vat_id: '01114601006',
  custom_attributes: { is_company: true, fiscal_code: '01114601006', sdi_code: 'ABC1234', pec_email: 'mario@pec.it' },
  extension_attributes: { tipo_attivita: 8492, orari_apertura: '8-14' },
  default_shipping: false,
  default_billing: true,
};

const privateForm: AddressFormValues = {
  ...emptyAddressForm({ firstname: 'Anna', lastname: 'Bianchi' }),
  streetAddress: 'Corso Italia 10',
  city: 'Torino',
  zipCode: '10121',
  state: 'TO',
  phoneNumber: '3331234567',
};

describe('address form values', () => {
  it('start empty for a new address: Italy, the customer name, private, no default flag', () => {
    expect(emptyAddressForm({ firstname: 'Anna', lastname: 'Bianchi' })).toEqual({
      firstName: 'Anna',
      lastName: 'Bianchi',
      company: '',
      country: 'IT',
      streetAddress: '',
      apartmentNumber: '',
      city: '',
      state: '',
      zipCode: '',
      phoneNumber: '',
      isCompany: false,
      taxId: '',
      fiscalCode: '',
      sdiCode: '',
      pecEmail: '',
      defaultShipping: false,
      defaultBilling: false,
    });
  });

  it('take every field of a saved address, the Italian invoicing fields and the flags included', () => {
    expect(addressFormOf(companyAddress)).toEqual({
      firstName: 'Mario',
      lastName: 'Rossi',
      company: 'Trattoria Da Mario Srl',
      country: 'IT',
      streetAddress: 'Via Roma 1',
      apartmentNumber: 'Scala B',
      city: 'Milano',
      state: 'MI',
      zipCode: '20121',
      phoneNumber: '02 1234567',
      isCompany: true,
      taxId: '01114601006',
      fiscalCode: '01114601006',
      sdiCode: 'ABC1234',
      pecEmail: 'mario@pec.it',
      defaultShipping: false,
      defaultBilling: true,
    });
  });

  it('count an address saved without the flag as a company when it has a company name and a VAT number', () => {
    const { custom_attributes: _ignored, ...withoutFlag } = companyAddress;
    expect(addressFormOf(withoutFlag).isCompany).toBe(true);
    expect(addressFormOf({ ...withoutFlag, vat_id: undefined }).isCompany).toBe(false);
  });
});

describe('bookAddressOf', () => {
  it('gives back the saved address unchanged when nothing was edited (id, activity type and opening hours kept)', () => {
    const payload = bookAddressOf(addressFormOf(companyAddress), EMAIL, companyAddress);
    expect(payload).toEqual(companyAddress);
    expect(addressFormOf(payload)).toEqual(addressFormOf(companyAddress));
  });

  it('drops the company fields (and the activity data) when the address is no longer a company', () => {
    const payload = bookAddressOf({ ...addressFormOf(companyAddress), isCompany: false, fiscalCode: 'RSSMRA85T10A562S' }, EMAIL, companyAddress);
    expect(payload.company).toBeUndefined();
    expect(payload.vat_id).toBeUndefined();
    expect(payload.custom_attributes).toEqual({ is_company: false, fiscal_code: 'RSSMRA85T10A562S' });
    expect(payload.extension_attributes).toEqual({});
  });

  it('sends a new address without id, trimmed, with the province name and the customer e-mail', () => {
    const payload = bookAddressOf({ ...privateForm, streetAddress: '  Corso Italia 10 ', defaultShipping: true }, EMAIL);
    expect(payload).not.toHaveProperty('id');
    expect(payload).toMatchObject({ street: ['Corso Italia 10'], region: 'Torino', region_code: 'TO', email: EMAIL, default_shipping: true, default_billing: false });
  });

  it('keeps a region name outside Italy', () => {
    const payload = bookAddressOf({ ...privateForm, country: 'DE', state: 'Bayern', zipCode: '80331', city: 'München', phoneNumber: '+49 89 123456' }, EMAIL);
    expect(payload).toMatchObject({ country_id: 'DE', region: 'Bayern', region_code: '' });
  });
});

describe('addressFormErrors', () => {
  it('accepts a private Italian address without fiscal code when it is not the billing address', () => {
    expect(addressFormErrors(privateForm, EMAIL)).toEqual({});
  });

  it('names the missing fields of an empty form under the form fields', () => {
    expect(addressFormErrors({ ...emptyAddressForm({ firstname: '', lastname: '' }) }, EMAIL)).toEqual({
      firstName: CHECKOUT_MESSAGES.nameMin2,
      lastName: CHECKOUT_MESSAGES.nameMin2,
      streetAddress: CHECKOUT_MESSAGES.required,
      city: CHECKOUT_MESSAGES.cityInvalid,
      zipCode: CHECKOUT_MESSAGES.required,
      state: CHECKOUT_MESSAGES.provinceInvalid,
      phoneNumber: CHECKOUT_MESSAGES.required,
    });
  });

  it('asks the default billing address for a personal fiscal code, like the checkout', () => {
    expect(addressFormErrors({ ...privateForm, defaultBilling: true }, EMAIL)).toEqual({ fiscalCode: CHECKOUT_MESSAGES.required });
    expect(addressFormErrors({ ...privateForm, defaultBilling: true, fiscalCode: 'rssmra85t10a562s' }, EMAIL)).toEqual({});
  });

  it('refuses a fiscal code typed wrong even where it is optional', () => {
    expect(addressFormErrors({ ...privateForm, fiscalCode: 'RSSMRA85T10A562X' }, EMAIL)).toEqual({ fiscalCode: CHECKOUT_MESSAGES.fiscalCodeInvalid });
  });

  it('asks a company for its name, P.IVA, fiscal code and PEC or SDI', () => {
    expect(addressFormErrors({ ...privateForm, isCompany: true }, EMAIL)).toEqual({
      company: CHECKOUT_MESSAGES.required,
      taxId: CHECKOUT_MESSAGES.required,
      fiscalCode: CHECKOUT_MESSAGES.required,
      sdiCode: CHECKOUT_MESSAGES.pecOrSdi,
      pecEmail: CHECKOUT_MESSAGES.pecOrSdi,
    });
    expect(addressFormErrors({ ...privateForm, isCompany: true, company: 'Bar Sport', taxId: '12345678903', fiscalCode: '01114601006', sdiCode: 'AB-12' }, EMAIL)).toEqual({
      taxId: CHECKOUT_MESSAGES.vatInvalid,
      sdiCode: CHECKOUT_MESSAGES.sdiNoSymbols,
    });
    expect(addressFormErrors(addressFormOf(companyAddress), EMAIL)).toEqual({});
  });

  it('needs no province, phone or fiscal code outside Italy', () => {
    expect(addressFormErrors({ ...privateForm, country: 'FR', state: '', phoneNumber: '', zipCode: '75001', city: 'Paris', defaultBilling: true }, EMAIL)).toEqual({});
  });
});

describe('placeAddress', () => {
  const book: { id?: number; default_shipping: boolean; default_billing: boolean }[] = [
    { id: 1, default_shipping: true, default_billing: false },
    { id: 2, default_shipping: false, default_billing: true },
    { id: 3, default_shipping: false, default_billing: false },
  ];

  it('puts an edited address in its place and keeps the others as they are', () => {
    const edited = { id: 2, default_shipping: false, default_billing: true, city: 'Roma' };
    expect(placeAddress(book, edited)).toEqual([book[0], edited, book[2]]);
  });

  it('moves the default shipping flag to the address that takes it (the billing flag stays)', () => {
    expect(placeAddress(book, { id: 3, default_shipping: true, default_billing: false })).toEqual([
      { id: 1, default_shipping: false, default_billing: false },
      { id: 2, default_shipping: false, default_billing: true },
      { id: 3, default_shipping: true, default_billing: false },
    ]);
  });

  it('adds a new address at the end; a new default billing address clears the old one', () => {
    expect(placeAddress(book, { default_shipping: false, default_billing: true })).toEqual([
      { id: 1, default_shipping: true, default_billing: false },
      { id: 2, default_shipping: false, default_billing: false },
      { id: 3, default_shipping: false, default_billing: false },
      { default_shipping: false, default_billing: true },
    ]);
  });

  it('leaves the other defaults alone when an address gives its flag up', () => {
    expect(placeAddress(book, { id: 1, default_shipping: false, default_billing: false })[1]).toEqual(book[1]);
  });
});

describe('answers', () => {
  const texts = {
    'msg.addressIdMissing': "Questo indirizzo non c'è più.",
    'msg.notAuthorized': 'La sessione è scaduta: accedi di nuovo.',
    'msg.vatInvalid': 'La partita IVA non è valida',
    'msg.somethingWentWrong': 'Qualcosa è andato storto. Riprova tra qualche secondo.',
  };

  it('says the account texts and the field texts in the shop language, anything else as "something went wrong"', () => {
    expect(addressMessage(ACCOUNT_MESSAGES.addressIdMissing, texts)).toBe("Questo indirizzo non c'è più.");
    expect(addressMessage(ACCOUNT_MESSAGES.notAuthorized, texts)).toBe('La sessione è scaduta: accedi di nuovo.');
    expect(addressMessage(CHECKOUT_MESSAGES.vatInvalid, texts)).toBe('La partita IVA non è valida');
    expect(addressMessage('TypeError: fetch failed', texts)).toBe('Qualcosa è andato storto. Riprova tra qualche secondo.');
  });

  it('puts the problems of the saved address under its fields and keeps those of the others apart', () => {
    const text =
      'Invalid request body: customer.addresses.1.vat_id: VAT number is invalid; customer.addresses.1.custom_attributes.sdi_code: SDI code must contain no symbols; ' +
      'customer.addresses.1.street.0: Field is required; customer.addresses.0.telephone: Please provide valid phone number.';
    expect(saveProblems(text, 1)).toEqual({
      fields: { taxId: CHECKOUT_MESSAGES.vatInvalid, sdiCode: CHECKOUT_MESSAGES.sdiNoSymbols, streetAddress: CHECKOUT_MESSAGES.required },
      others: [CHECKOUT_MESSAGES.phoneInvalid],
    });
  });

  it('keeps any other refusal whole', () => {
    expect(saveProblems(ACCOUNT_MESSAGES.notAuthorized, 0)).toEqual({ fields: {}, others: [ACCOUNT_MESSAGES.notAuthorized] });
  });

  it('names an address by street and city', () => {
    expect(addressTitle(companyAddress)).toBe('Via Roma 1, Milano');
  });
});
