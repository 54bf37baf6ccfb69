import { describe, expect, it } from 'vitest';
import { orderView, type OrderViewInput } from './order-view.ts';
import { sampleAddress, sampleOrder } from './sample-order.ts';

const sampleOrderView: OrderViewInput = sampleOrder({
  incrementId: '000000001',
  billingAddress: { ...sampleAddress, custom_attributes: [{ attribute_code: 'sdi_code', value: 'm5uxcr1' }] },
  shippingAddress: sampleAddress,
});

describe('orderView', () => {
  it('parses an order and normalises its addresses', () => {
    const view = orderView.parse(sampleOrderView);
    expect(view.billingAddress.custom_attributes).toEqual({ sdi_code: 'M5UXCR1' });
    expect(view.shippingAddress.extension_attributes).toEqual({});
    expect(view.payment.instructions?.reference).toBe('Ordine 000000042');
  });

  it('refuses unknown statuses and payment codes', () => {
    expect(orderView.safeParse({ ...sampleOrderView, status: 'shipped' }).success).toBe(false);
    expect(orderView.safeParse({ ...sampleOrderView, payment: { ...sampleOrderView.payment, fatturapaCode: 'MP99' } }).success).toBe(false);
  });
});
