import { sampleAddress } from './sample-order.ts';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  buyerOf,
  CHECKOUT_MESSAGES as M,
  checkoutForm,
  checkoutFormErrors,
  checkoutFormFields,
  emptyCheckoutForm,
  validateCheckoutForm,
  EMPTY_CHECKOUT_FORM,
  orderAddress,
  orderAddresses,
  toOrderAddresses,
  type CheckoutFormInput,
  type OrderAddressInput,
} from './checkout.ts';

/** The addresses of Vue Storefront 1's test order (testOrderAnon.json). */
const vsfAnonAddresses = {
  shippingAddress: {"region": "dolnośląskie", "region_id": 0, "country_id": "PL", "street": ["Lekcyjna", "13"], "company": "NA", "telephone": "", "postcode": "51-169", "city": "Wrocław", "firstname": "Piotr", "lastname": "Karwatka", "email": "pkarwatka222@divante.pl", "region_code": ""},
  billingAddress: {"region": "", "region_id": 0, "country_id": "PL", "street": ["Lekcyjna", "13"], "company": "Divante", "telephone": "", "postcode": "51-169", "city": "Wrocław", "firstname": "Piotr", "lastname": "Karwatka", "email": "pkarwatka222@divante.pl", "region_code": "", "vat_id": "PL8951930748"},
};

/** The addresses of Vue Storefront 1's logged-in test order (testOrderAuth.json): US, private. */
const vsfAuthAddresses = {
  shippingAddress: {"region": "CA", "region_id": 0, "country_id": "US", "street": ["Lekcyjna22", "13"], "company": "NA", "telephone": "501601055", "postcode": "51-169", "city": "Wrocław", "firstname": "Piotr2", "lastname": "Karwatka1", "email": "pkarwatka89@divante.pl", "region_code": ""},
  billingAddress: {"region": "WA", "region_id": 0, "country_id": "US", "street": ["Lekcyjna22", "13"], "telephone": "501601055", "postcode": "51-169", "city": "Wrocław", "firstname": "Piotr2", "lastname": "Karwatka1", "email": "pkarwatka89@divante.pl", "region_code": ""},
};

const italianAddress: OrderAddressInput = sampleAddress;

const privateBilling = (fiscalCode?: string): OrderAddressInput => ({
  ...italianAddress,
  custom_attributes: [
    { attribute_code: 'is_company', value: '0' },
    ...(fiscalCode === undefined ? [] : [{ attribute_code: 'fiscal_code', value: fiscalCode }]),
  ],
});

const companyBilling = (extra: Partial<OrderAddressInput> = {}, attrs: Record<string, string | boolean> = {}): OrderAddressInput => ({
  ...italianAddress,
  company: 'Trattoria da Mario srl',
  vat_id: '00743110157',
  custom_attributes: { is_company: true, fiscal_code: '00743110157', ...attrs },
  ...extra,
});

/** Issues as "path: message" for readable assertions. */
function problems(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): string[] {
  return result.success ? [] : (result.error?.issues ?? []).map((i) => `${i.path.map(String).join('.')}: ${i.message}`);
}

describe('orderAddress', () => {
  it('accepts an Italian address and fills the province name from its code', () => {
    const parsed = orderAddress.parse({ ...italianAddress, region: '', region_code: 'rm', city: 'Roma', postcode: '00118' });
    expect(parsed.region).toBe('Roma');
    expect(parsed.region_code).toBe('RM');
    expect(parsed.custom_attributes).toEqual({});
  });

  it('accepts a province name sent as region only (VSF1 client)', () => {
    const parsed = orderAddress.parse({ ...italianAddress, region: 'Milano', region_code: '' });
    expect(parsed.region_code).toBe('MI');
  });

  it('refuses a bad CAP, unknown province, bad phone and e-mail with the spec texts', () => {
    const result = orderAddress.safeParse({
      ...italianAddress,
      postcode: '2012',
      region: '',
      region_code: 'XX',
      telephone: '12',
      email: 'mario@',
      firstname: 'M',
    });
    expect(problems(result)).toEqual(
      expect.arrayContaining([
        `postcode: ${M.zipInvalid}`,
        `region_code: ${M.provinceInvalid}`,
        `telephone: ${M.phoneInvalid}`,
        `email: ${M.emailInvalid}`,
        `firstname: ${M.nameMin2}`,
      ]),
    );
  });

  it('names missing required fields', () => {
    const result = orderAddress.safeParse({ country_id: 'IT', street: [] });
    const paths = problems(result);
    for (const field of ['firstname', 'lastname', 'city', 'postcode', 'email', 'street']) {
      expect(paths).toContain(`${field}: ${M.required}`);
    }
    expect(problems(orderAddress.safeParse({ ...italianAddress, street: undefined }))).toEqual([`street: ${M.required}`]);
    expect(problems(orderAddress.safeParse({ ...italianAddress, country_id: undefined }))).toEqual([`country_id: ${M.countryInvalid}`]);
  });

  it('takes custom attributes as a Magento list or as an object, normalised', () => {
    const fromList = orderAddress.parse({
      ...italianAddress,
      custom_attributes: [
        { attribute_code: 'fiscal_code', value: 'rssmra 79b11 c566r' },
        { attribute_code: 'sdi_code', value: 'm5uxcr1' },
        { attribute_code: 'pec_email', value: ' ditta@pec.it ' },
        { attribute_code: 'is_company', value: '1' },
        { attribute_code: 'something_else', value: 'x' },
      ],
    });
    const expected = { fiscal_code: 'RSSMRA79B11C566R', sdi_code: 'M5UXCR1', pec_email: 'ditta@pec.it', is_company: true };
    expect(fromList.custom_attributes).toEqual(expected);
    const fromObject = orderAddress.parse({ ...italianAddress, custom_attributes: { ...expected, fiscal_code: 'rssmra79b11c566r' } });
    expect(fromObject.custom_attributes).toEqual(expected);
    // Parsing the parsed address again gives the same address (orderView re-reads stored orders).
    expect(orderAddress.parse(fromObject)).toEqual(fromObject);
  });

  it('refuses SDI codes with symbols or of the wrong length, and a bad PEC', () => {
    const symbols = orderAddress.safeParse({ ...italianAddress, custom_attributes: { sdi_code: 'M5U-CR1', pec_email: 'nope' } });
    expect(problems(symbols)).toEqual([
      `custom_attributes.sdi_code: ${M.sdiNoSymbols}`,
      `custom_attributes.pec_email: ${M.pecInvalid}`,
    ]);
    const short = orderAddress.safeParse({ ...italianAddress, custom_attributes: { sdi_code: 'M5UCR1' } });
    expect(problems(short)).toEqual([`custom_attributes.sdi_code: ${M.sdiLength}`]);
  });

  it('checks activity types and keeps the shipping extension attributes', () => {
    const parsed = orderAddress.parse({
      ...italianAddress,
      extension_attributes: { tipo_attivita: '8492', orari_apertura: '8-12', cellulare_per_corriere: '3331234567' },
    });
    expect(parsed.extension_attributes).toEqual({ tipo_attivita: 8492, orari_apertura: '8-12', cellulare_per_corriere: '3331234567' });
    const bad = orderAddress.safeParse({ ...italianAddress, extension_attributes: { tipo_attivita: 1234 } });
    expect(problems(bad)).toEqual([`extension_attributes.tipo_attivita: ${M.activityTypeInvalid}`]);
  });

  it('accepts the addresses of the VSF1 fixture order (Poland, company with an EU VAT number)', () => {
    const result = orderAddresses.safeParse(vsfAnonAddresses);
    expect(problems(result)).toEqual([]);
    expect(result.data && buyerOf(result.data.billingAddress).isCompany).toBe(true);
  });

  it('refuses names with digits as VSF1 does (unicodeAlpha), accepts the rest of the logged-in fixture', () => {
    const auth = orderAddresses.safeParse(vsfAuthAddresses);
    expect(problems(auth)).toEqual([
      `shippingAddress.firstname: ${M.nameInvalid}`,
      `shippingAddress.lastname: ${M.nameInvalid}`,
      `billingAddress.firstname: ${M.nameInvalid}`,
      `billingAddress.lastname: ${M.nameInvalid}`,
    ]);
    const named = (a: OrderAddressInput) => ({ ...a, firstname: 'Piotr', lastname: 'Karwatka' });
    const fixed = orderAddresses.parse({ shippingAddress: named(vsfAuthAddresses.shippingAddress), billingAddress: named(vsfAuthAddresses.billingAddress) });
    expect(buyerOf(fixed.billingAddress).isCompany).toBe(false);
    expect(fixed.shippingAddress).toMatchObject({ country_id: 'US', region: 'CA', telephone: '501601055' });
  });

  it('takes a CAP or phone sent as a number', () => {
    const parsed = orderAddress.parse({ ...italianAddress, postcode: 20121, telephone: 3331234567 });
    expect(parsed).toMatchObject({ postcode: '20121', telephone: '3331234567' });
    expect(problems(orderAddress.safeParse({ ...italianAddress, postcode: 118 }))).toEqual([`postcode: ${M.zipInvalid}`]);
  });
});

describe('billing rules', () => {
  const check = (billingAddress: OrderAddressInput, shippingAddress: OrderAddressInput = italianAddress) =>
    problems(orderAddresses.safeParse({ shippingAddress, billingAddress }));

  it("a private Italian buyer's fiscal code, when given (an order may come without one: no invoice), is a valid 16-character one, omocodes included", () => {
    expect(check(privateBilling('RSSMRA79B11C566R'))).toEqual([]);
    expect(check(privateBilling('RSSMRATVBMMCRSSH'))).toEqual([]);
    expect(check(privateBilling())).toEqual([]);
    expect(check(privateBilling('RSSMRA79B11C566X'))).toEqual([`billingAddress.custom_attributes.fiscal_code: ${M.fiscalCodeInvalid}`]);
    expect(check(privateBilling('00743110157'))).toEqual([`billingAddress.custom_attributes.fiscal_code: ${M.fiscalCodeInvalid}`]);
  });

  it('a company with SDI, or with a PEC, passes; its fiscal code may be 16 or 11 characters', () => {
    expect(check(companyBilling({}, { sdi_code: 'M5UXCR1' }))).toEqual([]);
    expect(check(companyBilling({}, { sdi_code: '0000000', pec_email: 'ditta@pec.it' }))).toEqual([]);
    expect(check(companyBilling({}, { fiscal_code: 'RSSMRA79B11C566R', sdi_code: 'M5UXCR1' }))).toEqual([]);
  });

  it('a company without PEC and SDI is told to fill PEC or SDI on both fields', () => {
    expect(check(companyBilling())).toEqual([
      `billingAddress.custom_attributes.sdi_code: ${M.pecOrSdi}`,
      `billingAddress.custom_attributes.pec_email: ${M.pecOrSdi}`,
    ]);
  });

  it('a company with SDI 0000000 and no PEC is told so on the PEC field', () => {
    expect(check(companyBilling({}, { sdi_code: '0000000' }))).toEqual([`billingAddress.custom_attributes.pec_email: ${M.pecOrSdi}`]);
  });

  it('a company needs its name, a valid partita IVA and a fiscal code', () => {
    const result = check({
      ...italianAddress,
      vat_id: '00000000000',
      custom_attributes: { is_company: true, fiscal_code: 'XYZ', sdi_code: 'M5UXCR1' },
    });
    expect(result).toEqual([
      `billingAddress.company: ${M.required}`,
      `billingAddress.vat_id: ${M.vatInvalid}`,
      `billingAddress.custom_attributes.fiscal_code: ${M.fiscalCodeInvalid}`,
    ]);
    expect(check(companyBilling({ vat_id: '12345678903' }, { sdi_code: 'M5UXCR1' }))).toEqual([`billingAddress.vat_id: ${M.vatInvalid}`]);
    expect(check(companyBilling({ vat_id: undefined }, { sdi_code: 'M5UXCR1' }))).toEqual([`billingAddress.vat_id: ${M.required}`]);
  });

  it('activity type 6008 (and 8495) counts as private whatever is_company says', () => {
    const shipping = { ...italianAddress, extension_attributes: { tipo_attivita: 6008 } };
    const billing = { ...companyBilling(), custom_attributes: { is_company: true, fiscal_code: 'RSSMRA79B11C566R' } };
    expect(check(billing, shipping)).toEqual([]); // no PEC/SDI asked: private
    const parsed = orderAddresses.parse({ shippingAddress: shipping, billingAddress: billing });
    expect(buyerOf(parsed.billingAddress, parsed.shippingAddress)).toMatchObject({ isCompany: false, activityType: 6008 });
    const noPersonalCode = { ...billing, custom_attributes: { is_company: true, fiscal_code: '00743110157' } };
    expect(check(noPersonalCode, { ...italianAddress, extension_attributes: { tipo_attivita: 8495 } })).toEqual([
      `billingAddress.custom_attributes.fiscal_code: ${M.fiscalCodeInvalid}`,
    ]);
  });

  it('a company outside Italy needs an EU VAT number by format, no fiscal code nor PEC/SDI', () => {
    const german = { ...italianAddress, country_id: 'DE', postcode: '10115', city: 'Berlin', region_code: '', region: '', telephone: '' };
    expect(check({ ...german, company: 'GmbH', vat_id: 'DE129273398', custom_attributes: { is_company: true } }, german)).toEqual([]);
    expect(check({ ...german, company: 'GmbH', vat_id: 'DE123456789', custom_attributes: { is_company: true } }, german)).toEqual([
      `billingAddress.vat_id: ${M.vatInvalid}`,
    ]);
  });

  it('describes the buyer for the invoice', () => {
    const parsed = orderAddresses.parse({ shippingAddress: { ...italianAddress, extension_attributes: { tipo_attivita: 8492 } }, billingAddress: companyBilling({}, { sdi_code: 'm5uxcr1' }) });
    expect(buyerOf(parsed.billingAddress, parsed.shippingAddress)).toEqual({
      isCompany: true,
      company: 'Trattoria da Mario srl',
      activityType: 8492,
      fiscalCode: '00743110157',
      vatId: '00743110157',
      sdiCode: 'M5UXCR1',
    });
  });
});

describe('checkout form', () => {
  const shipping = {
    firstName: 'Mario',
    lastName: 'Rossi',
    streetAddress: 'Via Roma',
    apartmentNumber: '12',
    city: 'Milano',
    state: 'MI',
    zipCode: '20121',
    phoneNumber: '3331234567',
  };
  const privateForm: CheckoutFormInput = {
    personalDetails: { firstName: 'Mario', lastName: 'Rossi', emailAddress: 'mario.rossi@example.it' },
    shippingDetails: { ...shipping, company: 'Ignored srl', tipoAttivita: '8492', orariApertura: '8-12' },
    paymentDetails: { fiscalCode: 'RSSMRA79B11C566R', paymentMethod: 'banktransfer' },
    acceptTerms: true,
  };
  const companyForm: CheckoutFormInput = {
    personalDetails: { firstName: 'Mario', lastName: 'Rossi', emailAddress: 'mario.rossi@example.it', isCompany: true },
    shippingDetails: { ...shipping, company: 'Trattoria da Mario srl', tipoAttivita: 8492, orariApertura: '8-12', cellularePerCorriere: '3331234567' },
    paymentDetails: { taxId: 'IT00743110157', fiscalCode: '00743110157', sdiCode: 'M5UXCR1', paymentMethod: 'cashondelivery' },
    acceptTerms: true,
  };

  it('starts empty, in Italy, as a private buyer billed at the shipping address', () => {
    expect(EMPTY_CHECKOUT_FORM.shippingDetails.country).toBe('IT');
    expect(EMPTY_CHECKOUT_FORM.personalDetails.isCompany).toBe(false);
    expect(EMPTY_CHECKOUT_FORM.paymentDetails.sameAsShipping).toBe(true);
  });

  it('maps a private buyer without company fields and validates with the server rules', () => {
    const form = checkoutForm.parse(privateForm);
    const { shippingAddress, billingAddress } = toOrderAddresses(form);
    expect(shippingAddress).toMatchObject({ street: ['Via Roma', '12'], region_code: 'MI', region: 'Milano', country_id: 'IT' });
    expect(shippingAddress.company).toBeUndefined();
    expect(shippingAddress.extension_attributes).toEqual({});
    expect(billingAddress.custom_attributes).toEqual({ is_company: false, fiscal_code: 'RSSMRA79B11C566R' });
    expect(problems(orderAddresses.safeParse({ shippingAddress, billingAddress }))).toEqual([]);
  });

  it('maps a company with activity type, hours and carrier mobile', () => {
    const form = checkoutForm.parse(companyForm);
    const { shippingAddress, billingAddress } = toOrderAddresses(form);
    expect(shippingAddress.extension_attributes).toEqual({ tipo_attivita: 8492, orari_apertura: '8-12', cellulare_per_corriere: '3331234567' });
    expect(billingAddress).toMatchObject({ company: 'Trattoria da Mario srl', vat_id: 'IT00743110157' });
    const parsed = orderAddresses.parse({ shippingAddress, billingAddress });
    expect(buyerOf(parsed.billingAddress, parsed.shippingAddress).isCompany).toBe(true);
  });

  it('puts the server rules on the form fields', () => {
    const result = checkoutForm.safeParse({
      ...companyForm,
      shippingDetails: { ...companyForm.shippingDetails, zipCode: '123', tipoAttivita: '' },
      paymentDetails: { taxId: '00000000000', fiscalCode: '00743110157', paymentMethod: '' },
      acceptTerms: false,
    });
    expect(problems(result)).toEqual(
      expect.arrayContaining([
        `shippingDetails.zipCode: ${M.zipInvalid}`,
        `shippingDetails.tipoAttivita: ${M.activityTypeInvalid}`,
        `paymentDetails.taxId: ${M.vatInvalid}`,
        `paymentDetails.sdiCode: ${M.pecOrSdi}`,
        `paymentDetails.pecEmail: ${M.pecOrSdi}`,
        `paymentDetails.paymentMethod: ${M.required}`,
        `acceptTerms: ${M.termsAccepted}`,
      ]),
    );
    // the same zip code problem of shipping and (copied) billing address is reported once
    expect(problems(result).filter((p) => p.startsWith('shippingDetails.zipCode'))).toHaveLength(1);
  });

  it('gives the first message per field for the page', () => {
    expect(checkoutFormErrors(privateForm)).toEqual({});
    const errors = checkoutFormErrors({ ...privateForm, paymentDetails: { fiscalCode: 'RSSMRA79B11C566X', paymentMethod: 'banktransfer' } });
    expect(errors).toEqual({ 'paymentDetails.fiscalCode': M.fiscalCodeInvalid });
  });

  it('the zod-free validation the page runs finds exactly what the schema finds', () => {
    const forms: CheckoutFormInput[] = [
      privateForm,
      companyForm,
      { ...companyForm, paymentDetails: { taxId: '00000000000', fiscalCode: 'XYZ', sdiCode: 'M5-X', paymentMethod: '' }, acceptTerms: false },
      { ...privateForm, shippingDetails: { ...shipping, zipCode: '123', phoneNumber: '12', state: 'XX' } },
      { ...privateForm, paymentDetails: { ...privateForm.paymentDetails, sameAsShipping: false, ...shipping, city: 'R2', zipCode: 'abc' } },
      {},
    ];
    for (const input of forms) {
      const values = checkoutFormFields.parse(input);
      expect(validateCheckoutForm(values)).toEqual(checkoutFormErrors(input));
    }
    expect(validateCheckoutForm(emptyCheckoutForm())).toMatchObject({
      'personalDetails.emailAddress': M.required,
      'shippingDetails.zipCode': M.required,
      'paymentDetails.fiscalCode': M.required,
      acceptTerms: M.termsAccepted,
    });
  });

  it('the rules module loads no zod (the checkout page stays small)', () => {
    const source = readFileSync(new URL('./checkout-rules.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/from 'zod/);
  });

  it('uses a separate billing address when asked', () => {
    const form = checkoutForm.parse({
      ...privateForm,
      paymentDetails: { ...privateForm.paymentDetails, sameAsShipping: false, ...shipping, city: 'Roma', state: 'RM', zipCode: '00118', phoneNumber: '' },
    });
    const { billingAddress } = toOrderAddresses(form);
    expect(billingAddress).toMatchObject({ city: 'Roma', region: 'Roma', telephone: '3331234567' });
    const bad = checkoutForm.safeParse({ ...privateForm, paymentDetails: { ...privateForm.paymentDetails, sameAsShipping: false, ...shipping, zipCode: 'abc' } });
    expect(problems(bad)).toEqual([`paymentDetails.zipCode: ${M.zipInvalid}`]);
  });

  it('asks for a password of 8 letters, twice the same, when an account is requested', () => {
    const short = checkoutForm.safeParse({ ...privateForm, personalDetails: { ...privateForm.personalDetails, createAccount: true, password: 'short' } });
    expect(problems(short)).toEqual([`personalDetails.password: ${M.passwordMin8}`]);
    const differ = checkoutForm.safeParse({
      ...privateForm,
      personalDetails: { ...privateForm.personalDetails, createAccount: true, password: 'longenough', passwordConfirm: 'different1' },
    });
    expect(problems(differ)).toEqual([`personalDetails.passwordConfirm: ${M.passwordsIdentical}`]);
  });
});
