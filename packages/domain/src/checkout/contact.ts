/**
 * CAP, SDI code, e-mail/PEC and phone rules (integrations-security-legal.md §2.3).
 */

/** Italian postcode: five digits. */
export function isValidCap(value: string): boolean {
  return /^\d{5}$/.test(value.trim());
}

/** SDI "codice destinatario" of a buyer without one (private buyers, or a company that gives a PEC). */
export const SDI_NO_CODE = '0000000';
/** SDI code for foreign buyers. */
export const SDI_FOREIGN_CODE = 'XXXXXXX';

export function normaliseSdiCode(value: string): string {
  return value.trim().toUpperCase();
}

export type SdiCodeProblem = 'symbols' | 'length';

/** What is wrong with an SDI code: 'symbols' (anything but letters and digits), 'length' (not 7), or null. */
export function sdiCodeProblem(value: string): SdiCodeProblem | null {
  const code = normaliseSdiCode(value);
  if (!/^[A-Z0-9]*$/.test(code)) return 'symbols';
  if (code.length !== 7) return 'length';
  return null;
}

export function isValidSdiCode(value: string): boolean {
  return sdiCodeProblem(value) === null;
}

/** True when the SDI code does not route invoices by itself (empty or 0000000): a PEC is needed. */
export function sdiNeedsPec(value: string | undefined): boolean {
  const code = normaliseSdiCode(value ?? '');
  return code === '' || code === SDI_NO_CODE;
}

/** An ordinary e-mail address (the PEC is validated the same way): local@domain.tld, no spaces. */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  if (email.length > 254) return false;
  const at = email.lastIndexOf('@');
  if (at < 1 || at > 64) return false;
  return /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/.test(email) &&
    !email.includes('..');
}

/**
 * Italian numbers by the national numbering plan (AGCOM): landlines 0 + 5–10 digits, mobiles
 * 3 + 8–9 digits, 8xx non-geographic numbers, 55 VoIP, 178/199 personal numbers. Hand-written
 * instead of libphonenumber-js so the browser's checkout does not load its metadata (~30 KB gz).
 */
const ITALIAN_NATIONAL = /^(?:0\d{5,10}|3\d{8,9}|8\d{5,9}|55\d{8}|1(?:78\d|99)\d{6})$/;

/** Digits and a leading +, or null when other characters than spaces ( ) . / - appear. */
function phoneDigits(value: string): string | null {
  const trimmed = value.trim();
  if (!/^\+?[\d\s()./-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/[^\d]/g, '');
  return trimmed.startsWith('+') ? `+${digits}` : digits.startsWith('00') ? `+${digits.slice(2)}` : digits;
}

/** The number in E.164 (+393331234567) when it is Italian or written with its +prefix; null when invalid. */
export function normalisePhone(value: string, defaultCountry = 'IT'): string | null {
  const number = phoneDigits(value);
  if (number === null) return null;
  if (number.startsWith('+39')) return ITALIAN_NATIONAL.test(number.slice(3)) ? number : null;
  if (number.startsWith('+')) return /^\+[1-9]\d{6,14}$/.test(number) ? number : null; // E.164: at most 15 digits
  if (defaultCountry.toUpperCase() === 'IT') return ITALIAN_NATIONAL.test(number) ? `+39${number}` : null;
  return null;
}

/**
 * A phone number: Italian numbers (national, +39 or 0039) by the numbering plan; other numbers
 * with their +prefix by E.164 length; a national number of another `defaultCountry` by length
 * (5–14 digits).
 */
export function isValidPhone(value: string, defaultCountry = 'IT'): boolean {
  if (normalisePhone(value, defaultCountry) !== null) return true;
  const number = phoneDigits(value);
  return number !== null && !number.startsWith('+') && defaultCountry.toUpperCase() !== 'IT' && /^\d{5,14}$/.test(number);
}
