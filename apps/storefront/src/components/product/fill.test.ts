import { describe, expect, it } from 'vitest';
import { fill } from './fill.ts';

describe('fill', () => {
  it('puts parameters into a message and leaves unknown placeholders visible', () => {
    expect(fill('Codice articolo: {sku}', { sku: 'A-1' })).toBe('Codice articolo: A-1');
    expect(fill('Immagine {n} di {total}', { n: 2 })).toBe('Immagine 2 di {total}');
    expect(fill('Senza parametri')).toBe('Senza parametri');
  });
});
