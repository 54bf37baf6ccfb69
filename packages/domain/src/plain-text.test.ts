import { describe, expect, it } from 'vitest';
import { OWASP_XSS } from './plain-text.fixture.ts';
import { plainText } from './plain-text.ts';


describe('plainText', () => {
  it('leaves no tag of the OWASP cheat sheet payloads', () => {
    for (const payload of OWASP_XSS) {
      const text = plainText(`Ottimo coltello ${payload} consigliato`);
      expect(text, payload).not.toMatch(/<[a-z!/?]/i);
      expect(text.startsWith('Ottimo coltello')).toBe(true);
    }
  });

  it('keeps ordinary text, comparisons and line breaks', () => {
    expect(plainText('  Lama da 20 cm < 25 cm, voto 5 > 4 <3\nBuono  ')).toBe('Lama da 20 cm < 25 cm, voto 5 > 4 <3\nBuono');
    expect(plainText("L'affilatura è ottima & dura")).toBe("L'affilatura è ottima & dura");
  });

  it('removes zero-width and bidirectional control characters', () => {
    expect(plainText('ok\u200b\u202eay\u2066')).toBe('okay');
  });
});
