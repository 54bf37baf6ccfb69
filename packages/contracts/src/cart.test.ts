import { QUICK_ORDER_MAX_QTY, QUICK_ORDER_MAX_ROWS } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { CART_MAX_QTY, quickOrderBody, shippingInformationBody, shippingMethodsBody } from './cart.ts';

describe('quickOrderBody', () => {
  it('takes what the quick order rules let through: a row of at most the cart’s quantity per line, at most 1,000 rows', () => {
    expect(QUICK_ORDER_MAX_QTY).toBe(CART_MAX_QTY);
    expect(quickOrderBody.safeParse({ rows: [{ sku: 'A', qty: QUICK_ORDER_MAX_QTY }] }).success).toBe(true);
    expect(quickOrderBody.safeParse({ rows: [{ sku: 'A', qty: QUICK_ORDER_MAX_QTY + 1 }] }).success).toBe(false);
    expect(quickOrderBody.safeParse({ rows: Array.from({ length: QUICK_ORDER_MAX_ROWS }, () => ({ sku: 'A', qty: 1 })) }).success).toBe(true);
  });
});

describe('VSF1 checkout bodies sent on every cart change (issue #47)', () => {
  it('takes street lines not typed yet ([null, null]) as none', () => {
    const body = shippingMethodsBody.parse({ address: { country_id: 'IT', region_id: 0, street: [null, null], postcode: '', city: '', region: '', region_code: '' } });
    expect(body.address.street).toEqual([]);
    expect(shippingMethodsBody.parse({ address: { country_id: 'IT', street: ['Via Roma 1', null] } }).address.street).toEqual(['Via Roma 1']);
    expect(shippingMethodsBody.safeParse({ address: { country_id: 'IT', street: [42] } }).success).toBe(false);
  });

  it('takes an empty billing countryId as not chosen, and still refuses a wrong one', () => {
    const info = (countryId: string) => ({ addressInformation: { shippingAddress: { countryId: 'IT', street: [''] }, billingAddress: { firstname: '', street: [''], countryId } } });
    const body = shippingInformationBody.parse(info(''));
    expect(body.addressInformation.billingAddress).toEqual({ firstname: '', street: [''] });
    expect(shippingInformationBody.parse(info('DE')).addressInformation.billingAddress?.countryId).toBe('DE');
    expect(shippingInformationBody.safeParse(info('Italia')).success).toBe(false);
  });
});
