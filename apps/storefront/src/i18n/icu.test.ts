import { describe, expect, it } from 'vitest';
import { formatMessage, messageArguments, MessageSyntaxError, parseMessage } from './icu.ts';

const ITEMS = 'Carrello, {count, plural, =0 {vuoto} one {# articolo} other {# articoli}}';

describe('formatMessage', () => {
  it('chooses =N, then the locale plural category, then other', () => {
    expect(formatMessage(ITEMS, { count: 0 }, 'it-IT')).toBe('Carrello, vuoto');
    expect(formatMessage(ITEMS, { count: 1 }, 'it-IT')).toBe('Carrello, 1 articolo');
    expect(formatMessage(ITEMS, { count: 2 }, 'it-IT')).toBe('Carrello, 2 articoli');
    expect(formatMessage('{n, plural, one {# thing} other {# things}}', { n: 0 }, 'en-US')).toBe('0 things');
  });

  it('writes # and numbers the locale way', () => {
    expect(formatMessage(ITEMS, { count: 12345 }, 'it-IT')).toBe('Carrello, 12.345 articoli');
    expect(formatMessage(ITEMS, { count: 12345 }, 'en-US')).toBe('Carrello, 12,345 articoli');
    expect(formatMessage('{n, plural, one {#} other {#}} e {n}', { n: 1.5 }, 'it-IT')).toBe('1,5 e 1,5');
  });

  it('fills placeholders nested in branches, and select inside plural keeps #', () => {
    const text = '{count, plural, one {# prodotto di {brand}} other {# prodotti di {brand}}}';
    expect(formatMessage(text, { count: 1, brand: 'Wüsthof' }, 'it-IT')).toBe('1 prodotto di Wüsthof');
    const nested = '{count, plural, one {{kind, select, knife {# coltello} other {# articolo}}} other {# pezzi}}';
    expect(formatMessage(nested, { count: 1, kind: 'knife' }, 'it-IT')).toBe('1 coltello');
    expect(formatMessage(nested, { count: 1, kind: 'pan' }, 'it-IT')).toBe('1 articolo');
    expect(formatMessage(nested, { count: 4, kind: 'pan' }, 'it-IT')).toBe('4 pezzi');
  });

  it('selects by value, falling back to other', () => {
    const text = '{gender, select, female {Benvenuta} male {Benvenuto} other {Benvenuto/a}} {name}';
    expect(formatMessage(text, { gender: 'female', name: 'Ada' }, 'it-IT')).toBe('Benvenuta Ada');
    expect(formatMessage(text, { gender: 'x', name: 'Ada' }, 'it-IT')).toBe('Benvenuto/a Ada');
  });

  it('takes plural counts given as digit strings, and leaves missing values visible', () => {
    expect(formatMessage(ITEMS, { count: '1' }, 'it-IT')).toBe('Carrello, 1 articolo');
    expect(formatMessage(ITEMS, {}, 'it-IT')).toBe('Carrello, {count}');
    expect(formatMessage('Ciao {name}', {}, 'it-IT')).toBe('Ciao {name}');
  });

  it('keeps apostrophes and # outside plurals as text', () => {
    expect(formatMessage("L'ordine n. #{number} dell'{date}", { number: '000123', date: '1/3' }, 'it-IT')).toBe("L'ordine n. #000123 dell'1/3");
  });
});

describe('parseMessage', () => {
  it('refuses broken messages', () => {
    for (const text of ['{count', 'a } b', '{count, plural, one {x}}', '{count, plural, other {x}', '{count, ordinal, other {x}}', '{, plural, other {x}}', '{count, plural, one {a} one {b} other {c}}'])
      expect(() => parseMessage(text), text).toThrow(MessageSyntaxError);
  });

  it('names the arguments, nested ones included', () => {
    expect(messageArguments('{count, plural, one {# di {brand}} other {# di {brand}}} – {page}')).toEqual(['brand', 'count', 'page']);
  });
});
