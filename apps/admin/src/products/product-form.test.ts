import type { AdminProduct } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { blankForm, createBodyOf, FieldError, formOf, patchOf } from './product-form.ts';

const product: AdminProduct = {
  id: 12, sku: 'COL-20', typeId: 'simple', parentSkus: [], name: 'Coltello da cuoco 20 cm', description: '<p>Lama inox</p>', shortDescription: '', status: 1, visibility: 4, categoryIds: [21, 22],
  priceCents: 4990, specialPriceCents: 3990, specialFrom: '2026-11-30T23:00:00.000Z', specialTo: null,
  tierPrices: [{ customerGroupId: 0, qty: 10, priceCents: 4500 }], groupPrices: [{ customerGroupId: 2, priceCents: 4200 }], taxClassId: 2,
  stock: { qty: 12, isInStock: true, manageStock: true, backorders: false }, availabilityMessage: 'Pronta consegna', availabilityCustomMessage: null, availabilityDate: null,
  attributes: { marca: '20012', materiale: ['301', '302'] }, metaTitle: null, metaDescription: null, urlKey: 'coltello-da-cuoco-20-cm', urlPath: 'coltelli/coltello-da-cuoco-20-cm', urlRedirects: [],
  image: null, images: [], updatedAt: null, children: [], bundleOptions: [], groupedMembers: [],
};

describe('the product form and its PATCH', () => {
  it('sends nothing when nothing changed (the window read back to the minute, the lists as loaded)', () => {
    expect(patchOf(formOf(product), formOf(product))).toEqual({});
  });

  it('sends the fields changed, in cents and ISO instants, empty text as null', () => {
    const loaded = formOf(product);
    const form = { ...loaded, price: '59,90', specialPrice: '1.234,5', specialTo: '2026-12-24T18:00', availabilityMessage: '  ', name: ' Coltello da chef ' };
    expect(patchOf(form, loaded)).toEqual({ name: 'Coltello da chef', priceCents: 5990, specialPriceCents: 123450, specialTo: new Date('2026-12-24T18:00').toISOString(), availabilityMessage: null });
  });

  it('removes the special price and its window with empty fields', () => {
    const loaded = formOf(product);
    expect(patchOf({ ...loaded, specialPrice: '', specialFrom: '' }, loaded)).toEqual({ specialPriceCents: null, specialFrom: null });
  });

  it('sends the stock quantity alone, and "disponibile" only when the seller changed it', () => {
    const loaded = formOf(product);
    expect(patchOf({ ...loaded, qty: '0' }, loaded)).toEqual({ qty: 0 });
    expect(patchOf({ ...loaded, qty: '2,5', isInStock: false }, loaded)).toEqual({ qty: 2.5, isInStock: false });
  });

  it('sends the price lists whole, without empty rows', () => {
    const loaded = formOf(product);
    const form = { ...loaded, tierPrices: [...loaded.tierPrices, { group: '32000', qty: '50', price: '39' }, { group: '0', qty: '', price: ' ' }] };
    expect(patchOf(form, loaded)).toEqual({ tierPrices: [{ customerGroupId: 0, qty: 10, priceCents: 4500 }, { customerGroupId: 32000, qty: 50, priceCents: 3900 }] });
    expect(patchOf({ ...loaded, groupPrices: [] }, loaded)).toEqual({ groupPrices: [] });
  });

  it('sends each technical attribute changed on its own, an emptied one as null', () => {
    const loaded = formOf(product);
    const form = { ...loaded, attributes: { ...loaded.attributes, marca: '', materiale: ['301'], dimensioni: '20 x 3 cm', colore: '' } };
    expect(patchOf(form, loaded)).toEqual({ attributes: { marca: null, materiale: ['301'], dimensioni: '20 x 3 cm' } });
  });

  it('refuses a price it cannot read, naming the field, before anything is sent', () => {
    const loaded = formOf(product);
    for (const price of ['-5', 'dieci', '12,345', '']) {
      const error = (() => {
        try {
          patchOf({ ...loaded, price }, loaded);
        } catch (problem) {
          return problem;
        }
      })();
      expect(error, price).toBeInstanceOf(FieldError);
      expect((error as FieldError).field).toBe('price');
      expect((error as FieldError).message).toBe('Prezzo (IVA esclusa, €): scrivi un importo in euro, zero o più, per esempio 19,90.');
    }
    expect(() => patchOf({ ...loaded, specialPrice: 'x' }, loaded)).toThrow('Prezzo speciale (IVA esclusa, €): scrivi');
    expect(() => patchOf({ ...loaded, qty: '-1' }, loaded)).toThrow('Quantità a magazzino: scrivi un numero di pezzi');
    expect(() => patchOf({ ...loaded, tierPrices: [{ group: '0', qty: '1', price: '3' }] }, loaded)).toThrow('Prezzi per quantità (scaglioni): riga 1: la quantità è un numero intero da 2 in su.');
    expect(() => patchOf({ ...loaded, groupPrices: [{ group: '1', qty: '', price: '0' }] }, loaded)).toThrow('Prezzi per gruppo di clienti: riga 1: scrivi un prezzo unitario');
  });
});

describe('a new simple product', () => {
  it('sends the SKU and what was filled in; the API defaults the rest', () => {
    const form = { ...blankForm('2'), name: 'Tagliere 40 x 30', price: '24,50', qty: '8', categoryIds: [93], attributes: { colore: '', materiale: ['305'] } };
    expect(createBodyOf(' TAG-4030 ', form)).toEqual({ sku: 'TAG-4030', name: 'Tagliere 40 x 30', status: 1, visibility: 4, categoryIds: [93], priceCents: 2450, taxClassId: 2, qty: 8, attributes: { materiale: ['305'] } });
  });

  it('refuses a price that is not one', () => {
    expect(() => createBodyOf('TAG', { ...blankForm('2'), name: 'Tagliere', price: '' })).toThrow(FieldError);
  });
});
