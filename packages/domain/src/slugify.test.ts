import { describe, expect, it } from 'vitest';
import { categorySlug, productSlug, slugify } from './slugify.ts';

describe('slugify (VSF vectors)', () => {
  it.each([
    ['Coltello Santoku 18 cm', 'coltello-santoku-18-cm'],
    ['Pentola & Coperchio Ø 24', 'pentola-and-coperchio-o-24'],
    ['Caffè Espresso', 'caffe-espresso'],
    ['  Teglia  ', '-teglia-'],
    ['Tagliere 60×40 (PE-500)', 'tagliere-6040-pe-500'],
    ['Straße Œuvre', 'strasse-oeuvre'],
  ])('%j → %j', (text, expected) => {
    expect(slugify(text)).toBe(expected);
  });
});

describe('productSlug / categorySlug', () => {
  it('prefers slug, then url_key, then the slugified name with the id', () => {
    expect(productSlug({ id: 7, name: 'Caffè Espresso', slug: 'caffe', url_key: 'caffe-key' })).toBe('caffe');
    expect(productSlug({ id: 7, name: 'Caffè Espresso', url_key: 'caffe-key' })).toBe('caffe-key');
    expect(productSlug({ id: 7, name: 'Caffè Espresso', slug: '' })).toBe('caffe-espresso-7');
    expect(categorySlug({ id: 21, name: 'Coltelli da cucina' })).toBe('coltelli-da-cucina-21');
  });
});
