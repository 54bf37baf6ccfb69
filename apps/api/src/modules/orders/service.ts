import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { addressExtensionAttributes, CHECKOUT_MESSAGES, orderView, type OrderAddress, type OrderAttributesBody, type OrderPlaced, type OrderRequest, type OrderView } from '@shop/contracts';
import {
  clearCart,
  emailKey,
  countCouponUse,
  findOrder,
  findOrderByIdempotencyKey,
  findOrderItems,
  insertOrder,
  moveOrder,
  nextIncrementId,
  offersTaken,
  releaseCouponUse,
  saveOrderAttributes,
  insertCustomer,
  findCustomer,
  linkOrderToCustomer,
  insertPayment,
  returnStock,
  snapshotCart,
  takeStock,
  toStockItem,
  type CustomerRow,
  type Db,
  type OrderRow,
} from '@shop/db';
import { buyerOf } from '@shop/contracts';
import { CART_MESSAGES, formatMessage, fromCents, toCents } from '@shop/domain';
import { HttpError } from '../../http/errors.ts';
import { sameSecret } from '../../http/admin-token.ts';
import type { AccountService } from '../accounts/service.ts';
import type { CartService } from '../cart/service.ts';
import { cartOf } from '../cart/access.ts';
import type { Evaluation } from '../cart/evaluate.ts';
import { enqueueMail, type MailDispatcher } from '../mail/outbox.ts';
import type { PaymentRegistry } from '../payments/provider.ts';
import { orderFiscal } from '../invoices/document.ts';
import type { InvoiceService } from '../invoices/service.ts';
import { shopMetrics } from '../../observability/metrics.ts';
import { buildOrderView, orderFeeLines } from './order-view.ts';

const M = CHECKOUT_MESSAGES;
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';
/** Same answer for an unknown order and a wrong key: nothing tells them apart. */
const ORDER_NOT_FOUND = 'Order not found';
const ORDER_OF_ANOTHER_EMAIL = 'The order was placed with another e-mail address or already belongs to an account';

export interface OrderServiceOptions {
  storeCode: string;
  /** The shop's orders mailbox, named in the §8 texts ("write to {email}"). */
  contactEmail: string;
  /** An unpaid online payment gives its stock and coupon back after this many minutes. */
  paymentTtlMinutes: number;
  /** Accounts made with a purchase: their password hashed and their session started as every account's. */
  accounts: Pick<AccountService, 'checkoutAccount' | 'signInNew'>;
  /** Issues the invoice in the transaction that pays (or ships) an order (modules/invoices). */
  invoices?: Pick<InvoiceService, 'onOrder'>;
  now?: () => Date;
}

/** Who places an order: the signed-in customer (their account's e-mail is the order's), or a guest. */
export type OrderCustomer = Pick<CustomerRow, 'id' | 'email'>;
type AccountStatus = NonNullable<OrderPlaced['account']>;

/**
 * SHA-256 of what an order request asks for, keys sorted: what an idempotency key is bound to.
 * A resend's own stamps (`created_at`, `transmited`: VSF sets them anew for each transmission)
 * are not part of the order, so they do not make a resend "another body".
 */
export function requestHash(request: OrderRequest): string {
  // The new account's password is no part of what the key is bound to (and no hash of it is kept).
  const { created_at: _created, transmited: _transmited, password: _password, ...body } = request;
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical((value as Record<string, unknown>)[key])]))
        : value;
  return createHash('sha256').update(JSON.stringify(canonical(body))).digest('hex');
}

/** The cart address shape (shopping.md §3) of an order address: what tax and shipping rules read. */
function cartAddress(address: OrderAddress): Record<string, unknown> & { countryId: string } {
  return {
    countryId: address.country_id,
    postcode: address.postcode,
    city: address.city,
    region: address.region,
    regionCode: address.region_code,
    street: address.street,
    firstname: address.firstname,
    lastname: address.lastname,
    telephone: address.telephone,
    email: address.email,
  };
}

/** A stored view with new statuses. */
const withStatus = (view: OrderView, status: OrderView['status'], payment: OrderView['payment']['status']): OrderView => ({
  ...view,
  status,
  payment: { ...view.payment, status: payment },
});

const asJson = (value: object) => value as Record<string, unknown>;

/**
 * "Create an account with the purchase" (shopping §4): the account with the chosen password
 * (`created`), or without one when none was sent (`pending`: the buyer sets it through the reset
 * link); the order is its first. An e-mail that already has an account is not touched (`exists`):
 * the order stays a guest order, and the buyer signs in to see it there.
 */
async function accountForOrder(trx: Db, row: { email: string; firstname: string; lastname: string; password_hash: string | null }): Promise<{ status: AccountStatus; customer?: CustomerRow }> {
  const created = await insertCustomer(trx, row);
  if (!created) return { status: 'exists' };
  return { status: row.password_hash ? 'created' : 'pending', customer: created };
}

/** An object without its undefined entries (they must not hide saved values when spread). */
const definedOnly = (value: object) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));

/**
 * Orders (ADR 0013): placing from the server cart, reading with the owner's key, and expiring
 * unpaid online payments. Every amount comes from the cart's evaluation; the request only says
 * who buys, where it goes and which methods were chosen.
 */
export class OrderService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly carts: CartService,
    private readonly payments: PaymentRegistry,
    private readonly mail: Pick<MailDispatcher, 'kick'>,
    private readonly options: OrderServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Places the order of a cart. The key (Idempotency-Key header, else the client's order_id)
   * makes a resent request answer the order it placed; the same key with another body is 409.
   */
  async place(body: OrderRequest, headerKey: string | undefined, hash: string, customer?: OrderCustomer): Promise<OrderPlaced> {
    const key = headerKey ?? body.order_id ?? randomUUID();
    const replay = await this.replay(key, hash);
    if (replay) return replay;
    try {
      return await this.placeNew(body, key, hash, customer);
    } catch (error) {
      // The same key placed concurrently (the unique key refused this one, or the other emptied
      // the cart first, before or during this one's checks): the other request's order is this one's answer.
      if (isUniqueViolation(error) || error instanceof HttpError) {
        const again = await this.replay(key, hash);
        if (again) return again;
      }
      throw error;
    }
  }

  /**
   * The customer placing an order sent without a user token (issue #47): Vue Storefront 1 sends
   * `POST /api/order` without `?token=`, with the cart token (the secret it holds) and `user_id`.
   * A customer's cart is placed as its owner only when `user_id` names that owner; otherwise the
   * order is a guest's, and `cartOf` refuses a customer's cart to it (404, as any unknown cart).
   */
  async cartOwner(body: OrderRequest): Promise<OrderCustomer | undefined> {
    const userId = String(body.user_id ?? '').trim();
    if (userId === '') return undefined;
    const owner = (await this.carts.open(body.cart_id)).row.customer_id;
    if (owner === null || String(owner) !== userId) return undefined;
    const customer = await findCustomer(this.db, owner);
    return customer && { id: customer.id, email: customer.email };
  }

  private async placeNew(body: OrderRequest, key: string, hash: string, customer: OrderCustomer | undefined): Promise<OrderPlaced> {
    const customerId = customer?.id;
    const info = body.addressInformation;
    const provider = this.payments.get(info.payment_method_code);
    if (!provider) throw new HttpError(400, M.paymentMethodNotAllowed);
    const cart = cartOf(await this.carts.open(body.cart_id), customerId);
    const evaluation = await this.carts.prepareOrder(cart, {
      shippingAddress: cartAddress(info.shippingAddress),
      carrierCode: info.shipping_carrier_code,
      methodCode: info.shipping_method_code,
      paymentCode: info.payment_method_code,
    });
    this.check(evaluation, info.shipping_carrier_code, info.shipping_method_code, body.expected_grand_total);
    // What the buyer chose with an online method (an instalment plan) is checked with the provider first.
    const paymentDetails = provider.kind === 'online' ? await provider.prepare(info.payment_method_additional, evaluation.totals.grandTotal) : {};

    // A signed-in customer's order and its mail go to their account's address, whatever the form said.
    const email = customer?.email ?? (body.email || info.billingAddress.email || info.shippingAddress.email);
    const billingName = { email, firstname: info.billingAddress.firstname, lastname: info.billingAddress.lastname };
    const wantsAccount = body.create_account === true && customerId === undefined && cart.row.customer_id === null;
    // Hashed before the transaction (deliberately slow), inserted in it with the order.
    const accountRow = wantsAccount ? (body.password ? await this.options.accounts.checkoutAccount(billingName, body.password) : { ...billingName, password_hash: null }) : null;
    // Order attributes saved on the cart fill what the shipping address does not say itself.
    const saved = addressExtensionAttributes.safeParse(cart.row.order_attributes ?? {});
    const shippingAddress: OrderAddress = saved.success
      ? { ...info.shippingAddress, extension_attributes: { ...saved.data, ...definedOnly(info.shippingAddress.extension_attributes) } }
      : info.shippingAddress;
    const placed = await this.db.transaction().execute(async (trx) => {
      // One placement per cart at a time; a second one finds it emptied by the first.
      const lines = await trx.selectFrom('cart_item').select(['id', 'qty']).where('cart_id', '=', cart.row.id).forUpdate().execute();
      if (lines.length !== evaluation.input.items.length) throw new HttpError(409, M.orderInProgress);

      const stocked = evaluation.priced.filter(({ line }) => toStockItem(line.sku, 0, line.stock).manage_stock);
      const short = await takeStock(
        trx,
        stocked.map(({ row, line }) => {
          const stock = toStockItem(line.sku, 0, line.stock);
          return { sku: line.sku, qty: row.qty, catalogueQty: stock.qty, backorders: stock.backorders > 0 };
        }),
      );
      if (short.length > 0) throw new HttpError(409, formatMessage(M.outOfStockAtPlacement, { skus: short.join(', ') }));

      const coupon = evaluation.totals.couponActive ? evaluation.input.coupon : null;
      if (coupon && (await countCouponUse(trx, coupon.id, { customerId: cart.row.customer_id, email })) !== 'counted') {
        throw new HttpError(409, CART_MESSAGES.couponInvalid);
      }

      // An offer serves one order: another one of its cart's lines placed meanwhile (two devices) got it first.
      const offers = evaluation.priced.flatMap(({ line }) => (line.quoteOfferId === undefined ? [] : [line.quoteOfferId]));
      if ((await offersTaken(trx, offers)).length > 0) throw new HttpError(409, M.orderInProgress);

      const account = accountRow ? await accountForOrder(trx, accountRow) : null;
      const incrementId = await nextIncrementId(trx, this.options.storeCode);
      const grandTotalCents = evaluation.totals.grandTotal;
      const start = provider.start({ incrementId, grandTotalCents, email });
      const createdAt = this.now();
      const view = orderView.parse(
        buildOrderView({
          incrementId,
          createdAt,
          email,
          accountRequested: body.create_account ?? false,
          ...(account ? { account: account.status } : {}),
          shippingAddress,
          billingAddress: info.billingAddress,
          evaluation,
          paymentTitle: evaluation.paymentMethod!.title,
          fatturapaCode: provider.fatturapaCode,
          start,
        }),
      );
      const accessKey = randomBytes(24).toString('base64url');
      const buyer = buyerOf(info.billingAddress, shippingAddress);
      const t = evaluation.totals;
      const orderId = await insertOrder(
        trx,
        {
          store_code: this.options.storeCode,
          increment_id: incrementId,
          access_key: accessKey,
          idempotency_key: key,
          request_hash: hash,
          status: start.orderStatus,
          payment_status: start.paymentStatus,
          email,
          customer_id: cart.row.customer_id ?? customerId ?? account?.customer?.id ?? null,
          account_requested: body.create_account ?? false,
          is_company: buyer.isCompany,
          company: buyer.company ?? null,
          activity_type: buyer.activityType ?? null,
          fiscal_code: buyer.fiscalCode ?? null,
          vat_id: buyer.vatId ?? null,
          sdi_code: buyer.sdiCode ?? null,
          pec_email: buyer.pecEmail ?? null,
          fatturapa_payment_code: provider.fatturapaCode,
          shipping_address: asJson(shippingAddress),
          billing_address: asJson(info.billingAddress),
          shipping_carrier_code: evaluation.shippingMethod?.carrier_code ?? '',
          shipping_method_code: evaluation.shippingMethod?.method_code ?? '',
          payment_method: provider.code,
          coupon_id: coupon?.id ?? null,
          coupon_code: coupon?.code ?? null,
          subtotal_cents: t.subtotal,
          discount_cents: t.discount,
          shipping_cents: t.shipping,
          fee_cents: t.shippingFee + t.productFee,
          surcharge_cents: t.surcharge,
          tax_cents: t.tax,
          grand_total_cents: grandTotalCents,
          view: asJson(view),
          // The net amounts of the invoice's lines, as the cart computed them (modules/invoices).
          fiscal: asJson(
            orderFiscal({
              totals: t,
              serviceTaxRate: evaluation.input.serviceTaxRate,
              shippingTitle: view.shippingMethod.title,
              fees: orderFeeLines(evaluation),
              surchargeTitle: evaluation.paymentMethod!.title,
            }),
          ),
          created_at: createdAt,
          expires_at:
            provider.kind === 'online' && start.paymentStatus !== 'paid' ? new Date(createdAt.getTime() + this.options.paymentTtlMinutes * 60_000) : null,
        },
        evaluation.priced.map(({ row, line, taxRate }) => ({
          sku: line.sku,
          parent_sku: line.parentSku,
          name: line.name,
          qty: row.qty,
          unit_net_cents: line.unitNet,
          row_gross_cents: t.items.find((item) => item.id === row.id)?.rowTotalInclTax ?? 0,
          tax_percent: taxRate,
          managed_stock: stocked.some((s) => s.row.id === row.id),
          options: line.options,
          quote_offer_id: line.quoteOfferId ?? null,
        })),
      );
      if (provider.kind === 'online') {
        // The provider payment is created after commit (payments/service.ts); the cart as it was
        // is kept with it, to come back if the buyer cancels. The mail waits for the money.
        await insertPayment(trx, { order_id: orderId, provider: provider.code, amount_cents: grandTotalCents, details: paymentDetails, cart_id: cart.row.id, cart_snapshot: await snapshotCart(trx, cart.row.id) });
      } else {
        await enqueueMail(trx, { template: 'order-confirmation', to: email, order: view });
      }
      await clearCart(trx, cart.row.id);
      return { placed: { incrementId, accessKey, order: view, ...(account ? { account: account.status } : {}) }, newCustomer: account?.status === 'created' ? account.customer : undefined };
    });
    this.mail.kick();
    shopMetrics.orderPlaced(provider.code);
    if (!placed.newCustomer) return placed.placed;
    // Spec: after a password is created the user is logged in automatically.
    const session = await this.options.accounts.signInNew(placed.newCustomer);
    return { ...placed.placed, token: session.result, refreshToken: String(session.meta['refreshToken']) };
  }

  /** Saves a guest cart's order attributes (shopping §7 guestCheckoutData). */
  async saveAttributes(cartToken: string, body: OrderAttributesBody, customerId?: number): Promise<true> {
    const cart = cartOf(await this.carts.open(cartToken), customerId);
    await saveOrderAttributes(this.db, cart.row.id, { ...body.attributes });
    return true;
  }

  /** The order of a number, for the holder of its key; anything else is "not found". */
  async read(incrementId: string, key: string): Promise<OrderView> {
    return orderView.parse((await this.owned(incrementId, key)).view);
  }

  /** The order row of a number for the holder of its key (404 otherwise). */
  async owned(incrementId: string, key: string): Promise<OrderRow> {
    const order = await this.find(incrementId);
    if (!order || !sameSecret(key, order.access_key)) throw new HttpError(404, ORDER_NOT_FOUND);
    return order;
  }

  /**
   * A guest order placed with an e-mail that has an account, linked to that account once its
   * owner signs in (issue 42): the order's key and the same e-mail are both needed, so neither a
   * stolen link nor another customer can take it. Answers whether the order is the customer's now.
   */
  async link(incrementId: string, key: string, customer: OrderCustomer): Promise<true> {
    const order = await this.owned(incrementId, key);
    if (order.customer_id === customer.id) return true;
    if (order.customer_id !== null || emailKey(order.email) !== emailKey(customer.email)) throw new HttpError(403, ORDER_OF_ANOTHER_EMAIL);
    if (!(await linkOrderToCustomer(this.db, order.id, customer.id))) throw new HttpError(403, ORDER_OF_ANOTHER_EMAIL);
    return true;
  }

  find(incrementId: string): Promise<OrderRow | undefined> {
    return findOrder(this.db, this.options.storeCode, incrementId);
  }

  /**
   * Ends an unpaid order (payment time over, cancelled by the buyer, abandoned at the provider):
   * its stock and coupon use come back once, as the status move is conditional; `also` runs in
   * the same transaction (the payment's state, the cart put back).
   */
  async release(order: OrderRow, to: 'expired' | 'canceled', also?: (trx: Db) => Promise<void>): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const view = withStatus(orderView.parse(order.view), to, to);
      if (!(await moveOrder(trx, order.id, 'pending_payment', { status: to, payment_status: to, view: asJson(view) }))) return false;
      await this.giveBack(trx, order);
      await also?.(trx);
      return true;
    });
  }

  /** An order that will not go out gives back its stock and its coupon use: call it once per order, in the transaction that ends it. */
  async giveBack(trx: Db, order: OrderRow): Promise<void> {
    const items = await findOrderItems(trx, order.id);
    await returnStock(trx, items.filter((item) => item.managed_stock).map((item) => ({ sku: item.sku, qty: item.qty })));
    if (order.coupon_id !== null) await releaseCouponUse(trx, order.coupon_id);
  }

  /**
   * A verified online payment. A waiting order is paid, processed and confirmed by mail (the mail
   * says the payment was received); an order that had expired or was cancelled keeps its status,
   * records the money and is flagged for a person, who ships or refunds it: never lost.
   */
  async recordOnlinePayment(order: OrderRow): Promise<'paid' | 'flagged' | 'already'> {
    if (order.payment_status === 'paid') return 'already';
    if (order.status === 'pending_payment') {
      const view = withStatus(orderView.parse(order.view), 'processing', 'paid');
      const moved = await this.db.transaction().execute(async (trx) => {
        if (!(await moveOrder(trx, order.id, 'pending_payment', { status: 'processing', payment_status: 'paid', paid_at: this.now(), view: asJson(view) }))) return false;
        await this.options.invoices?.onOrder(trx, order.id, 'paid');
        await enqueueMail(trx, { template: 'order-confirmation', to: order.email, order: view });
        return true;
      });
      if (moved) {
        this.mail.kick();
        return 'paid';
      }
      const now = await findOrder(this.db, order.store_code, order.increment_id);
      return now ? this.recordOnlinePayment(now) : 'already';
    }
    const view = { ...orderView.parse(order.view), payment: { ...orderView.parse(order.view).payment, status: 'paid' as const } };
    const moved = await moveOrder(this.db, order.id, order.status, {
      status: order.status,
      payment_status: 'paid',
      paid_at: this.now(),
      payment_review: `paid after the order was ${order.status}: ship it again or refund`,
      view: asJson(view),
    });
    return moved ? 'flagged' : 'already';
  }

  /**
   * Records an offline payment (a bank transfer arrived, the courier's cash was collected) in `trx`
   * (the back office's action checked the order may be paid and kicks the mail after commit): paid on `paidAt`, processed (complete when everything already went out),
   * invoiced if invoices are issued on payment, and the "pagamento ricevuto" mail queued.
   */
  async payOffline(trx: Db, order: OrderRow, paidAt: Date): Promise<OrderView> {
    const status = order.shipping_status === 'shipped' ? 'complete' : 'processing';
    const view = withStatus(orderView.parse(order.view), status, 'paid');
    const moved = await moveOrder(trx, order.id, order.status, { status, payment_status: 'paid', paid_at: paidAt, view: asJson(view) });
    if (!moved) throw new HttpError(409, M.orderInProgress);
    await this.options.invoices?.onOrder(trx, order.id, 'paid');
    await enqueueMail(trx, { template: 'payment-received', to: order.email, order: view });
    return view;
  }

  /** A request already placed under this key: its answer, or 409 when the body differs. */
  private async replay(key: string, hash: string): Promise<OrderPlaced | null> {
    const existing: OrderRow | undefined = await findOrderByIdempotencyKey(this.db, key);
    if (!existing) return null;
    if (existing.request_hash !== hash) throw new HttpError(409, M.idempotencyConflict);
    const order = orderView.parse(existing.view);
    return { incrementId: existing.increment_id, accessKey: existing.access_key, order, ...(order.account ? { account: order.account } : {}) };
  }

  /** Refuses what cannot become an order, with the §5/§8 texts. */
  private check(evaluation: Evaluation, carrier: string, method: string, expectedGrandTotal: number | undefined): void {
    const { input, priced } = evaluation;
    if (input.items.length === 0) throw new HttpError(400, M.emptyCart);
    const unavailable = input.items.filter((item) => item.line === null || item.problem);
    if (unavailable.length > 0) {
      throw new HttpError(409, formatMessage(M.outOfStockAtPlacement, { skus: unavailable.map((item) => item.row.sku).join(', ') }));
    }
    const overStock = priced.filter(({ row, line }) => {
      const stock = toStockItem(line.sku, 0, line.stock);
      return stock.manage_stock && !stock.backorders && (!stock.is_in_stock || row.qty > stock.qty);
    });
    if (overStock.length > 0) {
      throw new HttpError(409, formatMessage(M.outOfStockAtPlacement, { skus: overStock.map((item) => item.line.sku).join(', ') }));
    }
    if (!evaluation.virtual && !evaluation.shippingMethod) {
      const known = input.config.shipping.some((m) => m.carrier_code === carrier && m.method_code === method);
      throw new HttpError(400, known ? formatMessage(M.shippingNotComputable, { email: this.options.contactEmail }) : M.shippingMethodNotAllowed);
    }
    if (!evaluation.paymentMethod || !this.carts.offers(evaluation, evaluation.paymentMethod)) throw new HttpError(400, M.paymentMethodNotAllowed);
    if (expectedGrandTotal !== undefined && toCents(expectedGrandTotal) !== evaluation.totals.grandTotal) {
      throw new HttpError(409, formatMessage(M.priceChanged, { grandTotal: `${fromCents(evaluation.totals.grandTotal).toFixed(2)} EUR` }));
    }
  }
}
