/**
 * The address book's pure side (shopping.md §3 Address, §5, §7 address-book calls, §8): an address
 * of `GET /api/user/me` as form values and back, the form's rules, the whole list a save sends,
 * and the answers' texts in the shop language. The address fields, their conversion and their
 * rules are the checkout's (@shop/contracts/checkout-rules), so a saved address is one the
 * checkout accepts.
 */
import { ACCOUNT_MESSAGES } from '@shop/contracts/account-messages';
import {
  checkAddress,
  checkBilling,
  emptyCheckoutForm,
  formAddressOf,
  formPathOf,
  isCompanyAddress,
  normaliseAddress,
  toOrderAddresses,
  type CheckoutFormAddress,
  type OrderAddressPayload,
  type SavedAddress,
} from '@shop/contracts/checkout-rules';
import { fillTemplate, matchText } from '../../../lib/message-patterns.ts';
import { checkoutMessage } from '../../checkout/checkout-message.ts';

/** An address of the book as the API answers it (its own e-mail too: orders need one). */
export type BookEntry = SavedAddress & { email?: string | undefined };

/** The signed-in customer as `GET /api/user/me` and the address-book `PUT` answer them. */
export interface BookCustomer {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  addresses: BookEntry[];
  [field: string]: unknown;
}

/** An address as sent in the book's list: the checkout's address with the book's id and flags. */
export type BookAddressPayload = OrderAddressPayload & { id?: number; default_shipping: boolean; default_billing: boolean };

/** The form's values: the checkout's address fields (same names) and its invoicing fields. */
export interface AddressFormValues extends CheckoutFormAddress {
  isCompany: boolean;
  /** Partita IVA (vat_id). */
  taxId: string;
  fiscalCode: string;
  sdiCode: string;
  pecEmail: string;
  defaultShipping: boolean;
  defaultBilling: boolean;
}

export type AddressField = keyof AddressFormValues;

/** A new address: Italy, the customer's name, a private buyer, no default flag. */
export function emptyAddressForm(customer: { firstname: string; lastname: string }): AddressFormValues {
  return addressFormOf({ firstname: customer.firstname, lastname: customer.lastname, street: [], city: '', postcode: '', country_id: 'IT' });
}

/** A saved address as the form's values. */
export function addressFormOf(address: BookEntry): AddressFormValues {
  const ca = address.custom_attributes ?? {};
  return {
    ...formAddressOf(address),
    isCompany: isCompanyAddress(address),
    taxId: address.vat_id ?? '',
    fiscalCode: ca.fiscal_code ?? '',
    sdiCode: ca.sdi_code ?? '',
    pecEmail: ca.pec_email ?? '',
    defaultShipping: address.default_shipping === true,
    defaultBilling: address.default_billing === true,
  };
}

/**
 * The form's values as the book stores them: what the checkout sends as the billing address of a
 * form whose shipping and billing are this address (company, P.IVA, SDI and PEC only for a
 * company). `base` is the address being edited: its id, and the activity type, opening hours and
 * carrier mobile the checkout saved with it, stay.
 */
export function bookAddressOf(values: AddressFormValues, email: string, base?: BookEntry): BookAddressPayload {
  const { isCompany, taxId, fiscalCode, sdiCode, pecEmail, defaultShipping, defaultBilling, ...address } = values;
  const form = emptyCheckoutForm();
  const { billingAddress } = toOrderAddresses({
    ...form,
    // The checkout takes the name from the personal details: the book's address is that person.
    personalDetails: { ...form.personalDetails, emailAddress: email, isCompany, firstName: address.firstName, lastName: address.lastName },
    shippingDetails: { ...form.shippingDetails, ...address },
    paymentDetails: { ...form.paymentDetails, sameAsShipping: true, taxId, fiscalCode, sdiCode: isCompany ? sdiCode : '', pecEmail: isCompany ? pecEmail : '' },
  });
  return {
    ...billingAddress,
    extension_attributes: isCompany ? { ...base?.extension_attributes } : {},
    ...(base?.id !== undefined ? { id: base.id } : {}),
    default_shipping: defaultShipping,
    default_billing: defaultBilling,
  };
}

/** The form field of an address issue path (`custom_attributes.fiscal_code` → fiscalCode); other paths as they are. */
function fieldOf(path: readonly (string | number)[]): string {
  const formPath = formPathOf(['billingAddress', ...path], true);
  return formPath.length === 2 ? formPath[1]! : path.join('.');
}

/** Whether the invoicing rules apply: a company, the default billing address, or a fiscal code typed (it must be valid). */
const invoicingApplies = (values: AddressFormValues) => values.isCompany || values.defaultBilling || values.fiscalCode.trim() !== '';

/**
 * The first problem of each field, in English (the shared rules' texts; `addressMessage` says
 * them in the shop language), or {} when the address can be saved: the checkout's address rules,
 * and its invoicing rules when they apply.
 */
export function addressFormErrors(values: AddressFormValues, email: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const address = normaliseAddress(bookAddressOf(values, email));
  checkAddress(address, (path, message) => (errors[fieldOf(path)] ??= message));
  if (invoicingApplies(values)) checkBilling({ billingAddress: address }, (path, message) => (errors[fieldOf(path.slice(1))] ??= message));
  return errors;
}

/**
 * The list a save sends (the `PUT` takes the whole book): `entry` in place of the address with
 * its id, or added at the end. The server keeps the last address flagged default, so a new
 * default shipping or billing flag is cleared on the others here (§5).
 */
export function placeAddress<T extends { id?: number | undefined; default_shipping?: boolean | undefined; default_billing?: boolean | undefined }>(
  list: readonly T[],
  entry: T,
): T[] {
  const index = entry.id === undefined ? -1 : list.findIndex((a) => a.id === entry.id);
  const placed = index < 0 ? [...list, entry] : list.map((a, i) => (i === index ? entry : a));
  return placed.map((a) =>
    a === entry
      ? a
      : {
          ...a,
          ...(entry.default_shipping ? { default_shipping: false } : {}),
          ...(entry.default_billing ? { default_billing: false } : {}),
        },
  );
}

/** Street and city: what tells the addresses apart in the buttons' names ("Via Roma 1, Milano"). */
export function addressTitle(address: SavedAddress): string {
  return [address.street[0], address.city].filter(Boolean).join(', ');
}

export type Texts = Readonly<Record<string, string>>;

/**
 * An answer's English text in the shop language: the account texts (login, session, address id)
 * and the checkout's field texts; anything else is §8's "something went wrong" of address calls.
 */
export function addressMessage(text: string, texts: Texts): string {
  const account = matchText(text, ACCOUNT_MESSAGES);
  const own = account && texts[`msg.${account.key}`];
  return own ? fillTemplate(own, account.params) : checkoutMessage(text, texts);
}

const INVALID_BODY = 'Invalid request body: ';

/**
 * The problems of a refused save, in English: a 400 names each field as
 * `customer.addresses.<index>.<path>: <message>`; those of the address at `index` (the one the
 * form edits) go under its fields, the rest (and any other refusal) are `others`.
 */
export function saveProblems(text: string, index: number): { fields: Record<string, string>; others: string[] } {
  const fields: Record<string, string> = {};
  const others: string[] = [];
  if (!text.startsWith(INVALID_BODY)) return { fields, others: [text] };
  for (const part of text.slice(INVALID_BODY.length).replace(/ \(and \d+ more\)$/, '').split('; ')) {
    const at = part.indexOf(': ');
    const [root, list, position, ...path] = at < 0 ? [] : part.slice(0, at).split('.');
    const message = part.slice(at + 2);
    if (root === 'customer' && list === 'addresses' && Number(position) === index && path.length > 0) fields[fieldOf(path)] ??= message;
    else others.push(at < 0 ? part : message);
  }
  return { fields, others };
}
