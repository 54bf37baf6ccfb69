import { orderView, type OrderView } from '@shop/contracts';
import {
  findExpiredOrders,
  findOrderById,
  findPayment,
  findPaymentByReference,
  freeIdempotencyKey,
  movePayment,
  openPayment,
  recordPaymentEvent,
  restoreCart,
  type Db,
  type OrderPaymentRow,
  type OrderRow,
} from '@shop/db';
import type { Logger } from '../../http/router.ts';
import type { OrderService } from '../orders/service.ts';
import { ProviderUnavailableError } from './provider-http.ts';
import { shopMetrics } from '../../observability/metrics.ts';
import type { OnlineCheckout, OnlinePaymentProvider, PaymentRegistry, ProviderAddress, RemotePayment } from './provider.ts';

export interface PaymentServiceOptions {
  /** The shop's public address: where providers send the buyer back. */
  shopUrl: string;
  /** The public address of the API, for provider notifications (IPN); read when a payment is created. */
  notifyUrl: () => string;
  now?: () => Date;
}

/** What applying a provider's word about a payment did. */
export type Confirmation = 'paid' | 'flagged' | 'already' | 'duplicate' | 'unknown' | 'mismatch';

const address = (raw: Record<string, unknown>, email: string): ProviderAddress => ({
  firstName: String(raw['firstname'] ?? ''),
  lastName: String(raw['lastname'] ?? ''),
  email: String(raw['email'] ?? email),
  phone: String(raw['telephone'] ?? ''),
  street: Array.isArray(raw['street']) ? raw['street'].map(String).filter(Boolean) : [],
  postcode: String(raw['postcode'] ?? ''),
  city: String(raw['city'] ?? ''),
  country: String(raw['country_id'] ?? 'IT'),
  ...(raw['company'] ? { company: String(raw['company']) } : {}),
});

/**
 * Online payments (ADR 0016): creates each order's provider payment once, applies verified
 * provider messages to the order (once, whatever the deliveries), and ends the payments the buyer
 * cancels or lets run out. Provider specifics (signatures, capture, reads) stay in their modules.
 */
export class PaymentService {
  /** Redirect look-ups (and payment creations) under way in this process, by order number: a double click waits for the first. */
  private readonly creating = new Map<string, Promise<string | undefined>>();
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly registry: PaymentRegistry,
    private readonly orders: OrderService,
    private readonly options: PaymentServiceOptions,
    private readonly logger: Logger = console,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Where the buyer of a placed online order pays: the provider payment is created on the first
   * call and answered again on later ones (a resend, a reload). A provider that fails or is
   * down ends the order (stock, coupon and cart given back; its key freed for a retry): 503.
   */
  redirectFor(incrementId: string): Promise<string | undefined> {
    // One look-up per order at a time, taken before any await: concurrent resends share it.
    let pending = this.creating.get(incrementId);
    if (!pending) {
      pending = this.lookUpOrCreate(incrementId).finally(() => this.creating.delete(incrementId));
      this.creating.set(incrementId, pending);
    }
    return pending;
  }

  private async lookUpOrCreate(incrementId: string): Promise<string | undefined> {
    const order = await this.orders.find(incrementId);
    const provider = order && this.registry.online(order.payment_method);
    if (!order || !provider || order.status !== 'pending_payment') return undefined;
    const payment = await findPayment(this.db, order.id);
    if (!payment) return undefined;
    if (payment.state === 'open' && payment.redirect_url) return payment.redirect_url;
    return payment.state === 'creating' ? this.create(provider, order, payment) : undefined;
  }

  private async create(provider: OnlinePaymentProvider, order: OrderRow, payment: OrderPaymentRow): Promise<string> {
    const back = `order=${encodeURIComponent(order.increment_id)}&key=${encodeURIComponent(order.access_key)}`;
    const { shopUrl } = this.options;
    const notifyUrl = this.options.notifyUrl();
    const checkout: OnlineCheckout = {
      incrementId: order.increment_id,
      grandTotalCents: payment.amount_cents,
      email: order.email,
      idempotencyKey: `order-${order.store_code}-${order.increment_id}`,
      returnUrl:
        provider.code === 'almapay'
          ? `${shopUrl}/instalment-return`
          : `${shopUrl}/thank-you?${back}&provider=${encodeURIComponent(provider.code)}`,
      cancelUrl: `${shopUrl}/payment-cancelled?${back}`,
      notifyUrl: `${notifyUrl}/api/ext/${provider.code}/ipn`,
      expiresAt: order.expires_at ?? new Date(this.now().getTime() + 3_600_000),
      billingAddress: address(order.billing_address, order.email),
      shippingAddress: address(order.shipping_address, order.email),
      details: payment.details,
      cartId: payment.cart_id ?? 0,
    };
    try {
      const created = await provider.create(checkout);
      await openPayment(this.db, order.id, created.reference, created.redirectUrl);
      return created.redirectUrl;
    } catch (error) {
      this.logger.error(`Payment of order ${order.increment_id} (${provider.code}) could not be created:`, error);
      shopMetrics.payment(provider.code, 'failed');
      await this.orders.release(order, 'canceled', async (trx) => {
        await movePayment(trx, order.id, ['creating'], 'failed');
        await this.restore(trx, payment);
        await freeIdempotencyKey(trx, order.id);
      });
      throw error instanceof ProviderUnavailableError ? error : new ProviderUnavailableError(provider.code, error);
    }
  }

  private async restore(trx: Db, payment: OrderPaymentRow): Promise<boolean> {
    return payment.cart_id !== null && payment.cart_snapshot !== null ? restoreCart(trx, payment.cart_id, payment.cart_snapshot) : false;
  }

  /**
   * A provider says (verified by its module: a signed webhook, a read of the payment, a capture)
   * that a payment is paid. Applied only when the payment is ours, for its order and its amount;
   * `eventId` dedupes redeliveries of the same message.
   */
  async confirm(provider: string, reference: string, remote: Extract<RemotePayment, { state: 'paid' }>, eventId: string): Promise<Confirmation> {
    const payment = await findPaymentByReference(this.db, provider, reference);
    const order = payment && (await findOrderById(this.db, payment.order_id));
    if (!payment || !order) return 'unknown';
    if (remote.orderReference !== order.increment_id || remote.amountCents !== payment.amount_cents) {
      this.logger.warn(`${provider} payment ${reference}: order ${remote.orderReference} for ${remote.amountCents} cents does not match order ${order.increment_id} for ${payment.amount_cents}: ignored`);
      return 'mismatch';
    }
    if (!(await recordPaymentEvent(this.db, { provider, event_id: eventId, order_id: order.id, type: 'paid' }))) return 'duplicate';
    await movePayment(this.db, order.id, ['creating', 'open', 'failed', 'canceled', 'expired'], 'paid');
    const outcome = await this.orders.recordOnlinePayment(order);
    if (outcome !== 'already') shopMetrics.payment(provider, outcome);
    if (outcome === 'flagged') this.logger.warn(`Order ${order.increment_id} was ${order.status} when its ${provider} payment arrived: flagged for review`);
    return outcome;
  }

  /** A provider says a payment ended unpaid (session expired, payment refused): its order is released. */
  async ended(provider: string, reference: string, eventId: string): Promise<'released' | 'unknown' | 'duplicate' | 'unchanged'> {
    const payment = await findPaymentByReference(this.db, provider, reference);
    const order = payment && (await findOrderById(this.db, payment.order_id));
    if (!payment || !order) return 'unknown';
    if (!(await recordPaymentEvent(this.db, { provider, event_id: eventId, order_id: order.id, type: 'ended' }))) return 'duplicate';
    const released = await this.orders.release(order, 'expired', async (trx) => {
      await movePayment(trx, order.id, ['creating', 'open'], 'expired');
    });
    if (released) shopMetrics.payment(provider, 'expired');
    return released ? 'released' : 'unchanged';
  }

  /** The order of a provider payment, for return pages that find the order by the provider's id. */
  async orderOf(provider: string, reference: string): Promise<OrderRow | undefined> {
    const payment = await findPaymentByReference(this.db, provider, reference);
    return payment && findOrderById(this.db, payment.order_id);
  }

  /** The provider payment id of an order (its key checked by the caller). */
  async referenceOf(order: OrderRow): Promise<string | null> {
    return (await findPayment(this.db, order.id))?.reference ?? null;
  }

  /**
   * The buyer cancelled at the provider (the payment-cancelled page): the provider payment is
   * stopped, the order released and the cart put back as it was. A payment that went through
   * meanwhile is not cancelled: the order stays, to be paid by the provider's message.
   */
  async cancelByBuyer(incrementId: string, key: string): Promise<{ order: OrderView; cartRestored: boolean }> {
    const order = await this.orders.owned(incrementId, key);
    const provider = this.registry.online(order.payment_method);
    const payment = await findPayment(this.db, order.id);
    if (!provider || !payment || order.status !== 'pending_payment') return { order: orderView.parse(order.view), cartRestored: false };
    if (payment.reference && (await provider.cancel(payment.reference)) === 'paid') return { order: orderView.parse(order.view), cartRestored: false };
    let cartRestored = false;
    const released = await this.orders.release(order, 'canceled', async (trx) => {
      await movePayment(trx, order.id, ['creating', 'open', 'failed'], 'canceled');
      cartRestored = await this.restore(trx, payment);
    });
    if (released) shopMetrics.payment(provider.code, 'canceled');
    const after = await this.orders.owned(incrementId, key);
    return { order: orderView.parse(after.view), cartRestored };
  }

  /**
   * Expires unpaid orders whose payment time ran out: an online payment is stopped at its
   * provider first, and an order the buyer paid meanwhile is left to its confirmation.
   */
  async expireDue(): Promise<number> {
    let expired = 0;
    for (const order of await findExpiredOrders(this.db, this.now())) {
      const provider = this.registry.online(order.payment_method);
      const payment = provider ? await findPayment(this.db, order.id) : undefined;
      if (provider && payment?.reference && (await provider.cancel(payment.reference)) === 'paid') continue;
      const released = await this.orders.release(order, 'expired', async (trx) => {
        if (payment) await movePayment(trx, order.id, ['creating', 'open', 'failed'], 'expired');
      });
      if (released) {
        expired++;
        shopMetrics.payment(order.payment_method, 'expired');
      }
    }
    return expired;
  }
}
