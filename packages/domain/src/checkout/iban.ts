/** An IBAN as typed ("IT60 x054 2811 1010 0000 0123 456") → compact upper case. */
export const normaliseIban = (iban: string) => iban.replace(/[\s-]+/g, '').toUpperCase();

/** The length of an Italian IBAN (and of the SEPA countries a buyer of the shop most often has). */
const LENGTHS: Readonly<Record<string, number>> = { IT: 27, SM: 27, VA: 22, DE: 22, FR: 27, AT: 20, CH: 21, ES: 24, BE: 16, NL: 18, LU: 20, PT: 25, SI: 19, HR: 21, MT: 31 };

/**
 * Whether an IBAN is well formed (ISO 13616): country, check digits and account (the country's
 * length where it is known), and its check digits right: the number read with A = 10 … Z = 35
 * after moving the first four characters to the end leaves 1 divided by 97.
 */
export function isValidIban(iban: string): boolean {
  const compact = normaliseIban(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return false;
  const length = LENGTHS[compact.slice(0, 2)];
  if (length !== undefined && compact.length !== length) return false;
  let rest = 0;
  for (const char of compact.slice(4) + compact.slice(0, 4)) {
    const digits = char >= 'A' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}
