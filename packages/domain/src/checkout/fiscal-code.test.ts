import { describe, expect, it } from 'vitest';
import {
  decodeOmocode,
  fiscalCodeCheckChar,
  fiscalCodeKind,
  isValidFiscalCode,
  isValidNumericFiscalCode,
  isValidPersonalFiscalCode,
  OMOCODE_LETTERS,
  OMOCODE_POSITIONS,
} from './fiscal-code.ts';

describe('codice fiscale', () => {
  it('accepts valid personal codes, also lower case and with spaces', () => {
    for (const code of ['RSSMRA79B11C566R', 'MRTMTT25D09F205Z', 'rssmra79b11c566r', ' RSSMRA 79B11 C566R ']) {
      expect(isValidPersonalFiscalCode(code), code).toBe(true);
      expect(fiscalCodeKind(code)).toBe('personal');
    }
  });

  it('computes the check character', () => {
    expect(fiscalCodeCheckChar('RSSMRA79B11C566')).toBe('R');
    expect(fiscalCodeCheckChar('MRTMTT25D09F205')).toBe('Z');
  });

  it('accepts omocodes (digits replaced from the right by L–V) with their own check character', () => {
    for (const code of ['RSSMRA79B11C56SO', 'RSSMRA79B11C5SSA', 'RSSMRA79B11CRSSV', 'RSSMRA79BMMCRSSY', 'RSSMRATVBMMCRSSH']) {
      expect(isValidPersonalFiscalCode(code), code).toBe(true);
    }
    expect(decodeOmocode('RSSMRATVBMMCRSSH')).toBe('RSSMRA79B11C566H');
  });

  it('accepts all 127 omocode variants of a code, each only with its own check character', () => {
    const base = 'MRTMTT25D09F205';
    let variants = 0;
    for (let mask = 1; mask < 1 << OMOCODE_POSITIONS.length; mask++) {
      const chars = [...base];
      OMOCODE_POSITIONS.forEach((pos, bit) => {
        if (mask & (1 << bit)) chars[pos] = OMOCODE_LETTERS[Number(chars[pos])]!;
      });
      const first15 = chars.join('');
      const check = fiscalCodeCheckChar(first15);
      expect(isValidPersonalFiscalCode(first15 + check), first15).toBe(true);
      const wrong = String.fromCharCode(((check.charCodeAt(0) - 65 + 1) % 26) + 65);
      expect(isValidPersonalFiscalCode(first15 + wrong), first15 + wrong).toBe(false);
      expect(decodeOmocode(first15 + check)).toBe(`${base}${check}`);
      variants++;
    }
    expect(variants).toBe(127);
  });

  it('refuses a wrong check character, a bad shape, month or day', () => {
    for (const code of [
      'RSSMRA79B11C566X', // wrong check character
      'RSSMRA79B11C56SR', // omocode with the check character of the plain code
      'RSSMRA79B11C566', // 15 characters
      'RSSMRA79B11C566RR',
      'RSSMR179B11C566R', // digit in the surname part
      'RSSMRA79Z11C566R', // no month Z
      'RSSMRA79B32C566R', // day 32
      'RSSMRA79B11C56AR', // A is no omocodia letter
      '',
    ]) {
      expect(isValidPersonalFiscalCode(code), code).toBe(false);
    }
  });

  it('accepts 11-digit numeric codes with the partita IVA check digit, refuses others', () => {
    expect(isValidNumericFiscalCode('00743110157')).toBe(true);
    expect(isValidNumericFiscalCode('80012345670')).toBe(false);
    expect(isValidNumericFiscalCode('00743110158')).toBe(false);
    expect(isValidNumericFiscalCode('00000000000')).toBe(false);
    expect(isValidNumericFiscalCode('0074311015')).toBe(false);
    expect(fiscalCodeKind('00743110157')).toBe('numeric');
    expect(isValidFiscalCode('00743110157')).toBe(true);
    expect(isValidFiscalCode('RSSMRA79B11C566X')).toBe(false);
    expect(fiscalCodeKind('hello')).toBeNull();
  });
});
