import type { AdminProductMember } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { memberFormOf, memberPatchOf } from './member-form.ts';

const child: AdminProductMember = { sku: 'GUANTO-M', id: 41, name: 'Guanto M', status: 1, priceCents: 1000, specialPriceCents: null, specialFrom: null, specialTo: null, stock: { qty: 20, isInStock: true, manageStock: true, backorders: false }, options: { taglia: '5' } };

describe('a member’s row', () => {
  it('sends what changed of its price and stock, by its own SKU', () => {
    expect(memberPatchOf(memberFormOf(child), child)).toEqual({});
    expect(memberPatchOf({ price: '12,50', qty: '20' }, child)).toEqual({ priceCents: 1250 });
    expect(memberPatchOf({ price: '10', qty: '0' }, child)).toEqual({ qty: 0 });
  });

  it('refuses what it cannot read, naming the product', () => {
    expect(() => memberPatchOf({ price: '-1', qty: '20' }, child)).toThrow('Prezzo di GUANTO-M: scrivi un importo in euro');
    expect(() => memberPatchOf({ price: '10', qty: 'tanti' }, child)).toThrow('Quantità di GUANTO-M: scrivi un numero di pezzi');
  });
});
