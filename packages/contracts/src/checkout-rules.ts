import {
  activityTypeIsPrivate,
  findProvinceByCodeOrName,
  fiscalCodeKind,
  isActivityTypeCode,
  isEuCountry,
  isValidCap,
  isValidEmail,
  isValidEuVatNumber,
  isValidPartitaIva,
  isValidPhone,
  normaliseFiscalCode,
  normaliseSdiCode,
  sdiCodeProblem,
  sdiNeedsPec,
  TOO_MANY_REQUESTS,
} from '@shop/domain';

/**
 * The checkout's rules without zod (issue #12): the browser's checkout validates with these
 * (`validateCheckoutForm`, `@shop/contracts/checkout-rules`, no zod in the page's bundle), and the
 * zod schemas of `checkout.ts` that `POST /api/order` parses with run the very same functions.
 */

/**
 * Texts are shopping.md §5 (form) and §8 (order) in English; the English text is the
 * storefront's message-catalogue key, and the API answers it as is. `{name}` marks a parameter
 * (formatMessage of @shop/domain fills it).
 */
/** The shop's orders mailbox: the sender of order mails and the address the §8 texts name. */
export const SHOP_ORDERS_EMAIL = 'ordini@bottega-pro.example';

export const CHECKOUT_MESSAGES = {
  // §5 form texts
  required: 'Field is required',
  greaterThanZero: 'Must be greater than 0',
  nameMin2: 'Name must have at least 2 letters.',
  nameMin3: 'Name must have at least 3 letters.',
  nameInvalid: 'Please provide valid name',
  cityInvalid: 'Please provide valid city name',
  passwordMin8: 'Password must have at least 8 letters.',
  passwordsIdentical: 'Passwords must be identical.',
  emailInvalid: 'Please provide valid e-mail address.',
  taxIdMin3: 'Tax ID must have at least 3 letters.',
  zipMin3: 'Zip-code must have at least 3 letters.',
  zipInvalid: 'Please provide valid zip-code.',
  termsAccepted: 'You must accept the terms and conditions.',
  privacyRequired: 'You must accept the privacy policy.',
  houseNumberHint: 'Street name and house number',
  vatInvalid: 'VAT number is invalid',
  pecOrSdi: 'Fill PEC or SDI to proceed',
  sdiNoSymbols: 'SDI code must contain no symbols',
  fillShippingAddress: 'Fill all shipping address fields to compute shipping',
  // Texts the spec leaves to us, in the same style
  fiscalCodeInvalid: 'Fiscal code is invalid',
  sdiLength: 'SDI code must have 7 characters',
  pecInvalid: 'Please provide valid PEC address.',
  phoneInvalid: 'Please provide valid phone number.',
  provinceInvalid: 'Please choose a valid province.',
  countryInvalid: 'Please choose a valid country.',
  activityTypeInvalid: 'Please choose your activity type.',
  // §8 order texts
  internalValidationError: 'Internal validation error. Please contact us at {email}.',
  orderQueued: 'The order cannot be transferred because of a server error. Your order has been queued.',
  addressInvalidOrderCancelled:
    'Address provided in checkout contains invalid data. Please check if all required fields are filled in and also contact us on {email} to resolve this issue for future. Your order has been canceled.',
  unexpectedAuthorizationError: 'Unexpected authorization error. Check your network connection.',
  paymentNotCompleted: 'The payment was not completed.',
  orderNotSuccessful: 'The order was not successful. Please contact the store manager.',
  shippingNotComputable: 'Shipping costs cannot be calculated. Please write to {email}.',
  somethingWentWrong: 'Something went wrong.',
  // Order placement answers (issue #12)
  emptyCart: 'Your shopping cart is empty.',
  paymentMethodNotAllowed: 'The chosen payment method is not available for this order.',
  shippingMethodNotAllowed: 'The chosen shipping method is not available for this address.',
  priceChanged: 'Prices have changed since you reviewed your order. The new total is {grandTotal}. Please confirm the order again.',
  outOfStockAtPlacement: 'Some products are no longer available in the requested quantity: {skus}',
  orderInProgress: 'This order is already being placed. Please wait a moment.',
  idempotencyConflict: 'This order key was already used for a different order.',
  // Online payments (issue #14)
  instalmentNotEnabled: 'This payment is not enabled for installment. Choose another method',
  paymentProviderUnavailable: 'The payment service is not answering: nothing was charged and your cart is kept. Try again in a few minutes or choose another payment method.',
  paymentDeclined: 'The payment was declined. Choose another payment instrument or method.',
  paymentNotApproved: 'The payment was not approved.',
  paymentMismatch: 'The payment does not match the order: nothing was recorded. Please contact the shop.',
  // The API's per-address write limit (issue #17)
  tooManyRequests: TOO_MANY_REQUESTS,
} as const;
export type CheckoutMessage = (typeof CHECKOUT_MESSAGES)[keyof typeof CHECKOUT_MESSAGES];

const M = CHECKOUT_MESSAGES;

/** Where a rule puts its message: a path into the checked object, and the text. */
export type IssueSink = (path: (string | number)[], message: string) => void;

/** The Italian invoicing fields an address carries as custom attributes, normalised. */
export interface AddressCustomAttributes {
  /** Codice fiscale, upper case without spaces. */
  fiscal_code?: string;
  /** SDI codice destinatario, upper case. */
  sdi_code?: string;
  pec_email?: string;
  is_company?: boolean;
}

/** Activity type (8491–8496, 6008), opening hours and carrier mobile, normalised. */
export interface AddressExtensionAttributes {
  tipo_attivita?: number | undefined;
  orari_apertura?: string | undefined;
  cellulare_per_corriere?: string | undefined;
}

/** The fields every order address has, as sent and as stored. */
interface AddressFields {
  firstname: string;
  lastname: string;
  company?: string | undefined;
  street: string[];
  city: string;
  postcode: string;
  region: string;
  region_code: string;
  country_id: string;
  telephone: string;
  email: string;
  vat_id?: string | undefined;
}

/** An order address after normalisation: what the rules check and an order stores. */
export interface NormalisedAddress extends AddressFields {
  region_id?: number | string | undefined;
  custom_attributes: AddressCustomAttributes;
  extension_attributes: AddressExtensionAttributes;
}

/** An order address as a client sends it (what `toOrderAddresses` builds). */
export interface OrderAddressPayload extends AddressFields {
  custom_attributes?: AddressCustomAttributes | undefined;
  extension_attributes?: AddressExtensionAttributes | undefined;
}

function toBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'false') return false;
  return undefined;
}

/** Custom attributes as an object of the known keys, trimmed and upper-cased where codes. */
export function normaliseCustomAttributes(raw: Readonly<Record<string, unknown>>): AddressCustomAttributes {
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');
  const out: AddressCustomAttributes = {};
  const fiscal = normaliseFiscalCode(text(raw.fiscal_code));
  if (fiscal) out.fiscal_code = fiscal;
  const sdi = normaliseSdiCode(text(raw.sdi_code));
  if (sdi) out.sdi_code = sdi;
  const pec = text(raw.pec_email);
  if (pec) out.pec_email = pec;
  const isCompany = toBoolean(raw.is_company);
  if (isCompany !== undefined) out.is_company = isCompany;
  return out;
}

/** For Italy, fills region_code from a province name and region from the province (VSF may send either). */
export function fillItalianProvince<A extends NormalisedAddress>(address: A): A {
  if (address.country_id !== 'IT') return address;
  const province = findProvinceByCodeOrName(address.region_code || address.region);
  return province ? { ...address, region_code: province.code, region: province.name } : address;
}

/** A client's address normalised without zod (the browser's path; the server's zod schema does the same). */
export function normaliseAddress(p: OrderAddressPayload): NormalisedAddress {
  const optional = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);
  const ext = p.extension_attributes ?? {};
  return fillItalianProvince({
    firstname: p.firstname.trim(),
    lastname: p.lastname.trim(),
    company: optional(p.company),
    street: p.street.map((line) => line.trim()).filter((line) => line !== ''),
    city: p.city.trim(),
    postcode: p.postcode.trim(),
    region: p.region.trim(),
    region_code: p.region_code.trim().toUpperCase(),
    country_id: p.country_id.trim().toUpperCase(),
    telephone: p.telephone.trim(),
    email: p.email.trim(),
    vat_id: optional(p.vat_id),
    custom_attributes: normaliseCustomAttributes({ ...p.custom_attributes }),
    extension_attributes: {
      tipo_attivita: ext.tipo_attivita,
      orari_apertura: optional(ext.orari_apertura),
      cellulare_per_corriere: optional(ext.cellulare_per_corriere),
    },
  });
}

const NAME = /^[\p{L}\p{M}'’ .-]+$/u;

/**
 * Rules of one address (shopping.md §5); Italian addresses need CAP, province and phone. An
 * address-book address may come without an e-mail (Magento's address has none: the account's is used).
 */
export function checkAddress(a: NormalisedAddress, issue: IssueSink, { emailRequired = true }: { emailRequired?: boolean } = {}): void {
  for (const field of ['firstname', 'lastname'] as const) {
    if (a[field].length < 2) issue([field], M.nameMin2);
    else if (!NAME.test(a[field])) issue([field], M.nameInvalid);
  }
  if (a.street.length === 0) issue(['street', 0], M.required);
  if (a.city.length < 2 || !NAME.test(a.city)) issue(['city'], M.cityInvalid);
  const italy = a.country_id === 'IT';
  if (!/^[A-Z]{2}$/.test(a.country_id)) issue(['country_id'], M.countryInvalid);
  if (a.postcode === '') issue(['postcode'], M.required);
  else if (italy ? !isValidCap(a.postcode) : a.postcode.length < 3) issue(['postcode'], italy ? M.zipInvalid : M.zipMin3);
  if (italy && !findProvinceByCodeOrName(a.region_code)) issue(['region_code'], M.provinceInvalid);
  if (a.telephone === '') {
    if (italy) issue(['telephone'], M.required);
  } else if (!isValidPhone(a.telephone, a.country_id)) {
    issue(['telephone'], M.phoneInvalid);
  }
  if (a.email === '') {
    if (emailRequired) issue(['email'], M.required);
  }
  else if (!isValidEmail(a.email)) issue(['email'], M.emailInvalid);
  const ca = a.custom_attributes;
  if (ca.sdi_code !== undefined) {
    const problem = sdiCodeProblem(ca.sdi_code);
    if (problem) issue(['custom_attributes', 'sdi_code'], problem === 'symbols' ? M.sdiNoSymbols : M.sdiLength);
  }
  if (ca.pec_email !== undefined && !isValidEmail(ca.pec_email)) issue(['custom_attributes', 'pec_email'], M.pecInvalid);
  const ext = a.extension_attributes;
  if (ext.tipo_attivita !== undefined && !isActivityTypeCode(ext.tipo_attivita)) {
    issue(['extension_attributes', 'tipo_attivita'], M.activityTypeInvalid);
  }
  if (ext.cellulare_per_corriere !== undefined && !isValidPhone(ext.cellulare_per_corriere, a.country_id)) {
    issue(['extension_attributes', 'cellulare_per_corriere'], M.phoneInvalid);
  }
}

/** Who is buying, as the invoice needs it (derived from the billing and shipping addresses). */
export interface BuyerInfo {
  isCompany: boolean;
  company?: string;
  activityType?: number;
  fiscalCode?: string;
  vatId?: string;
  sdiCode?: string;
  pecEmail?: string;
}

/**
 * The buyer mode: activity type 8495 or 6008 → private; else the `is_company` attribute; else
 * (a VSF1 client that sends neither) an activity type or a billing VAT number means a company.
 */
export function isCompanyBuyer(billing: NormalisedAddress, shipping?: NormalisedAddress): boolean {
  const activityType = billing.extension_attributes.tipo_attivita ?? shipping?.extension_attributes.tipo_attivita;
  if (activityTypeIsPrivate(activityType)) return false;
  const flag = billing.custom_attributes.is_company;
  if (flag !== undefined) return flag;
  if (activityType !== undefined) return true;
  return billing.vat_id !== undefined;
}

/** The buyer's invoicing data (orderView.buyer, FatturaPA fields). */
export function buyerOf(billing: NormalisedAddress, shipping?: NormalisedAddress): BuyerInfo {
  const isCompany = isCompanyBuyer(billing, shipping);
  const ca = billing.custom_attributes;
  const activityType = billing.extension_attributes.tipo_attivita ?? shipping?.extension_attributes.tipo_attivita;
  const buyer: BuyerInfo = { isCompany };
  if (isCompany && billing.company) buyer.company = billing.company;
  if (activityType !== undefined) buyer.activityType = activityType;
  if (ca.fiscal_code) buyer.fiscalCode = ca.fiscal_code;
  if (billing.vat_id) buyer.vatId = billing.vat_id;
  if (ca.sdi_code) buyer.sdiCode = ca.sdi_code;
  if (ca.pec_email) buyer.pecEmail = ca.pec_email;
  return buyer;
}

/**
 * Invoicing rules on `{ billingAddress, shippingAddress? }`:
 * - company: company name, VAT number (Italian P.IVA for Italy, EU format elsewhere in the EU, at
 *   least 3 characters outside the EU); in Italy also a fiscal code (16-character personal or
 *   11-digit) and a PEC or an SDI code ("Fill PEC or SDI to proceed": on pec_email, and on
 *   sdi_code too when that is empty);
 * - private (also activity type 8495 / 6008): in Italy a 16-character personal fiscal code. The
 *   shop's checkout form asks for it (`required`); `POST /api/order` takes a private order
 *   without one (`optional`, issue #47: a consumer needs no invoice, and such an order gets none,
 *   `wantsInvoice`); one that is sent must be valid either way.
 * Issue paths name the field: `billingAddress.custom_attributes.fiscal_code`, `billingAddress.vat_id`, …
 */
export function checkBilling(
  value: { billingAddress: NormalisedAddress; shippingAddress?: NormalisedAddress | undefined },
  issue: IssueSink,
  { privateFiscalCode = 'required' }: { privateFiscalCode?: 'required' | 'optional' } = {},
): void {
  const b = value.billingAddress;
  const italy = b.country_id === 'IT';
  const ca = b.custom_attributes;
  const at = (...path: string[]) => ['billingAddress', ...path];
  if (isCompanyBuyer(b, value.shippingAddress)) {
    if (!b.company) issue(at('company'), M.required);
    if (!b.vat_id) issue(at('vat_id'), M.required);
    else if (italy ? !isValidPartitaIva(b.vat_id) : isEuCountry(b.country_id) && !isValidEuVatNumber(b.vat_id, b.country_id)) {
      issue(at('vat_id'), M.vatInvalid);
    } else if (b.vat_id.length < 3) issue(at('vat_id'), M.taxIdMin3);
    if (italy) {
      if (!ca.fiscal_code) issue(at('custom_attributes', 'fiscal_code'), M.required);
      else if (!fiscalCodeKind(ca.fiscal_code)) issue(at('custom_attributes', 'fiscal_code'), M.fiscalCodeInvalid);
      if (sdiNeedsPec(ca.sdi_code) && !ca.pec_email) {
        if (!ca.sdi_code) issue(at('custom_attributes', 'sdi_code'), M.pecOrSdi);
        issue(at('custom_attributes', 'pec_email'), M.pecOrSdi);
      }
    }
  } else if (italy) {
    if (!ca.fiscal_code) {
      if (privateFiscalCode === 'required') issue(at('custom_attributes', 'fiscal_code'), M.required);
    }
    else if (fiscalCodeKind(ca.fiscal_code) !== 'personal') issue(at('custom_attributes', 'fiscal_code'), M.fiscalCodeInvalid);
  }
}

// ---------------------------------------------------------------------------------------------
// Browser checkout form (shopping.md §3 personalDetails, shippingDetails, paymentDetails)
// ---------------------------------------------------------------------------------------------

/** Address fields of the form (camelCase, as shopping.md §3 names them). */
export interface CheckoutFormAddress {
  firstName: string;
  lastName: string;
  company: string;
  /** ISO-2 country, IT by default. */
  country: string;
  streetAddress: string;
  /** House number (the street's second line). */
  apartmentNumber: string;
  city: string;
  /** Province sigla for Italy (region_code); a region name elsewhere. */
  state: string;
  zipCode: string;
  phoneNumber: string;
}

/** The values of the checkout form (all fields present; `checkoutForm` fills defaults). */
export interface CheckoutFormValues {
  personalDetails: {
    firstName: string;
    lastName: string;
    emailAddress: string;
    /** Create an account with the purchase (the request is stored with the order). */
    createAccount: boolean;
    password: string;
    passwordConfirm: string;
    /** Buyer mode: Company (true) or Private (false). */
    isCompany: boolean;
  };
  shippingDetails: CheckoutFormAddress & {
    /** Activity type code 8491–8494, 8496 (companies; '' when none); sent only for companies. */
    tipoAttivita: number | string;
    orariApertura: string;
    cellularePerCorriere: string;
    shippingMethod: string;
    shippingCarrier: string;
  };
  paymentDetails: CheckoutFormAddress & {
    /** Bill to the shipping address (name, street, city, …); the invoicing fields below always apply. */
    sameAsShipping: boolean;
    /** VAT number (partita IVA for Italy). */
    taxId: string;
    fiscalCode: string;
    pecEmail: string;
    sdiCode: string;
    paymentMethod: string;
  };
  acceptTerms: boolean;
}

const emptyFormAddress = (): CheckoutFormAddress => ({
  firstName: '',
  lastName: '',
  company: '',
  country: 'IT',
  streetAddress: '',
  apartmentNumber: '',
  city: '',
  state: '',
  zipCode: '',
  phoneNumber: '',
});

/** An empty form (Italy, private buyer, billing = shipping). */
export function emptyCheckoutForm(): CheckoutFormValues {
  return {
    personalDetails: { firstName: '', lastName: '', emailAddress: '', createAccount: false, password: '', passwordConfirm: '', isCompany: false },
    shippingDetails: { ...emptyFormAddress(), tipoAttivita: '', orariApertura: '', cellularePerCorriere: '', shippingMethod: '', shippingCarrier: '' },
    paymentDetails: { ...emptyFormAddress(), sameAsShipping: true, taxId: '', fiscalCode: '', pecEmail: '', sdiCode: '', paymentMethod: '' },
    acceptTerms: false,
  };
}

/**
 * The form's two addresses as `POST /api/order` takes them. Company, activity type, opening hours
 * and carrier mobile are sent only for companies; `is_company` always.
 */
export function toOrderAddresses(form: CheckoutFormValues): { shippingAddress: OrderAddressPayload; billingAddress: OrderAddressPayload } {
  const p = form.personalDetails;
  const s = form.shippingDetails;
  const pay = form.paymentDetails;
  const isCompany = p.isCompany;
  const text = (v: string) => v.trim();
  const address = (d: CheckoutFormAddress): OrderAddressPayload => {
    const country = (text(d.country) || 'IT').toUpperCase();
    const state = text(d.state);
    return {
      firstname: text(d.firstName),
      lastname: text(d.lastName),
      ...(isCompany && text(d.company) ? { company: text(d.company) } : {}),
      street: text(d.apartmentNumber) ? [text(d.streetAddress), text(d.apartmentNumber)] : [text(d.streetAddress)],
      city: text(d.city),
      postcode: text(d.zipCode),
      region: country === 'IT' ? (findProvinceByCodeOrName(state)?.name ?? '') : state,
      region_code: country === 'IT' ? state.toUpperCase() : '',
      country_id: country,
      telephone: text(d.phoneNumber),
      email: text(p.emailAddress),
    };
  };
  const activityType = String(s.tipoAttivita).trim() === '' ? undefined : Number(s.tipoAttivita);
  // The buyer's name is asked once, in the personal details: it is the shipping address's name
  // (one source: the fields shown are the fields checked, issue 42).
  const shipTo = { ...s, firstName: p.firstName, lastName: p.lastName };
  const shippingAddress: OrderAddressPayload = {
    ...address(shipTo),
    extension_attributes: isCompany
      ? {
          tipo_attivita: activityType,
          orari_apertura: text(s.orariApertura) || undefined,
          cellulare_per_corriere: text(s.cellularePerCorriere) || undefined,
        }
      : {},
  };
  const company = text(pay.company) || text(s.company);
  const billingBase = pay.sameAsShipping ? { ...address(shipTo), ...(isCompany && company ? { company } : {}) } : address(pay);
  if (!pay.sameAsShipping && !billingBase.telephone) billingBase.telephone = text(s.phoneNumber);
  const billingAddress: OrderAddressPayload = {
    ...billingBase,
    ...(isCompany && text(pay.taxId) ? { vat_id: text(pay.taxId) } : {}),
    custom_attributes: {
      is_company: isCompany,
      ...(text(pay.fiscalCode) ? { fiscal_code: text(pay.fiscalCode) } : {}),
      ...(text(pay.sdiCode) ? { sdi_code: text(pay.sdiCode) } : {}),
      ...(text(pay.pecEmail) ? { pec_email: text(pay.pecEmail) } : {}),
    },
    extension_attributes: isCompany && activityType !== undefined ? { tipo_attivita: activityType } : {},
  };
  return { shippingAddress, billingAddress };
}

const ADDRESS_FIELD_TO_FORM: Readonly<Record<string, string>> = {
  firstname: 'firstName',
  lastname: 'lastName',
  company: 'company',
  'street.0': 'streetAddress',
  'street.1': 'apartmentNumber',
  street: 'streetAddress',
  city: 'city',
  postcode: 'zipCode',
  region: 'state',
  region_code: 'state',
  country_id: 'country',
  telephone: 'phoneNumber',
};
const EXTENSION_FIELD_TO_FORM: Readonly<Record<string, string>> = {
  'extension_attributes.tipo_attivita': 'tipoAttivita',
  'extension_attributes.orari_apertura': 'orariApertura',
  'extension_attributes.cellulare_per_corriere': 'cellularePerCorriere',
};
const BILLING_FIELD_TO_FORM: Readonly<Record<string, string>> = {
  vat_id: 'taxId',
  'custom_attributes.fiscal_code': 'fiscalCode',
  'custom_attributes.sdi_code': 'sdiCode',
  'custom_attributes.pec_email': 'pecEmail',
};

/** The form field of an order-address issue path, e.g. billingAddress.vat_id → paymentDetails.taxId. */
export function formPathOf(orderPath: readonly PropertyKey[], sameAsShipping: boolean): string[] {
  const [which, ...rest] = orderPath.map(String);
  const field = rest.join('.');
  if (field === 'email') return ['personalDetails', 'emailAddress'];
  // The shipping name (and the billing name copied from it) is the personal details' name.
  if ((field === 'firstname' || field === 'lastname') && (which === 'shippingAddress' || sameAsShipping)) return ['personalDetails', ADDRESS_FIELD_TO_FORM[field]!];
  if (which === 'shippingAddress') {
    const name = ADDRESS_FIELD_TO_FORM[field] ?? EXTENSION_FIELD_TO_FORM[field];
    return name ? ['shippingDetails', name] : ['shippingDetails', ...rest];
  }
  const billingOnly = BILLING_FIELD_TO_FORM[field];
  if (billingOnly) return ['paymentDetails', billingOnly];
  if (field === 'extension_attributes.tipo_attivita') return ['shippingDetails', 'tipoAttivita'];
  const name = ADDRESS_FIELD_TO_FORM[field];
  if (!name) return ['paymentDetails', ...rest];
  if (field === 'company') return [sameAsShipping ? 'shippingDetails' : 'paymentDetails', 'company'];
  return [sameAsShipping ? 'shippingDetails' : 'paymentDetails', name];
}

/** A form problem: the dotted form path's parts and the text. */
export interface FormIssue {
  path: string[];
  message: string;
}

/**
 * Every problem of the form: its own rules (password, activity type, payment method, terms) and
 * the order-address rules on `toOrderAddresses(form)`, on the form's field paths, each once.
 */
export function checkoutFormIssues(form: CheckoutFormValues): FormIssue[] {
  const issues: FormIssue[] = [];
  const seen = new Set<string>();
  const add = (path: string[], message: string) => {
    const key = `${path.join('.')}\u0000${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    issues.push({ path, message });
  };
  const p = form.personalDetails;
  if (p.createAccount) {
    if (p.password.length < 8) add(['personalDetails', 'password'], M.passwordMin8);
    else if (p.password !== p.passwordConfirm) add(['personalDetails', 'passwordConfirm'], M.passwordsIdentical);
  }
  const s = form.shippingDetails;
  if (p.isCompany) {
    const code = String(s.tipoAttivita).trim() === '' ? Number.NaN : Number(s.tipoAttivita);
    if (!isActivityTypeCode(code)) add(['shippingDetails', 'tipoAttivita'], M.activityTypeInvalid);
  }
  if (!form.paymentDetails.paymentMethod.trim()) add(['paymentDetails', 'paymentMethod'], M.required);
  if (!form.acceptTerms) add(['acceptTerms'], M.termsAccepted);
  const payload = toOrderAddresses(form);
  const shippingAddress = normaliseAddress(payload.shippingAddress);
  const billingAddress = normaliseAddress(payload.billingAddress);
  const sameAsShipping = form.paymentDetails.sameAsShipping;
  const onForm = (prefix: string) => (path: (string | number)[], message: string) =>
    add(formPathOf([prefix, ...path], sameAsShipping), message);
  checkAddress(shippingAddress, onForm('shippingAddress'));
  checkAddress(billingAddress, onForm('billingAddress'));
  checkBilling({ shippingAddress, billingAddress }, (path, message) => add(formPathOf(path, sameAsShipping), message));
  return issues;
}

/**
 * The first message per form field, keyed by dotted path (`paymentDetails.fiscalCode`), or {}
 * when the form is valid: what the checkout shows under each field. No zod involved.
 */
export function validateCheckoutForm(form: CheckoutFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const problem of checkoutFormIssues(form)) errors[problem.path.join('.')] ??= problem.message;
  return errors;
}

export { formAddressOf, isCompanyAddress, prefillCheckoutForm, withSavedAddress, type CheckoutCustomer, type SavedAddress } from './checkout-prefill.ts';
