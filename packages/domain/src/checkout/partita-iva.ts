/**
 * Italian partita IVA (integrations-security-legal.md §2.2): 11 digits = 7 company digits,
 * 3 office digits (001–201, or 888/999) and a check digit.
 */

/** The check digit of the first 10 digits: odd positions summed, even positions doubled (minus 9 above 9). */
export function partitaIvaCheckDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const digit = Number(first10[i]);
    if (i % 2 === 0) {
      sum += digit;
    } else {
      const doubled = digit * 2;
      sum += doubled > 9 ? doubled - 9 : doubled;
    }
  }
  return (10 - (sum % 10)) % 10;
}

/** Removes spaces, dots and dashes, upper-cases, and drops a leading `IT`. */
export function normalisePartitaIva(value: string): string {
  const compact = value.replace(/[\s.-]+/g, '').toUpperCase();
  return compact.startsWith('IT') ? compact.slice(2) : compact;
}

/**
 * A valid partita IVA: 11 digits, company part not all zeros, office code 001–201 or 888/999,
 * right check digit. `IT` prefix, spaces, dots and dashes are accepted.
 */
export function isValidPartitaIva(value: string): boolean {
  const code = normalisePartitaIva(value);
  if (!/^\d{11}$/.test(code)) return false;
  if (/^0{7}/.test(code)) return false;
  const office = Number(code.slice(7, 10));
  if (!((office >= 1 && office <= 201) || office === 888 || office === 999)) return false;
  return partitaIvaCheckDigit(code.slice(0, 10)) === Number(code[10]);
}
