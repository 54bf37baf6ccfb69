import { describe, expect, it as test } from 'vitest';
import de from '../../messages/de.json';
import en from '../../messages/en.json';
import it from '../../messages/it.json';
import { messageArguments, parseMessage } from './icu.ts';
import { createTranslator, interpolate, t } from './index.ts';

const placeholders = (text: string) => messageArguments(text);

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

  test('chooses the plural form by the count (no "1 articoli")', () => {
    expect(t('cart.badge', { count: 1 })).toBe('1 articolo');
    expect(t('cart.badge', { count: 2 })).toBe('2 articoli');
    expect(t('category.productCount', { count: 1 })).toBe('1 prodotto');
    expect(t('reviews.count', { count: 0 })).toBe('Nessuna recensione');
    expect(t('reviews.count', { count: 1 })).toBe('1 recensione');
    expect(t('search.resultCount', { count: 1 })).toBe('1 prodotto trovato');
    expect(t('filterDrawer.show', { count: 0 })).toBe('Nessun prodotto');
    expect(t('filterDrawer.show', { count: 1 })).toBe('Mostra 1 prodotto');
    expect(t('sitemap.summary', { count: 1, page: 1, pages: 1 })).toBe('1 categoria – pagina 1 di 1');
    const english = createTranslator(en, 'en-US');
    expect(english('cart.badge', { count: 1 })).toBe('1 item');
    expect(english('cart.badge', { count: 3 })).toBe('3 items');
    const german = createTranslator(de, 'de-DE');
    expect(german('compare.caption', { count: 1 })).toBe('Vergleich von 1 Produkt');
    expect(german('compare.caption', { count: 2 })).toBe('Vergleich von 2 Produkten');
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

  for (const [name, messages] of Object.entries({ it, en, de } as Record<string, Record<string, string>>)) {
    test(`every ${name}.json text is an ICU message`, () => {
      for (const [key, text] of Object.entries(messages)) expect(() => parseMessage(text), key).not.toThrow();
    });
  }

  test('no Italian message writes a count next to a fixed plural word', () => {
    // A count must go through a plural form: "{count} articoli" would read "1 articoli".
    const fixedPlural = /\{(count|qty|rating|max|minutes|seconds|maxQuantity)\}\s+(articoli|prodotti|risultati|recensioni|categorie|giorni|righe|pezzi|caratteri|stelle|rate|minuti|secondi)\b/;
    for (const [key, text] of Object.entries(it)) expect(text, key).not.toMatch(fixedPlural);
  });

  test('no Italian message is empty', () => {
    for (const [key, text] of Object.entries(it)) expect(text.trim(), key).not.toBe('');
  });
});
