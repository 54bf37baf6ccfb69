import type {
  CartTotals,
  CartUpdateBody,
  CollectTotalsBody,
  FeesResult,
  PaymentMethod,
  QuickOrderBody,
  QuickOrderRowResult,
  ServerCartItem,
  SetFeesBody,
  ShippingInformationBody,
  ShippingLookupAddress,
  ShippingMethod,
} from '@shop/contracts';
import { CART_MAX_ITEMS } from '@shop/contracts';
import {
  attachCoupon,
  couponRule,
  createCart,
  customerCart,
  deleteCartItem,
  detachCoupon,
  findCart,
  findCartProducts,
  findCoupon,
  findCouponById,
  findQuotedPrices,
  listFees,
  listPaymentMethods,
  listShippingMethods,
  setCartFee,
  toStockItem,
  updateCartChoices,
  updateCartItem,
  upsertCartLine,
  upsertQuotedLines,
  type CartItemRow,
  type CartRow,
  type CartSnapshot,
  type PaymentMethodRow,
  type QuotedPrice,
  type Db,
} from '@shop/db';
import {
  calculateProductTax,
  CART_MESSAGES,
  couponProblem,
  couponRefusalReason,
  findTaxRate,
  formatMessage,
  fromCents,
  lineMaxQty,
  percentOf,
  productChecksum,
  QUICK_ORDER_MESSAGES,
  quickOrderRowProblem,
  shippingRate,
  stockStatusOf,
} from '@shop/domain';
import { HttpError, tooManyRequests } from '../../http/errors.ts';
import { cachedLoader } from '../../cache/cached-loader.ts';
import type { ProductPricing } from '../catalog/product-pricing.ts';
import { chosenOptionIds, evaluateCart, feeAppliesToLine, paymentAllowed, shippingRule, type CartConfig, type Evaluation, type PricedItem } from './evaluate.ts';
import { DEFAULT_CART_LIMITS, type CartLimits } from './limits.ts';
import { CartThrottle } from './throttle.ts';
import { presentFee, presentItem, presentPaymentMethod, presentShippingMethod, presentTotals } from './present.ts';
import { bundlePartSkus, indexProducts, resolveLine, type LineRequest, type ProductIndex, type ResolvedLine } from './resolve-line.ts';

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** A priced line at an offer's agreed unit price (excluding VAT; the VAT follows the line's rate). */
function withQuotedPrice(priced: PricedItem, quoted: QuotedPrice, offerId: number): PricedItem {
  const unitNet = quoted.unitNetCents;
  return { ...priced, line: { ...priced.line!, unitNet, unitGross: unitNet + percentOf(unitNet, priced.taxRate), quoteOfferId: offerId } };
}

/** The same answer for unknown tokens and other carts' tokens: nothing to tell them apart. */
const CART_NOT_FOUND = 'Cart not found';
/** Shipping, fees and payment costs are taxed at the standard rate: the rate of product tax class 2. */
const SERVICE_TAX_CLASS = 2;

export interface CartServiceOptions {
  /** Tax country when the cart has no shipping address; '' or undefined: totals are refused. */
  defaultCountry: string | undefined;
  /** Payment methods with a provider (modules/payments): the only ones offered or accepted. */
  paymentCodes: ReadonlySet<string>;
  /** Of those, the ones served by a sandbox or test credentials (marked as such). */
  testPaymentCodes?: ReadonlySet<string>;
  now?: () => Date;
  /** Carts per client address and window (default 30 in 10 minutes). */
  limits?: Pick<CartLimits, 'createsPerWindow' | 'createWindowMs'>;
}

/** What an order decides about its cart: where it goes, how it ships and how it is paid. */
export interface OrderChoices {
  shippingAddress: Record<string, unknown> & { countryId: string };
  carrierCode: string;
  methodCode: string;
  paymentCode: string;
}

/** An opened cart: its row, lines and fee choices, and the token that opened it. */
export interface OpenCart extends CartSnapshot {
  token: string;
}

/**
 * The server cart of shopping.md §7. Every amount comes from the catalogue, the tax rules and
 * the shop's configuration; nothing the client says about money is read.
 */
export class CartService {
  // Configuration rows change rarely and only by hand: read once per process (restart to apply edits).
  private readonly config = cachedLoader(async (): Promise<CartConfig> => {
    const [shipping, payment, fees] = await Promise.all([listShippingMethods(this.db), listPaymentMethods(this.db), listFees(this.db)]);
    return { shipping, payment, fees };
  });
  /** Coupon guessing and cart creations, counted in the database (shared by API instances). */
  private readonly throttle: CartThrottle;
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly pricing: ProductPricing,
    private readonly options: CartServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.throttle = new CartThrottle(db, options.limits ?? DEFAULT_CART_LIMITS);
  }

  /**
   * A new guest cart's token; past the limit of new carts per client address, 429. A customer's
   * cart is `customerCart`.
   */
  async create(clientAddress: string): Promise<string> {
    const wait = await this.throttle.cartCreated(clientAddress);
    if (wait > 0) throw tooManyRequests(CART_MESSAGES.cartCreateThrottled, wait);
    return createCart(this.db);
  }

  /** The signed-in customer's cart (the same on every device): `tokenOf` derives its token. */
  customerCart(customerId: number, tokenOf: (createdAt: Date) => string): Promise<string> {
    return customerCart(this.db, customerId, tokenOf);
  }

  /** The cart of a token; any other token, including another cart's, opens nothing. */
  async open(token: string): Promise<OpenCart> {
    const snapshot = await findCart(this.db, token);
    if (!snapshot) throw new HttpError(404, CART_NOT_FOUND);
    return { ...snapshot, token };
  }

  async pull(cart: OpenCart): Promise<ServerCartItem[]> {
    const items = await this.priceItems(cart, this.taxCountry(cart.row, false));
    return items.map((item) => presentItem(item, cart.token));
  }

  /**
   * Adds a line or sets a line's quantity. The quantity is set, never added, so a retried request
   * does not double a line; a line with the same sku and options is the same line.
   */
  async update(cart: OpenCart, { cartItem }: CartUpdateBody): Promise<ServerCartItem> {
    const line = await this.resolve({ sku: cartItem.sku, product_option: cartItem.product_option }, cart, cartItem.qty);
    const stockItem = toStockItem(line.sku, 0, line.stock);
    if (stockStatusOf(stockItem) === 'out_of_stock') throw new HttpError(400, CART_MESSAGES.outOfStock);
    const max = lineMaxQty(stockItem) ?? Infinity;
    if (cartItem.qty > max) throw new HttpError(400, formatMessage(CART_MESSAGES.qtyBelow, { quantity: max }));

    const values = {
      sku: line.sku,
      parent_sku: line.parentSku,
      product_option: line.productOption,
      checksum: productChecksum({ product_option: line.productOption }),
      qty: cartItem.qty,
    };
    const row = cartItem.item_id
      ? await updateCartItem(this.db, cart.row.id, cartItem.item_id, values).catch((error: unknown) => {
          throw isUniqueViolation(error) ? new HttpError(409, 'The cart already has a line with this product and these options') : error;
        })
      : await upsertCartLine(this.db, cart.row.id, values, CART_MAX_ITEMS);
    if (!row) {
      throw cartItem.item_id
        ? new HttpError(404, `No item ${cartItem.item_id} in this cart`)
        : new HttpError(400, formatMessage(CART_MESSAGES.cartFull, { max: CART_MAX_ITEMS }));
    }
    // A line from a quote offer answers the offer's price, as the cart's reads will.
    const quoted = row.quote_offer_id ? (await this.priceItems({ ...cart, items: [row] }, this.taxCountry(cart.row, false)))[0]?.line : null;
    return presentItem({ row, line: { ...(quoted ?? line), stock: stockItem }, taxRate: 0 }, cart.token);
  }

  /**
   * Quick order (issue 42 point 17): each row's product as the cart would take it, priced for the
   * buyer's customer group, with what is wrong with it (unknown code, options needed, out of
   * stock, over stock, quantity 0). Adds nothing: the browser adds the rows without a problem.
   */
  async quickOrder({ rows }: QuickOrderBody, groupId: number): Promise<QuickOrderRowResult[]> {
    const lookup = await this.productLookup([...new Set(rows.map((row) => row.sku))], this.options.defaultCountry ?? '', groupId);
    const takenBySku = new Map<string, number>();
    return rows.map(({ sku, qty }) => {
      const unknown = { sku, qty, name: null, price: null, stock_status: null, max_qty: null };
      let line: ResolvedLine;
      try {
        line = resolveLine({ sku }, lookup.indexAt(Math.max(qty, 1)));
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        if (error.status === 404) return { ...unknown, error: QUICK_ORDER_MESSAGES.unknownSku };
        // A product that needs options (a configurable parent, a bundle, required custom options) is named, so the buyer knows which.
        return { ...unknown, name: lookup.indexAt(1).bySku.get(sku)?.name ?? null, error: QUICK_ORDER_MESSAGES.notSimple };
      }
      const stock = toStockItem(line.sku, 0, line.stock);
      const status = stockStatusOf(stock);
      // Rows of the same product share its stock: each one is checked against what the rows above it left.
      const taken = takenBySku.get(line.sku) ?? 0;
      const max = lineMaxQty(stock) === null ? null : Math.max((lineMaxQty(stock) ?? 0) - taken, 0);
      const problem = quickOrderRowProblem(qty, { found: true, inStock: status !== 'out_of_stock', maxQty: max });
      if (!problem) takenBySku.set(line.sku, taken + qty);
      return { sku, qty, name: line.name, price: fromCents(line.unitNet), stock_status: status, max_qty: max, error: problem ?? null };
    });
  }

  async remove(cart: OpenCart, itemId: number): Promise<true> {
    if (!(await deleteCartItem(this.db, cart.row.id, itemId))) throw new HttpError(404, `No item ${itemId} in this cart`);
    return true;
  }

  async totals(cart: OpenCart): Promise<CartTotals> {
    return presentTotals(await this.evaluate(cart));
  }

  async paymentMethods(cart: OpenCart): Promise<PaymentMethod[]> {
    return this.allowedPayments(await this.evaluate(cart));
  }

  /** Methods serving the address, priced for this cart (the address is not saved). */
  async shippingMethods(cart: OpenCart, address: ShippingLookupAddress): Promise<ShippingMethod[]> {
    const evaluation = await this.evaluate(cart, address.country_id);
    if (evaluation.virtual) return [];
    const goods = evaluation.beforePayment;
    return evaluation.input.config.shipping.flatMap((method) => {
      const net = shippingRate(shippingRule(method), {
        subtotalAfterDiscount: goods.subtotal - goods.discount,
        categoryIds: evaluation.categoryIds,
        country: address.country_id,
        postcode: address.postcode,
      });
      return net === null ? [] : [presentShippingMethod(method, net, evaluation.input.serviceTaxRate)];
    });
  }

  /** Saves addresses, the shipping method and the payment method (methodPay); answers methods and totals. */
  async shippingInformation(cart: OpenCart, body: ShippingInformationBody): Promise<{ payment_methods: PaymentMethod[]; totals: CartTotals }> {
    const info = body.addressInformation;
    const method = await this.shippingMethod(info.shippingCarrierCode, info.shippingMethodCode);
    if (info.shippingCarrierCode && (!method || !method.countries.includes(info.shippingAddress.countryId))) {
      throw new HttpError(400, `Shipping method ${info.shippingCarrierCode}_${info.shippingMethodCode ?? ''} is not available for ${info.shippingAddress.countryId}`);
    }
    await updateCartChoices(this.db, cart.row.id, {
      shipping_address: info.shippingAddress,
      billing_address: info.billingAddress ?? null,
      ...(method ? { shipping_carrier_code: method.carrier_code, shipping_method_code: method.method_code } : {}),
    });
    const evaluation = await this.choosePayment(cart, body.methodPay);
    return { payment_methods: this.allowedPayments(evaluation), totals: presentTotals(evaluation) };
  }

  /** Saves the chosen methods (no address) and answers the totals. */
  async collectTotals(cart: OpenCart, { methods }: CollectTotalsBody): Promise<CartTotals> {
    if (methods.shippingCarrierCode) {
      const method = await this.shippingMethod(methods.shippingCarrierCode, methods.shippingMethodCode);
      if (!method) throw new HttpError(400, `Unknown shipping method ${methods.shippingCarrierCode}`);
      await updateCartChoices(this.db, cart.row.id, { shipping_carrier_code: method.carrier_code, shipping_method_code: method.method_code });
    }
    return presentTotals(await this.choosePayment(cart, methods.paymentMethod?.method));
  }

  /**
   * Applies a coupon (trimmed, any case). Unknown, inactive, expired, used-up, not applicable or
   * below its minimum: the spec's one error text, so that answers do not tell which codes exist.
   * Refusals other than used-up coupons are counted per cart and per client IP; past the limit
   * every try gets 429.
   */
  async applyCoupon(cart: OpenCart, rawCode: string, clientIp: string): Promise<true> {
    const code = rawCode.trim();
    if (code === '') throw new HttpError(400, 'No coupon code provided');
    const wait = await this.throttle.couponWait(cart.row.id, clientIp);
    if (wait > 0) throw tooManyRequests(CART_MESSAGES.couponThrottled, wait);
    const refuse = async () => {
      await this.throttle.couponRefused(cart.row.id, clientIp);
      return new HttpError(400, CART_MESSAGES.couponInvalid);
    };
    const coupon = await findCoupon(this.db, code);
    if (!coupon) throw await refuse();
    const evaluation = await this.evaluate(cart, undefined, coupon);
    const rule = couponRule(coupon);
    const problem = couponProblem(rule, evaluation.totals.subtotal, this.now());
    const reason = couponRefusalReason(problem, rule);
    // A reason said is about a real code the shopper was given, not a guess: it does not count against them.
    if (reason) throw new HttpError(400, reason);
    if (problem || evaluation.totals.discount === 0) throw await refuse();
    const outcome = await attachCoupon(this.db, cart.row.id, coupon.id);
    // A used-up coupon is a real code, not a guess: refused without counting against the shopper.
    if (outcome === 'usage_limit') throw new HttpError(400, CART_MESSAGES.couponInvalid);
    return true;
  }

  /** The applied coupon's code, null without one (Magento's coupon read, which VSF1's API proxies). */
  async coupon(cart: OpenCart): Promise<string | null> {
    return cart.row.coupon_id === null ? null : ((await findCouponById(this.db, cart.row.coupon_id))?.code ?? null);
  }

  async deleteCoupon(cart: OpenCart): Promise<true> {
    await detachCoupon(this.db, cart.row.id);
    return true;
  }

  /** Product fees per shippable line, each option priced for that line. */
  async productFees(cart: OpenCart): Promise<FeesResult> {
    const [items, config] = await Promise.all([this.priceItems(cart, this.taxCountry(cart.row, false)), this.config.get()]);
    return items.flatMap(({ row, line }) => {
      if (!line) return [];
      const fees = config.fees.filter((fee) => feeAppliesToLine(fee, line));
      if (fees.length === 0) return [];
      const details = fees.map((fee) => presentFee(fee, chosenOptionIds(cart.fees, row.id, fee.id), line.unitNet * row.qty, row.qty));
      return [{ quoteItemId: row.id, feesDetails: details }];
    });
  }

  /** Delivery services of the whole cart, priced on its subtotal; none for a virtual cart. */
  async shippingFees(cart: OpenCart): Promise<FeesResult> {
    const evaluation = await this.evaluate(cart, '');
    const fees = evaluation.input.config.fees.filter((fee) => fee.kind === 'shipping');
    if (evaluation.virtual || evaluation.priced.length === 0 || fees.length === 0) return [];
    const details = fees.map((fee) => presentFee(fee, chosenOptionIds(cart.fees, 0, fee.id), evaluation.totals.subtotal, 1));
    return [{ quoteItemId: null, feesDetails: details }];
  }

  async setProductFees(cart: OpenCart, body: SetFeesBody): Promise<true> {
    if (body.itemId === undefined) throw new HttpError(400, 'Invalid request body: itemId: required for product fees');
    const items = await this.priceItems(cart, '');
    const item = items.find((candidate) => candidate.row.id === body.itemId);
    if (!item) throw new HttpError(404, `No item ${body.itemId} in this cart`);
    const fee = await this.feeWithOptions(body, 'product');
    if (!item.line || !feeAppliesToLine(fee, item.line)) throw new HttpError(400, `Fee ${fee.id} does not apply to item ${body.itemId}`);
    await setCartFee(this.db, cart.row.id, { cartItemId: item.row.id, feeId: fee.id, optionIds: body.options });
    return true;
  }

  async setShippingFees(cart: OpenCart, body: SetFeesBody): Promise<true> {
    const fee = await this.feeWithOptions(body, 'shipping');
    await setCartFee(this.db, cart.row.id, { cartItemId: 0, feeId: fee.id, optionIds: body.options });
    return true;
  }

  /** A configured shipping method by carrier (and method, when given). */
  private async shippingMethod(carrier: string | undefined, method: string | undefined) {
    if (!carrier) return undefined;
    return (await this.config.get()).shipping.find((m) => m.carrier_code === carrier && m.method_code === (method ?? m.method_code));
  }

  private async feeWithOptions(body: SetFeesBody, kind: 'product' | 'shipping') {
    const fee = (await this.config.get()).fees.find((candidate) => candidate.id === body.id && candidate.kind === kind);
    if (!fee) throw new HttpError(404, `No ${kind} fee ${body.id}`);
    const unknown = body.options.find((id) => !fee.options.some((option) => option.id === id));
    if (unknown !== undefined) throw new HttpError(400, `Fee ${fee.id} has no option ${unknown}`);
    return fee;
  }

  /** Saves a payment choice if it is allowed for this cart now, then answers the evaluation. */
  private async choosePayment(cart: OpenCart, code: string | undefined): Promise<Evaluation> {
    const current = await this.open(cart.token);
    const evaluation = await this.evaluate(current);
    if (code === undefined) return evaluation;
    const method = evaluation.input.config.payment.find((m) => m.code === code && this.options.paymentCodes.has(m.code));
    if (!method) throw new HttpError(400, `Unknown payment method ${code}`);
    if (!this.offers(evaluation, method)) {
      const limit = method.max_grand_total_cents;
      throw new HttpError(
        400,
        limit !== null && !evaluation.virtual
          ? `${method.title} is not available for orders of ${fromCents(limit).toFixed(2)} EUR or more`
          : `${method.title} is not available for this cart`,
      );
    }
    await updateCartChoices(this.db, cart.row.id, { payment_method: code });
    return this.evaluate({ ...current, row: { ...current.row, payment_method: code } });
  }

  /**
   * The cart as its order would be: saves the order's address and methods on the cart, then
   * evaluates it. The order service judges the evaluation (empty, not shippable, not payable).
   */
  async prepareOrder(cart: OpenCart, choices: OrderChoices): Promise<Evaluation> {
    await updateCartChoices(this.db, cart.row.id, {
      shipping_address: choices.shippingAddress,
      shipping_carrier_code: choices.carrierCode,
      shipping_method_code: choices.methodCode,
      payment_method: choices.paymentCode,
    });
    return this.evaluate(await this.open(cart.token));
  }

  /** Whether a method may be offered for this evaluation: it has a provider and its cart rules allow it. */
  offers(evaluation: Evaluation, method: PaymentMethodRow): boolean {
    return this.options.paymentCodes.has(method.code) && paymentAllowed(evaluation, method);
  }

  private allowedPayments(evaluation: Evaluation): PaymentMethod[] {
    return evaluation.input.config.payment
      .filter((method) => this.offers(evaluation, method))
      .map((method) => presentPaymentMethod(method, evaluation.input.serviceTaxRate, this.options.testPaymentCodes?.has(method.code) ?? false));
  }

  /** The tax country: the shipping address's, else the configured default; totals need one (shopping.md §5). */
  private taxCountry(row: CartRow, required: boolean): string {
    const fromAddress = row.shipping_address?.['countryId'];
    const country = typeof fromAddress === 'string' && fromAddress ? fromAddress : this.options.defaultCountry || '';
    if (required && !country) throw new HttpError(503, CART_MESSAGES.noDefaultCountry);
    return country;
  }

  /**
   * Loads and computes everything the totals need. `country` overrides the tax country ('' keeps
   * the cart's and does not insist on one); `coupon` tries a coupon without attaching it.
   */
  private async evaluate(cart: OpenCart, country?: string, coupon?: Awaited<ReturnType<typeof findCoupon>>): Promise<Evaluation> {
    const { row } = cart;
    const taxCountry = country || this.taxCountry(row, country === undefined);
    const [items, config, attached, { rules, ctx }] = await Promise.all([
      this.priceItems(cart, taxCountry),
      this.config.get(),
      coupon ? Promise.resolve(coupon) : row.coupon_id === null ? Promise.resolve(undefined) : findCouponById(this.db, row.coupon_id),
      this.pricing.taxContext(),
    ]);
    const postcode = row.shipping_address?.['postcode'];
    return evaluateCart({
      cart: row,
      items,
      config,
      feeChoices: cart.fees,
      coupon: attached ?? null,
      country: taxCountry,
      postcode: typeof postcode === 'string' ? postcode : undefined,
      serviceTaxRate: findTaxRate(SERVICE_TAX_CLASS, rules, { ...ctx, country: taxCountry }),
      now: this.now(),
    });
  }

  /**
   * The cart's lines priced from taxed documents; a line whose product is gone stays, unpriced. A
   * line put in from a quote offer has the offer's agreed price instead, while the offer holds
   * (not expired, no standing order of it yet) and for up to the quoted quantity; past that it is
   * priced as any other line.
   */
  private async priceItems({ items, groupId }: OpenCart, country: string): Promise<PricedItem[]> {
    const offerIds = items.flatMap((item) => (item.quote_offer_id === null || item.quote_offer_id === undefined ? [] : [item.quote_offer_id]));
    const [lookup, offers] = await Promise.all([
      this.productLookup(items.flatMap((item) => (item.parent_sku ? [item.sku, item.parent_sku] : [item.sku])), country, groupId),
      findQuotedPrices(this.db, offerIds, this.now()),
    ]);
    return items.map((item) => {
      const priced = lookup.price(item);
      const quoted = item.quote_offer_id ? offers.get(item.quote_offer_id)?.get(priced.line?.sku ?? '') : undefined;
      return quoted && priced.line && !priced.problem && item.qty <= quoted.qty ? withQuotedPrice(priced, quoted, item.quote_offer_id!) : priced;
    });
  }

  /**
   * Puts an offer's lines into a cart at their quoted quantities, each naming the offer (so the
   * pricing step gives it the agreed price); a line of the same product and options takes the
   * quantity and the offer. Lines whose product cannot be sold now are left out and named.
   */
  async addQuoted(cart: OpenCart, offerId: number, lines: readonly { sku: string; qty: number }[]): Promise<{ added: number; refused: string[] }> {
    const lookup = await this.productLookup(lines.map((line) => line.sku), this.taxCountry(cart.row, false), cart.groupId);
    const refused: string[] = [];
    const values = lines.flatMap(({ sku, qty }) => {
      try {
        const line = resolveLine({ sku }, lookup.indexAt(qty));
        return [{ sku: line.sku, parent_sku: line.parentSku, product_option: line.productOption, checksum: productChecksum({ product_option: line.productOption }), qty }];
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        refused.push(sku);
        return [];
      }
    });
    const added = await upsertQuotedLines(this.db, cart.row.id, offerId, values, CART_MAX_ITEMS);
    if (added === undefined) throw new HttpError(400, formatMessage(CART_MESSAGES.cartFull, { max: CART_MAX_ITEMS }));
    return { added, refused };
  }

  /**
   * Products as the cart would sell them now at each quantity, for the customer group and the
   * shop's tax country: the line with its VAT rate, or why it cannot be sold (the back office's
   * catalogue prices beside a quote request).
   */
  async catalogueLines(requests: readonly { sku: string; qty: number }[], groupId: number): Promise<{ sku: string; priced: PricedItem<{ sku: string; qty: number; product_option: null }> }[]> {
    const country = this.options.defaultCountry ?? '';
    const lookup = await this.productLookup(requests.map((request) => request.sku), country, groupId);
    return requests.map(({ sku, qty }) => ({ sku, priced: lookup.price({ sku, qty, product_option: null }) }));
  }

  /** A requested line priced as the cart would price it at `qty`. */
  private async resolve(request: LineRequest, cart: OpenCart, qty: number): Promise<ResolvedLine> {
    const lookup = await this.productLookup([request.sku], this.taxCountry(cart.row, false), cart.groupId);
    return resolveLine(request, lookup.indexAt(qty));
  }

  /**
   * Taxed documents of the skus for the cart's customer group. Its tier prices depend on a line's
   * quantity, so the documents are priced once per quantity the lines have (usually one or two).
   */
  private async productLookup(skus: readonly string[], country: string, groupId: number) {
    const { rules, ctx } = await this.pricing.taxContext({ customerGroupId: groupId });
    const taxCtx = { ...ctx, country };
    const docs = await findCartProducts(this.db, skus);
    const known = new Set(docs.map((doc) => doc.sku));
    const parts = bundlePartSkus(docs).filter((sku) => !known.has(sku));
    const all = parts.length > 0 ? [...docs, ...(await findCartProducts(this.db, parts))] : docs;
    const indexes = new Map<number, ProductIndex>();
    const indexAt = (qty: number): ProductIndex => {
      const index = indexes.get(qty) ?? indexProducts(all.map((doc) => calculateProductTax(doc, rules, { ...taxCtx, tier: { groupId, qty } })));
      indexes.set(qty, index);
      return index;
    };
    return {
      indexAt,
      price<T extends Pick<CartItemRow, 'sku' | 'qty' | 'product_option'>>(item: T): PricedItem<T> {
        try {
          const line = resolveLine({ sku: item.sku, product_option: item.product_option as LineRequest['product_option'] }, indexAt(item.qty));
          return { row: item, line, taxRate: findTaxRate(line.taxClassId, rules, taxCtx) };
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          return { row: item, line: null, taxRate: 0, problem: error.message };
        }
      },
    };
  }
}
