/**
 * The address book's texts by short name, looked up on the server and handed to `AddressBook`:
 * its own (`account.addresses.*` without the prefix), the checkout's field labels and rule texts
 * (`msg.<name>`, so `checkoutMessage` reads them), the account texts its calls can answer, and
 * the countries' names (`country.<ISO>`).
 */
import { CHECKOUT_MESSAGES } from '@shop/contracts/checkout-rules';
import { EU_COUNTRY_CODES } from '@shop/domain';
import { LOCALE, lookUpTexts, type MessageKey } from '@/i18n/index.ts';
import it from '../../../../messages/it.json';
import type { Texts } from './address-book.ts';

/** The checkout's labels the form reuses. */
const CHECKOUT_LABELS = [
  'required', 'firstName', 'lastName', 'company', 'street', 'apartment', 'city', 'province', 'chooseProvince', 'zip', 'country', 'phone',
  'fiscalCode', 'fiscalCodeHint', 'vatId', 'sdiCode', 'pecEmail', 'pecOrSdiHint', 'fixErrors',
] as const;

const OWN = Object.keys(it).filter((key) => key.startsWith('account.addresses.'));

const keys = {
  ...Object.fromEntries(OWN.map((key) => [key.slice('account.addresses.'.length), key])),
  ...Object.fromEntries(CHECKOUT_LABELS.map((name) => [name, `checkout.${name}`])),
  ...Object.fromEntries(Object.keys(CHECKOUT_MESSAGES).map((name) => [`msg.${name}`, `checkout.message.${name}`])),
  // §8: a failed address call reads "Something went wrong. Try again in a few seconds.", also where the checkout would say "Something went wrong."
  'msg.somethingWentWrong': 'account.message.somethingWrong',
  // The account texts (ACCOUNT_MESSAGES) the address calls answer.
  'msg.loginRequired': 'account.message.loginRequired',
  'msg.notAuthorized': 'account.message.notAuthorized',
  'msg.addressIdMissing': 'account.addresses.idMissing',
  loading: 'account.loading',
} as Record<string, MessageKey>;

/** The countries an address may be in: the EU member states (the shop's VAT rules know them). */
function countryNames(): Record<string, string> {
  const names = new Intl.DisplayNames([LOCALE], { type: 'region' });
  return Object.fromEntries(EU_COUNTRY_CODES.map((code) => [`country.${code}`, names.of(code) ?? code]));
}

/** SERVER: the address book's texts in the shop language. */
export function addressBookTexts(): Texts {
  return { ...lookUpTexts(keys), ...countryNames() };
}
