import type { AdminCategory } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { bodyOf, formOf } from './category-form.ts';

const category: AdminCategory = {
  id: 21, parentId: 20, name: 'Coltelli da cucina', level: 4, position: 1, path: '1/2/3/20/21', urlKey: 'coltelli-da-cucina', urlPath: 'coltelli/coltelli-da-cucina', slug: 'coltelli-da-cucina',
  isActive: true, includeInMenu: true, productCount: 12, metaTitle: 'Coltelli', metaDescription: null, robots: 'index,follow', shortDescription: '<p>Lame</p>',
  faq: [{ question: 'Quale?', answer: 'Questo.' }], cmsBlockTop: null, cmsBlockBottom: 'banner-coltelli',
};

describe('the category form', () => {
  it('sends nothing when nothing changed, even a value the form shows otherwise', () => {
    expect(bodyOf(formOf(category), formOf(category))).toEqual({});
  });

  it('sends the fields changed: empty text as null, the FAQ without empty pairs', () => {
    const loaded = formOf(category);
    const form = { ...loaded, name: 'Coltelli da chef', metaTitle: '  ', cmsBlockTop: 'banner-novita', faq: loaded.faq.map((pair, i) => (i === 2 ? { question: ' Si lavano? ', answer: 'In lavastoviglie.' } : pair)) };
    expect(bodyOf(form, loaded)).toEqual({
      name: 'Coltelli da chef',
      metaTitle: null,
      cmsBlockTop: 'banner-novita',
      faq: [{ question: 'Quale?', answer: 'Questo.' }, { question: 'Si lavano?', answer: 'In lavastoviglie.' }],
    });
  });

  it('refuses a question without its answer, naming it as the form does', () => {
    const loaded = formOf(category);
    const form = { ...loaded, faq: loaded.faq.map((pair, i) => (i === 3 ? { question: 'Sola domanda?', answer: ' ' } : pair)) };
    expect(() => bodyOf(form, loaded)).toThrow('Domanda 4: scrivi anche la risposta, oppure svuota la domanda.');
  });
});
