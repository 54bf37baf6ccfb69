import { z } from 'zod';

/*
 * PayPal's Orders v2 API as ../shared/reference/integrations-security-legal.md §1.3 and
 * developer.paypal.com/docs/api/orders/v2 describe it (amounts as decimal strings): what the
 * sandbox accepts and answers.
 */

const money = z.object({ currency_code: z.literal('EUR'), value: z.string().regex(/^\d+(\.\d{2})?$/, 'value: a decimal string such as "122.00"') });

export const tokenAnswer = z.object({ access_token: z.string().min(1), token_type: z.literal('Bearer'), expires_in: z.number().int() });

export const createOrderRequest = z.object({
  intent: z.literal('CAPTURE'),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().max(256).optional(),
        custom_id: z.string().max(255).optional(),
        invoice_id: z.string().max(127).optional(),
        description: z.string().max(127).optional(),
        amount: money.extend({
          breakdown: z.object({ item_total: money, tax_total: money, shipping: money, handling: money, discount: money }).partial().optional(),
        }),
      }),
    )
    .length(1),
  payment_source: z.object({
    paypal: z.object({
      // paypal_wallet_experience_context; the enums as PayPal's Orders v2 API (and its server SDKs) define them.
      experience_context: z.object({
        locale: z.string().optional(),
        return_url: z.string().url(),
        cancel_url: z.string().url(),
        brand_name: z.string().max(127).optional(),
        user_action: z.enum(['CONTINUE', 'PAY_NOW']).optional(),
        shipping_preference: z.enum(['GET_FROM_FILE', 'NO_SHIPPING', 'SET_PROVIDED_ADDRESS']).optional(),
        /** LOGIN: PayPal's sign-in; GUEST_CHECKOUT: the card form without an account; NO_PREFERENCE (default): PayPal decides. */
        landing_page: z.enum(['LOGIN', 'GUEST_CHECKOUT', 'NO_PREFERENCE']).optional(),
        /** IMMEDIATE_PAYMENT_REQUIRED: no funding that leaves the capture pending (eCheck); default UNRESTRICTED. */
        payment_method_preference: z.enum(['UNRESTRICTED', 'IMMEDIATE_PAYMENT_REQUIRED']).optional(),
      }),
    }),
  }),
});

const link = z.object({ href: z.string().url(), rel: z.string(), method: z.string().optional() });

export const order = z.object({
  id: z.string().min(1),
  status: z.enum(['CREATED', 'SAVED', 'APPROVED', 'VOIDED', 'COMPLETED', 'PAYER_ACTION_REQUIRED']),
  links: z.array(link),
});

export const capturedOrder = order.extend({
  status: z.literal('COMPLETED'),
  purchase_units: z.array(
    z.object({
      payments: z.object({
        captures: z.array(z.object({ id: z.string(), status: z.enum(['COMPLETED', 'DECLINED', 'PENDING', 'FAILED', 'PARTIALLY_REFUNDED', 'REFUNDED']), amount: money, custom_id: z.string().optional(), final_capture: z.boolean() })),
      }),
    }),
  ),
});

/** POST /v2/payments/captures/{capture_id}/refund (developer.paypal.com/docs/api/payments/v2): no amount refunds what is left. */
export const refundRequest = z.object({
  amount: money.optional(),
  invoice_id: z.string().max(127).optional(),
  note_to_payer: z.string().max(255).optional(),
});

export const refund = z.object({
  id: z.string().min(1),
  status: z.enum(['CANCELLED', 'FAILED', 'PENDING', 'COMPLETED']),
  amount: money,
  invoice_id: z.string().optional(),
  links: z.array(link),
});

export const errorAnswer = z.object({ name: z.string(), message: z.string().optional(), details: z.array(z.object({ issue: z.string(), description: z.string().optional() })).optional() });
