import { QUICK_ORDER_MAX_ROWS } from '@shop/domain';
import { z } from 'zod';
import { controlCharacterKeys, freeText, plainJson, text } from './strings.ts';

/**
 * The server cart calls of shopping.md §7 (paths in CART_PATHS). Every answer is the
 * `{ code, result }` envelope; the schemas below describe `result`.
 *
 * Money in answers is in euros with 2 decimals (the platform shape the client reads), computed
 * by the server from integer cents. Money a client sends is never trusted: the request schemas
 * have no price, total or discount field, and unknown keys (a whole client item with its
 * prices, as VSF sends) are stripped before the handler sees them.
 */

export { CART_PATHS } from './cart-paths.ts';

/** Largest quantity of one cart line; also the stock layer's default max_sale_qty. */
export const CART_MAX_QTY = 10_000;
/** Most lines one cart may hold. */
export const CART_MAX_ITEMS = 200;

/** A cart token: random, at least 128 bits, URL-safe (the server issues 192-bit base64url tokens). */
export const cartToken = z.string().regex(/^[A-Za-z0-9_-]{22,128}$/, 'must be a cart token');

/**
 * `token` is the customer token of the accounts issue (VSF sends it, often empty). Empty means a
 * guest; a non-empty one is answered 401 until accounts exist, which VSF's connect handles by
 * retrying as a guest (shopping.md §4).
 */
const userToken = text().max(2048).optional();

export const cartCreateQuery = z.object({ token: userToken }).strict();
export const cartQuery = z.object({ cartId: cartToken, token: userToken }).strict();
export const applyCouponQuery = cartQuery.extend({ coupon: text().max(255) });
/** Multifees reads (GET, `isGuest` 0/1, never cached). */
export const feesQuery = cartQuery.extend({ isGuest: z.enum(['0', '1']).optional() });
export const setFeesQuery = z.object({ token: userToken, isGuest: z.enum(['0', '1']).optional() }).strict();

/** A whole positive quantity; strings, 0, negatives, fractions and absurd sizes are refused. */
export const cartQty = z.number().int().min(1).max(CART_MAX_QTY);

// A union's own message: zod's for a value none of its shapes fit is a bare "Invalid input".
const optionId = z.union([z.number().int().min(0), text().min(1).max(64)], { error: 'must be an option id: a whole number, or a text of 1 to 64 characters' });

export const customOptionSelection = z.object({
  option_id: optionId,
  /** The chosen value id; checkboxes send several, comma-joined; text fields (and areas) send the text. */
  option_value: z.union([freeText().max(1000), z.number()], { error: 'must be a text of at most 1000 characters or a number' }),
});
export const configurableItemOption = z.object({ option_id: optionId, option_value: optionId });
export const bundleOptionSelection = z.object({
  option_id: optionId,
  option_qty: z.union([z.number().int().min(0).max(CART_MAX_QTY), z.string().regex(/^\d{1,5}$/)], { error: `must be a quantity: a whole number up to ${CART_MAX_QTY}, or its digits` }).optional(),
  option_selections: z.array(optionId).max(50),
});

export const productOption = z.object({
  extension_attributes: z
    .object({
      custom_options: z.array(customOptionSelection).max(50).optional(),
      configurable_item_options: z.array(configurableItemOption).max(20).optional(),
      bundle_options: z.array(bundleOptionSelection).max(50).optional(),
    })
    .default({}),
});
export type ProductOption = z.infer<typeof productOption>;

const sku = text().min(1).max(64);
/** Row ids are PostgreSQL integers: a larger number would fail in the database (a 500) instead of being not found. */
const rowId = z.number().int().positive().max(2_147_483_647);

/** POST /api/cart/update body: add a line (no item_id) or set a line's quantity. */
export const cartUpdateBody = z.object({
  cartItem: z.object({
    sku,
    qty: cartQty,
    product_option: productOption.optional(),
    item_id: rowId.optional(),
    /** The cart token again (VSF sends it); ignored: the cartId parameter alone decides the cart. */
    quoteId: text().max(128).optional(),
  }),
});
export type CartUpdateBody = z.infer<typeof cartUpdateBody>;

/** POST /api/cart/delete body. */
export const cartDeleteBody = z.object({
  cartItem: z.object({ sku: sku.optional(), item_id: rowId, quoteId: text().max(128).optional() }),
});

/** Stock status of catalogue.md §4: ok, volatile (stock not known), out_of_stock. */
export const stockStatus = z.enum(['ok', 'volatile', 'out_of_stock']);
export type StockStatus = z.infer<typeof stockStatus>;

/** A line as pull and update answer it (the platform shape VSF merges against). */
export const serverCartItem = z
  .object({
    item_id: z.number().int(),
    sku: z.string(),
    qty: z.number().int(),
    name: z.string(),
    /** Unit price excluding tax, euros. */
    price: z.number(),
    product_type: z.string(),
    quote_id: z.string(),
    product_option: productOption.optional(),
    stock_status: stockStatus,
    /** Largest quantity the line may hold now (stock left, most per sale); null: not limited. Lowered stock shows here. */
    max_qty: z.number().int().nullable().optional(),
  })
  .meta({ id: 'CartItem' });
export type ServerCartItem = z.infer<typeof serverCartItem>;
export const cartPullResult = z.array(serverCartItem);

/** POST /api/cart/quick-order body: the rows a buyer typed, pasted or uploaded (a quantity of 0 is the row's problem, not a 400). */
export const quickOrderBody = z.object({
  rows: z
    .array(z.object({ sku, qty: z.number().int().min(0).max(CART_MAX_QTY) }).strict())
    .min(1)
    .max(QUICK_ORDER_MAX_ROWS, { error: `at most ${QUICK_ORDER_MAX_ROWS} rows` }),
});
export type QuickOrderBody = z.infer<typeof quickOrderBody>;

/** A quick-order row as the shop resolves it: the product's name, unit price excl. tax and stock, or what is wrong. */
export const quickOrderRow = z
  .object({
    sku: z.string(),
    qty: z.number().int(),
    name: z.string().nullable(),
    price: z.number().nullable(),
    stock_status: stockStatus.nullable(),
    max_qty: z.number().int().nullable(),
    /** Why the row cannot be added (unknown code, needs options, out of stock, over stock, quantity 0); null: it can. */
    error: z.string().nullable(),
  })
  .meta({ id: 'QuickOrderRow' });
export type QuickOrderRowResult = z.infer<typeof quickOrderRow>;
export const quickOrderResult = z.array(quickOrderRow);

export const totalSegmentCodes = [
  'subtotal',
  'shipping',
  'shipping_fee',
  'product_fee',
  'surcharge',
  'discount',
  'tax',
  'grand_total',
] as const;
export const totalSegment = z.object({ code: z.enum(totalSegmentCodes), title: z.string(), value: z.number() });
export type TotalSegment = z.infer<typeof totalSegment>;

export const itemTotals = z.object({
  item_id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  qty: z.number().int(),
  /** Unit price excluding and including tax. */
  price: z.number(),
  price_incl_tax: z.number(),
  row_total: z.number(),
  row_total_incl_tax: z.number(),
  discount_amount: z.number(),
  tax_amount: z.number(),
  tax_percent: z.number(),
  product_fee_amount: z.number(),
  /** Already parsed (the platform sent a JSON string). */
  options: z.array(z.object({ label: z.string(), value: z.string() })),
  /**
   * shopping §3: the gift items a promotion rule adds to this line (Amasty Free Gift's
   * `amasty_promo`). The shop has no gift rules yet: always an empty list.
   */
  extension_attributes: z.object({ amasty_promo: z.array(z.object({ sku: z.string(), qty: z.number() })) }),
});
export type ItemTotals = z.infer<typeof itemTotals>;

/** GET /api/cart/totals result: item totals and total_segments (shopping.md §3 "Cart totals entry"). */
export const cartTotals = z
  .object({
    grand_total: z.number(),
    subtotal: z.number(),
    subtotal_incl_tax: z.number(),
    discount_amount: z.number(),
    shipping_amount: z.number(),
    shipping_incl_tax: z.number(),
    tax_amount: z.number(),
    coupon_code: z.string().optional(),
    quote_currency_code: z.literal('EUR'),
    items_qty: z.number().int(),
    items: z.array(itemTotals),
    total_segments: z.array(totalSegment),
  })
  .meta({ id: 'CartTotals' });
export type CartTotals = z.infer<typeof cartTotals>;

/** Payment method (shopping.md §3); `cost` excludes tax. */
export const paymentMethod = z
  .object({
    code: z.string(),
    title: z.string(),
    cost: z.number(),
    cost_incl_tax: z.number(),
    default: z.boolean(),
    offline: z.boolean(),
    is_server_method: z.boolean(),
    /** Served by a sandbox or test credentials: no real money moves (the checkout says so). */
    test: z.boolean().optional(),
  })
  .meta({ id: 'PaymentMethod' });
export type PaymentMethod = z.infer<typeof paymentMethod>;
export const paymentMethodsResult = z.array(paymentMethod);

/** Shipping method (shopping.md §3 plus the platform's amount fields). */
export const shippingMethod = z
  .object({
    carrier_code: z.string(),
    method_code: z.string(),
    carrier_title: z.string(),
    method_title: z.string(),
    amount: z.number(),
    price_excl_tax: z.number(),
    price_incl_tax: z.number(),
    available: z.boolean(),
    error_message: z.string(),
    offline: z.boolean(),
    default: z.boolean(),
  })
  .meta({ id: 'ShippingMethod' });
export type ShippingMethod = z.infer<typeof shippingMethod>;
export const shippingMethodsResult = z.array(shippingMethod);

/** An address field as a person typed (or pasted) it: a tab or line break is not refused. */
const typed = (max = 255) => freeText().max(max);
const regionId = z.union([z.number().int(), typed(16)], { error: 'must be a region id: a whole number, or a text of at most 16 characters' });

/**
 * Street lines: VSF1 sends `[streetAddress1, streetAddress2]` before the shopper typed any, which
 * JSON turns into `[null, null]` on every cart change (methodsActions.syncShippingMethods); a null
 * line is an absent one.
 */
const streetLines = z
  .array(typed().nullable())
  .max(4)
  .transform((lines) => lines.filter((line): line is string => line !== null));

/** Shipping address for method lookup (shopping.md §3). */
export const shippingLookupAddress = z.object({
  country_id: z.string().regex(/^[A-Z]{2}$/),
  region_id: regionId.optional(),
  region: typed().optional(),
  region_code: typed(16).optional(),
  postcode: typed(16).optional(),
  city: typed().optional(),
  street: streetLines.optional(),
});
export type ShippingLookupAddress = z.infer<typeof shippingLookupAddress>;
export const shippingMethodsBody = z.object({ address: shippingLookupAddress });

/** Addresses as VSF's checkout sends them (camelCase ids); only countryId, regionId and postcode price anything. */
const countryId = z.string().regex(/^[A-Z]{2}$/);
const checkoutAddress = z
  .object({
    countryId,
    regionId: regionId.optional(),
    regionCode: typed(16).optional(),
    region: typed().optional(),
    postcode: typed(16).optional(),
    city: typed().optional(),
    street: streetLines.optional(),
    firstname: typed().optional(),
    lastname: typed().optional(),
    company: typed().optional(),
    telephone: typed(40).optional(),
    vatId: typed(40).optional(),
    email: typed().optional(),
    extension_attributes: z.record(text(), plainJson).optional(),
  })
  // Other fields VSF's checkout sends are kept (and stored), under the same string rule, names included.
  .catchall(plainJson);

const carrierMethod = z.string().min(1).max(64).regex(/^[a-z0-9_]+$/);
const paymentCode = z.string().min(1).max(64).regex(/^[a-z0-9_]+$/);

/** POST /api/cart/shipping-information body: addressInformation plus methodPay (the chosen payment code). */
export const shippingInformationBody = z.object({
  addressInformation: z.object({
    shippingAddress: checkoutAddress.superRefine(controlCharacterKeys),
    // VSF1 sends the billing form as it stands on every cart change (createOrderData): an empty countryId is none chosen yet.
    billingAddress: checkoutAddress
      .partial()
      .extend({ countryId: z.union([z.literal('').transform(() => undefined), countryId]).optional() })
      .superRefine(controlCharacterKeys)
      .optional(),
    shippingCarrierCode: carrierMethod.optional(),
    shippingMethodCode: carrierMethod.optional(),
  }),
  methodPay: paymentCode.optional(),
});
export type ShippingInformationBody = z.infer<typeof shippingInformationBody>;

export const shippingInformationResult = z
  .object({ payment_methods: paymentMethodsResult, totals: cartTotals })
  .meta({ id: 'ShippingInformationResult' });

/** POST /api/cart/collect-totals body (the platform's collectTotals: chosen methods, no address). */
export const collectTotalsBody = z.object({
  methods: z.object({
    paymentMethod: z.object({ method: paymentCode }).optional(),
    shippingCarrierCode: carrierMethod.optional(),
    shippingMethodCode: carrierMethod.optional(),
  }),
});
export type CollectTotalsBody = z.infer<typeof collectTotalsBody>;

/** Fee option (shopping.md §3); `price` is euros excl. tax when fixed, a percentage when percent. */
export const feeOption = z.object({
  fee_id: z.number().int(),
  fee_option_id: z.number().int(),
  title: z.string(),
  price: z.number(),
  price_type: z.enum(['fixed', 'percent']),
  description: z.string(),
  /** What the option costs this line (or the cart), euros excl. tax. */
  amount: z.number(),
  selected: z.boolean(),
});
export type FeeOption = z.infer<typeof feeOption>;

export const feeDetails = z.object({
  fee_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  options: z.array(feeOption),
});

/** Product fees per line; shipping fees come as one entry with quoteItemId null. */
export const feesResult = z
  .array(z.object({ quoteItemId: z.number().int().nullable(), feesDetails: z.array(feeDetails) }))
  .meta({ id: 'Fees' });
export type FeesResult = z.infer<typeof feesResult>;

/** Comma-joined option ids; empty selects none of the fee's options. */
const optionIdList = z
  .string()
  .max(500)
  .regex(/^(\d{1,9}(,\d{1,9})*)?$/, 'must be option ids joined by commas')
  .transform((v) => (v === '' ? [] : [...new Set(v.split(',').map(Number))]));

/** An id as a number or as its digits (VSF sends either). */
const rowIdOrDigits = z.union([rowId, z.string().regex(/^\d{1,9}$/).transform(Number)], { error: 'must be an id: a whole number from 1, or its digits' });

/** POST setProductFees/{cartId} and setShippingFees/{cartId} body: the fee's selected options. */
export const setFeesBody = z.object({
  /** The cart line (product fees only). */
  itemId: rowIdOrDigits.optional(),
  id: rowIdOrDigits,
  options: optionIdList,
});
export type SetFeesBody = z.infer<typeof setFeesBody>;
