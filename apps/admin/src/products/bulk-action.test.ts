import { describe, expect, it } from 'vitest';
import { blankBulkForm, bulkActionOf, confirmationOf } from './bulk-action.ts';

const form = blankBulkForm();

describe('a bulk action', () => {
  it('reads a percent or an amount with its sign, the Italian way', () => {
    expect(bulkActionOf({ ...form, kind: 'percent', change: '10' })).toEqual({ type: 'price', mode: 'percent', value: 10, alsoSpecial: true });
    expect(bulkActionOf({ ...form, kind: 'percent', change: '-12,5 %', alsoSpecial: false })).toEqual({ type: 'price', mode: 'percent', value: -12.5, alsoSpecial: false });
    expect(bulkActionOf({ ...form, kind: 'amount', change: '+2,50' })).toEqual({ type: 'price', mode: 'amount', value: 250, alsoSpecial: true });
    expect(bulkActionOf({ ...form, kind: 'amount', change: '-1' })).toEqual({ type: 'price', mode: 'amount', value: -100, alsoSpecial: true });
  });

  it('refuses a change it cannot read, or none, saying how to write it', () => {
    for (const change of ['', '0', 'dieci', '1,234', '1001', '-101']) expect(() => bulkActionOf({ ...form, kind: 'percent', change }), change).toThrow('Variazione: scrivi una percentuale');
    for (const change of ['', '0', '-', 'x']) expect(() => bulkActionOf({ ...form, kind: 'amount', change }), change).toThrow('Variazione: scrivi un importo');
    expect(() => bulkActionOf({ ...form, kind: 'stock', qty: '-3' })).toThrow('Quantità: scrivi un numero');
    expect(() => bulkActionOf({ ...form, kind: 'category', categoryId: '' })).toThrow('Categoria: scegli');
  });

  it('sets status, stock or a category', () => {
    expect(bulkActionOf({ ...form, kind: 'status', status: '2' })).toEqual({ type: 'status', status: 2 });
    expect(bulkActionOf({ ...form, kind: 'stock', qty: '25' })).toEqual({ type: 'stock', qty: 25 });
    expect(bulkActionOf({ ...form, kind: 'category', categoryId: '93' })).toEqual({ type: 'category', categoryId: 93 });
  });

  it('asks for confirmation saying what changes on how many products', () => {
    expect(confirmationOf({ type: 'price', mode: 'percent', value: 10, alsoSpecial: false }, 12)).toBe('Aumentare del 10 % il prezzo di 12 prodotti?');
    expect(confirmationOf({ type: 'price', mode: 'percent', value: -12.5, alsoSpecial: true }, 1)).toBe('Ridurre del 12,5 % il prezzo, e il prezzo speciale dove c’è, di 1 prodotto?');
    expect(confirmationOf({ type: 'price', mode: 'amount', value: -250, alsoSpecial: false }, 3).replace(/\s/g, ' ')).toBe('Ridurre del 2,50 € il prezzo di 3 prodotti?');
    expect(confirmationOf({ type: 'status', status: 2 }, 15000)).toBe('Impostare lo stato «Disattivato» per 15.000 prodotti?');
    expect(confirmationOf({ type: 'stock', qty: 0 }, 2)).toBe('Impostare la quantità a magazzino a 0 per 2 prodotti?');
    expect(confirmationOf({ type: 'category', categoryId: 93 }, 2, 'Taglieri › Polietilene')).toBe('Aggiungere la categoria «Taglieri › Polietilene» a 2 prodotti?');
  });

  it('says "more than" when the list did not count every match', () => {
    expect(confirmationOf({ type: 'status', status: 2 }, 10000, '', true)).toBe('Impostare lo stato «Disattivato» per più di 10.000 prodotti?');
  });
});
