import { z } from 'zod';

/*
 * Alma's payment API as ../shared/reference/integrations-security-legal.md §1.2 and
 * docs.almapay.com describe it (amounts in integer cents, EUR): what the sandbox accepts and answers.
 */

const cents = z.number().int().positive();

export const plan = z.object({ installments_count: z.number().int().min(1).max(12), deferred_days: z.number().int().min(0), deferred_months: z.number().int().min(0) });

export const eligibilityRequest = z.object({
  purchase_amount: cents,
  queries: z.array(plan).optional(),
  origin: z.literal('online').optional(),
  billing_address: z.object({ country: z.string().length(2) }).partial().optional(),
});

const instalment = z.object({ due_date: z.number().int(), purchase_amount: z.number().int(), customer_fee: z.number().int(), total_amount: z.number().int() });

export const eligibilityAnswer = z.array(
  z.union([
    plan.extend({ eligible: z.literal(true), customer_fee: z.number().int(), annual_interest_rate: z.number(), payment_plan: z.array(instalment).min(1) }),
    plan.extend({
      eligible: z.literal(false),
      reasons: z.record(z.string(), z.unknown()),
      constraints: z.object({ purchase_amount: z.object({ minimum: z.number().int(), maximum: z.number().int() }) }).partial(),
    }),
  ]),
);

const address = z
  .object({ first_name: z.string(), last_name: z.string(), email: z.string(), phone: z.string(), line1: z.string(), line2: z.string(), postal_code: z.string(), city: z.string(), country: z.string(), company: z.string() })
  .partial();

export const createPaymentRequest = z.object({
  payment: z.object({
    purchase_amount: cents,
    installments_count: z.number().int().min(1).max(12),
    deferred_days: z.number().int().min(0).optional(),
    deferred_months: z.number().int().min(0).optional(),
    locale: z.string().min(2),
    origin: z.literal('online'),
    return_url: z.string().url(),
    failure_return_url: z.string().url(),
    customer_cancel_url: z.string().url(),
    ipn_callback_url: z.string().url(),
    custom_data: z.record(z.string(), z.unknown()).optional(),
    billing_address: address.optional(),
    shipping_address: address.optional(),
  }),
  order: z.object({ merchant_reference: z.string().min(1) }).optional(),
  customer: z.record(z.string(), z.unknown()).optional(),
});

export const payment = z.object({
  id: z.string().startsWith('payment_'),
  url: z.string().url(),
  state: z.string(),
  purchase_amount: z.number().int(),
  installments_count: z.number().int(),
  kind: z.string(),
  custom_data: z.record(z.string(), z.unknown()).nullable(),
  orders: z.array(z.object({ merchant_reference: z.string() })),
  payment_plan: z.array(instalment.extend({ state: z.string() })),
  refunds: z.array(z.object({ id: z.string(), amount: z.number().int().positive(), merchant_reference: z.string().nullable(), created: z.number().int() })).optional(),
});

/**
 * POST /v1/payments/{id}/refund (docs.almapay.com "Refund a payment"): `amount` in cents (default
 * the whole payment), the merchant's reference of the refund and a comment. Answers the payment
 * with its `refunds`.
 */
export const refundRequest = z.object({
  amount: cents.optional(),
  merchant_reference: z.string().max(255).optional(),
  comment: z.string().optional(),
});

/** `X-Alma-Signature = hex(HMAC-SHA256(key = API key, msg = pid))` on the IPN call `GET <ipn_callback_url>?pid=…`. */
export const ipnSignature = z.string().regex(/^[0-9a-f]{64}$/);
