/**
 * VAT numbers: the Italian partita IVA by its own rule, other EU member states' numbers by
 * format and checksum through `jsvat` (VIES, the online check, is not called here).
 */
import {
  austria,
  belgium,
  bulgaria,
  checkVAT,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  poland,
  portugal,
  romania,
  slovakiaRepublic,
  slovenia,
  spain,
  sweden,
} from 'jsvat';
import { isValidPartitaIva, normalisePartitaIva } from './partita-iva.ts';

const EU_COUNTRIES_BUT_ITALY = [
  austria, belgium, bulgaria, croatia, cyprus, czechRepublic, denmark, estonia, finland, france, germany,
  greece, hungary, ireland, latvia, lithuania, luxembourg, malta, netherlands, poland, portugal, romania,
  slovakiaRepublic, slovenia, spain, sweden,
];

/** ISO country codes of the EU member states (VAT prefix differs for Greece: EL). */
export const EU_COUNTRY_CODES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU',
  'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
] as const;

export function isEuCountry(countryId: string): boolean {
  return (EU_COUNTRY_CODES as readonly string[]).includes(countryId.toUpperCase());
}

/** Removes spaces, dots and dashes; upper case. */
export function normaliseVatNumber(value: string): string {
  return value.replace(/[\s.-]+/g, '').toUpperCase();
}

/** The VAT prefix of a country (GR → EL). */
function vatPrefix(countryId: string): string {
  const code = countryId.toUpperCase();
  return code === 'GR' ? 'EL' : code;
}

/**
 * A valid EU VAT number. With `countryId` the number belongs to that country and its prefix may be
 * omitted (IT: partita IVA rule); without it the number must carry its prefix (IT…, DE…, EL…).
 */
export function isValidEuVatNumber(value: string, countryId?: string): boolean {
  let vat = normaliseVatNumber(value);
  if (countryId !== undefined) {
    if (!isEuCountry(countryId)) return false;
    const prefix = vatPrefix(countryId);
    if (!vat.startsWith(prefix) && !(prefix === 'EL' && vat.startsWith('GR'))) vat = prefix + vat;
    if (prefix === 'IT') return isValidPartitaIva(vat);
  }
  if (vat.startsWith('IT')) return isValidPartitaIva(vat);
  if (vat.startsWith('GR')) vat = 'EL' + vat.slice(2);
  return checkVAT(vat, EU_COUNTRIES_BUT_ITALY).isValid;
}

/** The number as stored: prefix-less partita IVA for Italy, otherwise prefixed and compact. */
export function formatVatNumber(value: string, countryId: string): string {
  if (countryId.toUpperCase() === 'IT') return normalisePartitaIva(value);
  const vat = normaliseVatNumber(value);
  const prefix = vatPrefix(countryId);
  return vat.startsWith(prefix) || (prefix === 'EL' && vat.startsWith('GR')) ? vat : prefix + vat;
}
