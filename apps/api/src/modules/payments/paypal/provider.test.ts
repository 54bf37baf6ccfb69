import { describe, expect, it } from 'vitest';
import type { OnlineCheckout } from '../provider.ts';
import type { PaypalClient } from './client.ts';
import { paypalProvider } from './provider.ts';

/** A client that keeps the order the shop sends PayPal and answers with an approval link. */
function recordingClient() {
  const sent: unknown[] = [];
  const client = {
    createOrder: async (body: unknown) => {
      sent.push(body);
      return { id: 'PAYPAL1', status: 'PAYER_ACTION_REQUIRED', links: [{ rel: 'payer-action', href: 'https://www.paypal.com/checkoutnow?token=PAYPAL1' }] };
    },
  } as unknown as PaypalClient;
  return { client, sent };
}

const checkout = {
  incrementId: '000000042',
  grandTotalCents: 12_200,
  email: 'buyer@example.com',
  idempotencyKey: 'key-1',
  returnUrl: 'https://shop.example/thank-you',
  cancelUrl: 'https://shop.example/payment-cancelled',
} as OnlineCheckout;

describe('paypalProvider: the order sent to PayPal (shopping §9, ADR 0026)', () => {
  it('excludes the guest card form and delayed funding: PayPal sign-in first, immediate payment only', async () => {
    const { client, sent } = recordingClient();
    const started = await paypalProvider(client, true).create(checkout);
    expect(started).toEqual({ reference: 'PAYPAL1', redirectUrl: 'https://www.paypal.com/checkoutnow?token=PAYPAL1' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: '000000042', amount: { currency_code: 'EUR', value: '122.00' } }],
      payment_source: {
        paypal: {
          experience_context: {
            landing_page: 'LOGIN',
            payment_method_preference: 'IMMEDIATE_PAYMENT_REQUIRED',
            locale: 'it-IT',
            return_url: 'https://shop.example/thank-you',
            cancel_url: 'https://shop.example/payment-cancelled',
          },
        },
      },
    });
    // The wallet only: no card, MyBank or Sofort payment source is ever sent.
    expect(Object.keys((sent[0] as { payment_source: object }).payment_source)).toEqual(['paypal']);
  });
});
