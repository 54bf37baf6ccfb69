import { describe, expect, it } from 'vitest';
import { t } from '../i18n/translate.ts';
import { ApiError } from '../api.ts';
import { bodyOf, formOf, refusalOf } from './coupon-form.ts';

const form = (changes: Partial<ReturnType<typeof formOf>>) => ({ ...formOf(null), code: ' estate ', value: '12,5', ...changes });

describe('the coupon dialog’s fields as the API takes them', () => {
  it('reads percents and euros the Italian way, empty limits as none, categories as numbers', () => {
    expect(bodyOf(form({ categoryIds: '90, 100', usagePerCustomer: '1' }))).toEqual({
      code: 'estate', description: '', discountType: 'percent', discountValue: 1250, categoryIds: [90, 100], minSubtotalCents: 0,
      validFrom: null, validTo: null, usageLimit: null, usagePerCustomer: 1, active: true,
    });
    expect(bodyOf(form({ discountType: 'fixed', value: '7,50', minSubtotal: '1.000' }))).toMatchObject({ discountValue: 750, minSubtotalCents: 100_000 });
  });

  it('names the field to correct', () => {
    expect(() => bodyOf(form({ value: 'dieci' }))).toThrow(t('coupons.bad.percent'));
    expect(() => bodyOf(form({ discountType: 'fixed', value: '-5' }))).toThrow(t('coupons.bad.amount'));
    expect(() => bodyOf(form({ categoryIds: 'frigo' }))).toThrow(t('coupons.bad.categories'));
    expect(() => bodyOf(form({ usageLimit: '1,5' }))).toThrow(t('coupons.bad.usageLimit'));
  });

  it('gives an edited coupon back as it was typed', () => {
    const coupon = { id: 1, code: 'FREDDO15', description: 'x', discountType: 'percent' as const, discountValue: 1500, categoryIds: [90], minSubtotalCents: 30_000, validFrom: null, validTo: '2026-12-31T23:00:00.000Z', usageLimit: 100, usagePerCustomer: null, timesUsed: 3, active: false };
    const { timesUsed: _, id: __, ...body } = coupon;
    expect(bodyOf(formOf(coupon))).toEqual(body);
  });

  it('words the API’s refusals with the field’s label, as the seller sees it', () => {
    const refusal = (message: string, changes: Partial<ReturnType<typeof formOf>> = {}) => (refusalOf(new ApiError(409, message), form(changes)) as Error).message;
    expect(refusal('code: esiste già un coupon con questo codice (maiuscole e minuscole non contano).')).toBe('Codice: esiste già un coupon con questo codice (maiuscole e minuscole non contano).');
    expect(refusal('discountValue: una percentuale non può superare il 100 % (10000).')).toBe('Sconto in percentuale: una percentuale non può superare il 100 % (10000).');
    expect(refusal('discountValue: x', { discountType: 'fixed' })).toBe('Sconto in euro: x');
    expect(refusal('validTo: la fine della validità deve venire dopo l’inizio.')).toBe('Valido fino al: la fine della validità deve venire dopo l’inizio.');
    // A message without a field of the form, and what is not the API's answer, stay as they are.
    expect(refusal('Coupon non trovato.')).toBe('Coupon non trovato.');
    expect(refusal('csrf: token mancante')).toBe('csrf: token mancante');
    const other = new Error('rete');
    expect(refusalOf(other, form({}))).toBe(other);
  });
});
