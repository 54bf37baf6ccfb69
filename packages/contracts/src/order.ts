import { z } from 'zod';
import { billingRules, orderAddress } from './checkout.ts';
import { password } from './account.ts';
import { orderView } from './order-view.ts';
import { freeJson, plainJson, text } from './strings.ts';

/**
 * `POST /api/order`: the Vue Storefront 1 order payload, so an unchanged VSF1 client can place
 * orders. Money is never read from it: prices, totals and `products` are recomputed from the
 * server cart (`cart_id`). Unknown VSF fields are ignored.
 */
const code = text().trim().min(1).max(64);

export const orderRequest = z.object({
  /** The cart token. */
  cart_id: text().trim().min(1).max(128),
  user_id: z.union([text().max(64), z.number()], { error: 'must be a customer id: a text of at most 64 characters or a number' }).nullish(),
  /** The client's id for this order: the idempotency key when no Idempotency-Key header is sent. */
  order_id: text().trim().min(1).max(128).optional(),
  created_at: text().max(64).optional(),
  transmited: z.boolean().optional(),
  /** The client's view of the lines (their product descriptions hold line breaks): ignored, the server cart is the order. */
  products: z.array(freeJson).max(500).optional(),
  /** The buyer's e-mail; else the billing address's. */
  email: text().trim().max(254).optional(),
  /**
   * "Create an account with the purchase" (shopping §4). With `password` the account gets it and
   * the answer carries its session; without it (an unchanged VSF1 client) the account waits for
   * its password through the reset link. An e-mail that already has an account is not touched:
   * the order is a guest order (`account: 'exists'`).
   */
  create_account: z.boolean().optional(),
  /** The new account's password (the registration rules); never stored with the order. */
  password: password.optional(),
  /** The grand total (euros) the shopper reviewed: a different server total answers 409. */
  expected_grand_total: z.number().nonnegative().optional(),
  addressInformation: z
    .object({
      shippingAddress: orderAddress,
      billingAddress: orderAddress,
      shipping_method_code: code,
      shipping_carrier_code: code,
      payment_method_code: code,
      payment_method_additional: z.record(text().max(64), plainJson).optional(),
    })
    .superRefine(billingRules),
});
export type OrderRequest = z.output<typeof orderRequest>;
export type OrderRequestInput = z.input<typeof orderRequest>;

/** A placed order: its number, the guest's key to read it again, and the order as placed. */
export const orderPlaced = z
  .object({
    incrementId: z.string(),
    /** Unguessable; with the number it opens `GET /api/order/:incrementId?key=`. */
    accessKey: z.string(),
    order: orderView,
    /** Online methods: the provider's page where the buyer pays (the order waits for the provider's word). */
    redirectUrl: z.string().url().optional(),
    /**
     * The account asked for with the purchase: `created` (made with the chosen password: `token`
     * and `refreshToken` sign the buyer in), `pending` (made without a password: set it through
     * the reset link), `exists` (the e-mail already had one: a guest order, to sign in and link).
     */
    account: z.enum(['created', 'pending', 'exists']).optional(),
    token: z.string().optional(),
    refreshToken: z.string().optional(),
    /** The order number again, where Magento's order transfer answers it (Vue Storefront 1's `confirmation.orderNumber`). */
    orderNumber: z.string().optional(),
    /** The platform's id of the order as VSF1 reads it (`confirmation.backendOrderId`, its analytics' transaction id): the order number. */
    backendOrderId: z.string().optional(),
  })
  .meta({ id: 'OrderPlaced' });
export type OrderPlaced = z.infer<typeof orderPlaced>;

export const orderAccessQuery = z.object({ key: text().trim().min(1).max(128) });
