import { randomUUID } from 'node:crypto';
import type { OrderRequestInput } from '@shop/contracts';
import { sampleAddress, sampleCompanyBilling } from '@shop/contracts/sample-order';
import { expect } from 'vitest';
import type { TestApi } from './api-harness.ts';

/** Carts and order requests against a test API, as a checkout makes them. */
export function orderHelpers(api: () => TestApi) {
  const q = (cart: string) => `?cartId=${cart}`;

  /** A guest cart with these lines; with a customer's token, that customer's cart. */
  async function cartWith(lines: [sku: string, qty: number][], token?: string): Promise<string> {
    const as = token ? `&token=${token}` : '';
    const cart = (await api().call(`/api/cart/create${token ? `?token=${token}` : ''}`, { method: 'POST' })).body.result as string;
    for (const [sku, qty] of lines) {
      const res = await api().call(`/api/cart/update${q(cart)}${as}`, { body: { cartItem: { sku, qty } } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    return cart;
  }

  function orderBody(cart: string, payment = 'banktransfer', billing: object = sampleCompanyBilling, extra: Partial<OrderRequestInput> = {}): OrderRequestInput {
    return {
      cart_id: cart,
      order_id: randomUUID(),
      addressInformation: {
        shippingAddress: { ...sampleAddress, extension_attributes: { tipo_attivita: 8492 } },
        billingAddress: billing as OrderRequestInput['addressInformation']['billingAddress'],
        shipping_carrier_code: 'flatrate',
        shipping_method_code: 'flatrate',
        payment_method_code: payment,
      },
      ...extra,
    };
  }

  const place = (body: OrderRequestInput, headers: Record<string, string> = {}) => api().call('/api/order', { body, headers });

  return { q, cartWith, orderBody, place };
}
