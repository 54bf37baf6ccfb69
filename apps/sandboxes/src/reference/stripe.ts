import { z } from 'zod';

/*
 * Stripe's Checkout Session API as ../shared/reference/integrations-security-legal.md §1.1 and
 * docs.stripe.com/api/checkout/sessions describe it: what the sandbox accepts and answers. Written
 * from the provider's documentation, not from our adapter, so the contract tests catch either
 * side drifting.
 */

/** Form-encoded request fields, keys as sent (`line_items[0][price_data][unit_amount]`). */
export const createSessionForm = z
  .object({
    mode: z.literal('payment'),
    success_url: z.string().url(),
    cancel_url: z.string().url(),
    'line_items[0][quantity]': z.string().regex(/^[1-9]\d*$/),
    'line_items[0][price_data][currency]': z.literal('eur'),
    'line_items[0][price_data][unit_amount]': z.string().regex(/^[1-9]\d*$/, 'unit_amount: a positive integer in cents'),
    'line_items[0][price_data][product_data][name]': z.string().min(1),
    expires_at: z.string().regex(/^\d+$/).optional(),
    client_reference_id: z.string().max(200).optional(),
    customer_email: z.string().optional(),
    locale: z.string().optional(),
  })
  .catchall(z.string());

export const checkoutSession = z.object({
  id: z.string().startsWith('cs_'),
  object: z.literal('checkout.session'),
  amount_total: z.number().int(),
  currency: z.literal('eur'),
  mode: z.literal('payment'),
  status: z.enum(['open', 'complete', 'expired']),
  payment_status: z.enum(['unpaid', 'paid', 'no_payment_required']),
  url: z.string().url().nullable(),
  success_url: z.string(),
  cancel_url: z.string(),
  client_reference_id: z.string().nullable(),
  metadata: z.record(z.string(), z.string()),
  expires_at: z.number().int(),
  created: z.number().int(),
  livemode: z.boolean(),
  payment_intent: z.string().nullable(),
});

/** POST /v1/refunds (docs.stripe.com/api/refunds/create): a PaymentIntent (or charge), an amount in cents (default: what is left). */
export const createRefundForm = z
  .object({
    payment_intent: z.string().startsWith('pi_'),
    amount: z.string().regex(/^[1-9]\d*$/, 'amount: a positive integer in cents').optional(),
    reason: z.enum(['duplicate', 'fraudulent', 'requested_by_customer']).optional(),
  })
  .catchall(z.string());

export const refund = z.object({
  id: z.string().startsWith('re_'),
  object: z.literal('refund'),
  amount: z.number().int().positive(),
  currency: z.literal('eur'),
  payment_intent: z.string().startsWith('pi_'),
  status: z.enum(['pending', 'requires_action', 'succeeded', 'failed', 'canceled']),
  reason: z.enum(['duplicate', 'fraudulent', 'requested_by_customer']).nullable(),
  metadata: z.record(z.string(), z.string()),
  created: z.number().int(),
});

export const event = z.object({
  id: z.string().startsWith('evt_'),
  object: z.literal('event'),
  type: z.string(),
  created: z.number().int(),
  livemode: z.boolean(),
  data: z.object({ object: checkoutSession }),
});

export const errorAnswer = z.object({
  error: z.object({ type: z.string(), message: z.string(), code: z.string().optional(), decline_code: z.string().optional() }),
});

/** `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256("<t>.<rawBody>", whsec_…)>`. */
export const signatureHeader = z.string().regex(/^t=\d+,v1=[0-9a-f]{64}$/);
