import { describe, expect, it } from 'vitest';
import { isValidPartitaIva, normalisePartitaIva, partitaIvaCheckDigit } from './partita-iva.ts';

describe('partita IVA', () => {
  it('accepts valid numbers, with IT prefix, spaces or dots', () => {
    for (const vat of ['00743110157', 'IT00743110157', 'it 00743110157', '007.4311.0157', '01114601006']) {
      expect(isValidPartitaIva(vat), vat).toBe(true);
    }
    expect(normalisePartitaIva('IT 00743110157')).toBe('00743110157');
  });

  it('computes the check digit', () => {
    expect(partitaIvaCheckDigit('0074311015')).toBe(7);
  });

  it('refuses wrong check digits, all zeros, bad office codes and bad shapes', () => {
    for (const vat of [
      '00743110158', // check digit
      '00000000000', // all-zero company part
      '12345678903', // check digit fine, office code 890 does not exist
      '0074311015',
      '007431101570',
      'ABCDEFGHIJK',
      '',
    ]) {
      expect(isValidPartitaIva(vat), vat).toBe(false);
    }
    expect(partitaIvaCheckDigit('1234567890')).toBe(3);
  });
});
