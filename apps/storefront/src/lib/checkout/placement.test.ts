import { CHECKOUT_MESSAGES as M, emptyCheckoutForm } from '@shop/contracts/checkout-rules';
import { describe, expect, it } from 'vitest';
import { orderPayload, placementOutcome } from './placement.ts';

describe('placing an order', () => {
  it('sends the VSF1 payload: the cart token, the addresses, the methods and the reviewed total, never prices', () => {
    const form = emptyCheckoutForm();
    form.personalDetails.emailAddress = ' mario@example.it ';
    form.shippingDetails.shippingCarrier = 'flatrate';
    form.shippingDetails.shippingMethod = 'flatrate';
    form.paymentDetails.paymentMethod = 'banktransfer';
    const payload = orderPayload(form, 'token', 'order-1', 128.7);
    expect(payload).toMatchObject({
      cart_id: 'token',
      order_id: 'order-1',
      email: 'mario@example.it',
      expected_grand_total: 128.7,
      products: [],
      addressInformation: { shipping_carrier_code: 'flatrate', shipping_method_code: 'flatrate', payment_method_code: 'banktransfer' },
    });
  });

  it('sends a resend the very body of the first send (the idempotency key is bound to it)', () => {
    const form = emptyCheckoutForm();
    form.paymentDetails.paymentMethod = 'cashondelivery';
    expect(orderPayload(form, 'token', 'order-1', 50).addressInformation.payment_method_additional).toBeUndefined();
    expect(orderPayload(form, 'token', 'order-1', 50, 3).addressInformation.payment_method_additional).toEqual({ installments_count: 3 });
    const first = JSON.stringify(orderPayload(form, 'token', 'order-1', 50));
    expect(JSON.stringify(orderPayload(structuredClone(form), 'token', 'order-1', 50))).toBe(first);
    expect(first).not.toContain('created_at');
  });

  it('reads the answer: placed, field problems on the form, refusals to show, failures to retry', () => {
    expect(placementOutcome({ code: 200, result: { incrementId: '000000007', accessKey: 'k' } }, true)).toEqual({ kind: 'placed', incrementId: '000000007', accessKey: 'k' });
    expect(
      placementOutcome(
        { code: 400, result: `Invalid request body: addressInformation.billingAddress.vat_id: ${M.vatInvalid}; addressInformation.shippingAddress.postcode: ${M.zipInvalid}` },
        true,
      ),
    ).toEqual({ kind: 'fields', errors: { 'paymentDetails.taxId': M.vatInvalid, 'shippingDetails.zipCode': M.zipInvalid } });
    expect(placementOutcome({ code: 400, result: 'Invalid request body: addressInformation.shipping_method_code: Too small' }, true)).toEqual({
      kind: 'fields',
      errors: { 'shippingDetails.shippingMethod': 'Too small' },
    });
    const changed = M.priceChanged.replace('{grandTotal}', '130.00 EUR');
    expect(placementOutcome({ code: 409, result: changed }, true)).toEqual({ kind: 'refused', text: changed, reload: true });
    expect(placementOutcome({ code: 400, result: M.emptyCart }, true)).toEqual({ kind: 'refused', text: M.emptyCart, reload: false });
    expect(placementOutcome({ code: 0, result: 'TypeError: fetch failed' }, true)).toEqual({ kind: 'failed' });
    expect(placementOutcome({ code: 503, result: 'down' }, true)).toEqual({ kind: 'failed' });
    // An online method: the provider's page; a provider that is down is said, not retried.
    expect(placementOutcome({ code: 200, result: { incrementId: '000000008', accessKey: 'k', redirectUrl: 'https://pay.example/cs_1' } }, true)).toEqual({
      kind: 'placed',
      incrementId: '000000008',
      accessKey: 'k',
      redirectUrl: 'https://pay.example/cs_1',
    });
    expect(placementOutcome({ code: 503, result: M.paymentProviderUnavailable }, true)).toEqual({ kind: 'refused', text: M.paymentProviderUnavailable, reload: false });
  });
});
