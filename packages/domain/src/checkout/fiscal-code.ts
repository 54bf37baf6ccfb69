/**
 * Italian codice fiscale (integrations-security-legal.md §2.1): the 16-character personal code
 * with its check character and omocodia substitutions, or the 11-digit numeric code of
 * companies and other entities (same check digit as the partita IVA).
 */
import { partitaIvaCheckDigit } from './partita-iva.ts';

const PERSONAL_SHAPE = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;
const COMPANY_SHAPE = /^\d{11}$/;

/** Values of a character in an odd (1-based) position, indexed by digit 0–9 then letter A–Z. */
const ODD_VALUES: Readonly<Record<string, number>> = (() => {
  const byIndex = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
  const table: Record<string, number> = {};
  for (let i = 0; i < 10; i++) table[String(i)] = byIndex[i]!;
  for (let i = 0; i < 26; i++) table[String.fromCharCode(65 + i)] = byIndex[i]!;
  return table;
})();

/** Omocodia letters: the digit d is written as OMOCODE_LETTERS[d]. */
export const OMOCODE_LETTERS = 'LMNPQRSTUV';
/** 0-based positions of the personal code whose digits omocodia may replace, right to left. */
export const OMOCODE_POSITIONS = [14, 13, 12, 10, 9, 7, 6] as const;

const MONTH_LETTERS = 'ABCDEHLMPRST';

/** Trims, removes inner spaces and upper-cases what a shopper typed. */
export function normaliseFiscalCode(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** The check character of a personal code from its first 15 characters (upper case). */
export function fiscalCodeCheckChar(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const ch = first15[i] ?? '';
    if (i % 2 === 0) {
      // 1-based odd position
      sum += ODD_VALUES[ch] ?? 0;
    } else {
      sum += /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 65;
    }
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** Replaces omocodia letters by their digits (RSSMRA79B11C56SX → RSSMRA79B11C566X), check character kept. */
export function decodeOmocode(code: string): string {
  const chars = [...code];
  for (const pos of OMOCODE_POSITIONS) {
    const letter = chars[pos];
    const digit = letter === undefined ? -1 : OMOCODE_LETTERS.indexOf(letter);
    if (digit >= 0) chars[pos] = String(digit);
  }
  return chars.join('');
}

/**
 * A valid 16-character personal code: shape, month letter, day 1–31 or 41–71 (women), and the check
 * character; omocodes (digits replaced by L…V) are valid with their recomputed check character.
 * Lower case and spaces are accepted.
 */
export function isValidPersonalFiscalCode(value: string): boolean {
  const code = normaliseFiscalCode(value);
  if (!PERSONAL_SHAPE.test(code)) return false;
  const decoded = decodeOmocode(code);
  if (!MONTH_LETTERS.includes(decoded[8]!)) return false;
  const day = Number(decoded.slice(9, 11));
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return false;
  return fiscalCodeCheckChar(code.slice(0, 15)) === code[15];
}

/** A valid 11-digit numeric code (companies, entities, temporary codes): check digit, not all zeros. */
export function isValidNumericFiscalCode(value: string): boolean {
  const code = normaliseFiscalCode(value);
  if (!COMPANY_SHAPE.test(code) || /^0{7}/.test(code)) return false;
  return partitaIvaCheckDigit(code.slice(0, 10)) === Number(code[10]);
}

export type FiscalCodeKind = 'personal' | 'numeric';

/** Which valid kind of codice fiscale `value` is, or null when it is neither. */
export function fiscalCodeKind(value: string): FiscalCodeKind | null {
  if (isValidPersonalFiscalCode(value)) return 'personal';
  if (isValidNumericFiscalCode(value)) return 'numeric';
  return null;
}

/** Any valid codice fiscale: personal (16) or numeric (11). */
export function isValidFiscalCode(value: string): boolean {
  return fiscalCodeKind(value) !== null;
}
