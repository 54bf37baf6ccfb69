import { describe, expect, it as test } from 'vitest';
import de from '../../messages/de.json';
import en from '../../messages/en.json';
import it from '../../messages/it.json';
import { createTranslator, interpolate, t } from './index.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('t', () => {
  test('returns the Italian text of a key', () => {
    expect(t('header.cart')).toBe('Carrello');
    expect(t('price.exclTax')).toBe('IVA esclusa');
  });

  test('fills placeholders, writing numbers the it-IT way', () => {
    expect(t('a11y.opensSubmenu', { name: 'Coltelli' })).toBe('Sottocategorie di Coltelli');
    expect(t('category.productCount', { count: 1234 })).toBe('1234 prodotti');
    expect(t('category.productCount', { count: 12345 })).toBe('12.345 prodotti');
  });

  test('leaves unknown placeholders visible', () => {
    expect(interpolate('Ciao {name}, {other}', { name: 'Ada' })).toBe('Ciao Ada, {other}');
    expect(interpolate('Senza parametri {x}', undefined)).toBe('Senza parametri {x}');
  });

  test('falls back to the key when a catalogue lacks it', () => {
    const partial = createTranslator({ 'header.cart': 'Cart' }, 'en-US');
    expect(partial('header.cart')).toBe('Cart');
    expect(partial('header.account')).toBe('header.account');
  });
});

describe('message catalogues', () => {
  const reference = Object.keys(it).sort();

  for (const [name, messages] of Object.entries({ en, de } as Record<string, Record<string, string>>)) {
    test(`${name}.json has exactly the keys of it.json`, () => {
      expect(Object.keys(messages).sort()).toEqual(reference);
    });

    test(`${name}.json is translated and keeps the placeholders`, () => {
      for (const key of reference) {
        const source = (it as Record<string, string>)[key]!;
        const translated = messages[key]!;
        expect(translated.trim(), key).not.toBe('');
        expect(placeholders(translated), key).toEqual(placeholders(source));
      }
    });
  }

  test('no Italian message is empty', () => {
    for (const [key, text] of Object.entries(it)) expect(text.trim(), key).not.toBe('');
  });
});
