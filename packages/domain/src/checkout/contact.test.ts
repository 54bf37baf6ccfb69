import { describe, expect, it } from 'vitest';
import {
  isValidCap,
  isValidEmail,
  isValidPhone,
  isValidSdiCode,
  normalisePhone,
  sdiCodeProblem,
  sdiNeedsPec,
} from './contact.ts';

describe('CAP', () => {
  it('is five digits', () => {
    expect(isValidCap('20121')).toBe(true);
    expect(isValidCap(' 00118 ')).toBe(true);
    for (const cap of ['2012', '201210', '2012A', '51-169', '']) expect(isValidCap(cap), cap).toBe(false);
  });
});

describe('SDI code', () => {
  it('is 7 letters or digits', () => {
    for (const code of ['M5UXCR1', 'm5uxcr1', '0000000', 'XXXXXXX']) expect(isValidSdiCode(code), code).toBe(true);
    expect(sdiCodeProblem('M5UX-R1')).toBe('symbols');
    expect(sdiCodeProblem('M5UX R1')).toBe('symbols');
    expect(sdiCodeProblem('M5UXCR')).toBe('length');
    expect(sdiCodeProblem('M5UXCR12')).toBe('length');
    expect(sdiCodeProblem('')).toBe('length');
  });

  it('needs a PEC when empty or 0000000', () => {
    expect(sdiNeedsPec('0000000')).toBe(true);
    expect(sdiNeedsPec('')).toBe(true);
    expect(sdiNeedsPec(undefined)).toBe(true);
    expect(sdiNeedsPec('M5UXCR1')).toBe(false);
  });
});

describe('e-mail and PEC', () => {
  it('accepts ordinary addresses and refuses broken ones', () => {
    for (const email of ['mario.rossi@example.it', 'amministrazione@pec.ditta-srl.it', 'a+b@x.co']) {
      expect(isValidEmail(email), email).toBe(true);
    }
    for (const email of ['mario', 'mario@', '@example.it', 'mario@example', 'mario rossi@example.it', 'a..b@example.it', 'a@b@c.it']) {
      expect(isValidEmail(email), email).toBe(false);
    }
  });
});

describe('phone', () => {
  it('accepts Italian mobile and landline numbers, and foreign ones with their prefix', () => {
    for (const phone of ['333 123 4567', '+39 02 1234 5678', '0039 333 1234567', '0212345678', '06 6982', '800 123456', '+49 30 1234567']) {
      expect(isValidPhone(phone), phone).toBe(true);
    }
    expect(isValidPhone('501601055', 'PL')).toBe(true);
    expect(normalisePhone('333 123 4567')).toBe('+393331234567');
    expect(normalisePhone('(02) 1234-5678')).toBe('+390212345678');
    expect(normalisePhone('0049 30 1234567')).toBe('+49301234567');
  });

  it('refuses too short numbers, letters and unknown countries', () => {
    for (const phone of ['12', '3331234', '33312345678', '2123456', '+39 12345', 'abc', '333-CALL-ME', '+1234', '']) {
      expect(isValidPhone(phone), phone).toBe(false);
    }
    expect(isValidPhone('+123456789012345678')).toBe(false); // more than 15 digits
    expect(isValidPhone('1234', 'DE')).toBe(false);
    expect(normalisePhone('12')).toBeNull();
  });
});
