import { ADMIN_PRODUCT_MESSAGES as M } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api.ts';
import { FieldError } from './product-form.ts';
import { refusalOf } from './product-refusal.ts';

describe('a refusal of the API beside the product form', () => {
  it('names the field by its label and marks it', () => {
    expect(refusalOf(new ApiError(400, 'specialPriceCents: il prezzo speciale (200,00 €) deve essere inferiore al prezzo (110,00 €).'))).toEqual({
      text: 'Prezzo speciale (IVA esclusa, €): il prezzo speciale (200,00 €) deve essere inferiore al prezzo (110,00 €).',
      fields: ['specialPrice'],
    });
  });

  it('drops the English prefix of a body refused by its schema, naming rows and attributes', () => {
    expect(refusalOf(new ApiError(400, `Invalid request body: tierPrices.0.qty: ${M.tierQty}; urlKey: ${M.urlKey}`))).toEqual({
      text: `Prezzi per quantità (scaglioni) (riga 1): ${M.tierQty}; Chiave URL: ${M.urlKey}`,
      fields: ['tierPrices', 'urlKey'],
    });
    expect(refusalOf(new ApiError(400, 'attributes.marca: «99999» non è tra i valori di «Marca».'))).toEqual({ text: 'Attributi tecnici (marca): «99999» non è tra i valori di «Marca».', fields: ['attributes'] });
    expect(refusalOf(new ApiError(400, `Invalid request body: a: x; b: y; c: z; d: w; e: v (and 2 more)`))?.text).toBe('a: x; b: y; c: z; d: w; e: v (e altri 2 problemi)');
  });

  it('names the SKU of a new product taken already', () => {
    expect(refusalOf(new ApiError(409, M.skuTaken.replace('{sku}', 'COL-20')))).toEqual({ text: 'SKU: lo SKU COL-20 è già usato da un altro prodotto.', fields: ['sku'] });
  });

  it('keeps a refusal that names no field as it is', () => {
    expect(refusalOf(new ApiError(0, 'Il negozio non risponde: riprova tra poco.'))).toEqual({ text: 'Il negozio non risponde: riprova tra poco.', fields: [] });
    expect(refusalOf(null)).toBeNull();
  });

  it('takes the form’s own refusal as worded', () => {
    expect(refusalOf(new FieldError('qty', 'Quantità a magazzino: scrivi un numero.'))).toEqual({ text: 'Quantità a magazzino: scrivi un numero.', fields: ['qty'] });
  });
});
