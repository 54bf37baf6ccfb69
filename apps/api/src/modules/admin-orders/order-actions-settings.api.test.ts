import type { AdminOrderDetail } from '@shop/contracts';
import { upsertProducts } from '@shop/db';
import { italianDay } from '../invoices/document.ts';
import { sandboxCredentials, startSandboxes, type RunningSandboxes } from '@shop/sandboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-harness.ts';
import { sandboxStripe } from '../../testing/payment-sandboxes.ts';
import { orderHelpers } from '../../testing/orders.ts';
import { productFactory } from '../../testing/products.ts';
import { staffSession } from '../../testing/staff-session.ts';

/** The order actions with invoices issued on shipment (INVOICE_ON=shipped) and an online method (the Stripe sandbox). */
let api: TestApi;
let sandboxes: RunningSandboxes;
const credentials = sandboxCredentials('order-actions-test');
const product = productFactory(999_300);
const { cartWith, orderBody, place } = orderHelpers(() => api);
let staff: Record<string, string>;

beforeAll(async () => {
  sandboxes = await startSandboxes({ credentials, stripeWebhookUrl: () => `${api.url}/api/ext/stripe/webhook` });
  api = await startTestApi({
    invoicing: { on: 'shipped', regimeFiscale: 'RF01', zeroRateNatura: 'N2.2' },
    onlinePayments: { stripe: { ...credentials.stripe, apiUrl: sandboxes.urls.stripe } },
  });
  staff = await staffSession(api);
  await upsertProducts(api.database.db, [product('SET-PAN', 19.99)]);
});
afterAll(async () => {
  await api?.dispose();
  await sandboxes?.stop();
});

const stripe = () => sandboxStripe(credentials, sandboxes);
const act = (n: string, action: string, body: unknown) => api.call(`/api/admin/orders/${n}/${action}`, { body, headers: staff });

async function placed(payment: string) {
  const res = await place(orderBody(await cartWith([['SET-PAN', 2]]), payment));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.incrementId as string;
}

describe('INVOICE_ON=shipped', () => {
  it('issues the invoice with the first shipment, not with the payment', async () => {
    const incrementId = await placed('banktransfer');
    const { grand_total_cents } = await api.database.db.selectFrom('sales_order').select('grand_total_cents').where('increment_id', '=', incrementId).executeTakeFirstOrThrow();
    const paid = await act(incrementId, 'payment-received', { amountCents: grand_total_cents, date: italianDay(new Date()) });
    expect((paid.body.result as AdminOrderDetail).invoices).toEqual([]);
    const partly = await act(incrementId, 'ship', { carrier: 'SDA', trackingNumber: 'SDA-1', lines: [{ sku: 'SET-PAN', qty: 1 }] });
    expect(partly.status, JSON.stringify(partly.body)).toBe(200);
    expect((partly.body.result as AdminOrderDetail).invoices).toEqual([expect.objectContaining({ type: 'TD01', totalCents: grand_total_cents })]);
    const rest = await act(incrementId, 'ship', { carrier: 'SDA', trackingNumber: 'SDA-2' });
    expect((rest.body.result as AdminOrderDetail).invoices).toHaveLength(1);
  });
});

describe('an online payment still open', () => {
  it('is not marked paid by hand, and cancelling the order stops it at the provider', async () => {
    const incrementId = await placed('stripe');
    const payment = await api.database.db.selectFrom('order_payment').innerJoin('sales_order', 'sales_order.id', 'order_payment.order_id').select(['reference', 'state']).where('increment_id', '=', incrementId).executeTakeFirstOrThrow();
    expect(payment.state).toBe('open');
    const page = (await api.call(`/api/admin/orders/${incrementId}`, { headers: staff })).body.result as AdminOrderDetail;
    expect(page.payment.transactions).toEqual([expect.objectContaining({ provider: 'stripe', reference: payment.reference, state: 'open' })]);
    expect(page.actions).toEqual(['cancel', 'note', 'resend-mail']);
    expect((await act(incrementId, 'payment-received', { amountCents: 1, date: italianDay(new Date()) })).body).toEqual({
      code: 409,
      result: `L’ordine ${incrementId} è in attesa di pagamento: l’azione “pagamento ricevuto” non è possibile.`,
    });
    const canceled = await act(incrementId, 'cancel', { reason: 'Il cliente ha cambiato idea' });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.body.result).toMatchObject({ status: 'canceled', paymentStatus: 'canceled', payment: { transactions: [expect.objectContaining({ state: 'canceled' })] } });
    expect((await stripe().checkout.sessions.retrieve(payment.reference!)).status).toBe('expired');
    expect((await act(incrementId, 'cancel', { reason: 'Ancora' })).body.result).toBe(`L’ordine ${incrementId} è annullato: l’azione “annulla” non è possibile.`);
  });
});
