import type { BankTransferInstructions, FatturapaPaymentCode, OrderStatus, PaymentStatus } from '@shop/contracts';

/**
 * The payment interface (ADR 0014). A provider serves one payment method code of the shop's
 * configuration. Placing an order calls `start` inside the placing transaction; what happens
 * later comes as a verified provider message (`confirm`), a cancellation, or the payment time
 * running out (`expire`): the orders service applies those to the order, the provider says
 * whether and how it can.
 */
export interface PaymentStart {
  /** The order's first status: 'processing' when the shop can ship now, 'pending_payment' when it waits for money. */
  orderStatus: Extract<OrderStatus, 'processing' | 'pending_payment'>;
  paymentStatus: Extract<PaymentStatus, 'pending' | 'paid'>;
  /** What the buyer must do to pay (bank transfer). */
  instructions?: BankTransferInstructions;
  /** Where to send the buyer to pay (online methods). */
  redirectUrl?: string;
}

/** The order as a provider sees it when the payment starts. */
export interface PayableOrder {
  incrementId: string;
  grandTotalCents: number;
  email: string;
}

interface ProviderBase {
  /** The payment method code (payment_method.code): banktransfer, cashondelivery, stripe, … */
  readonly code: string;
  readonly fatturapaCode: FatturapaPaymentCode;
  /** Marks answers and pages of a sandbox or test configuration. */
  readonly test: boolean;
  start(order: PayableOrder): PaymentStart;
}

/** Offline methods are settled outside the shop (the courier, a bank transfer). */
export interface OfflinePaymentProvider extends ProviderBase {
  readonly kind: 'offline';
}

/** An online payment as the provider is asked to create it (after the order is committed). */
export interface OnlineCheckout extends PayableOrder {
  /** The same for every attempt at one order's payment: the provider's idempotency key. */
  idempotencyKey: string;
  /** Where the provider sends the buyer back. */
  returnUrl: string;
  cancelUrl: string;
  /** The IPN/notification URL, for providers that call one per payment. */
  notifyUrl: string;
  /** The provider payment must not outlive the order's payment time. */
  expiresAt: Date;
  billingAddress: ProviderAddress;
  shippingAddress: ProviderAddress;
  /** What prepare() accepted (an instalment plan). */
  details: Record<string, unknown>;
  /** Internal references the provider keeps with the payment (custom data). */
  cartId: number;
}

export interface ProviderAddress {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  street: string[];
  postcode: string;
  city: string;
  country: string;
  company?: string;
}

/** What the provider says about a payment when asked (verification never trusts a redirect). */
export type RemotePayment =
  | { state: 'paid'; amountCents: number; orderReference: string }
  | { state: 'open' | 'failed' | 'canceled' };

/**
 * Online methods: the buyer pays at the provider; the order is paid only by a verified provider
 * message or a server-side read of the payment, never by a visit to a return URL.
 */
export interface OnlinePaymentProvider extends ProviderBase {
  readonly kind: 'online';
  /** Checks what the buyer chose with the method (an instalment plan) for this total; throws a 400 HttpError. */
  prepare(additional: Record<string, unknown> | undefined, grandTotalCents: number): Promise<Record<string, unknown>>;
  /** Creates the provider payment; the same idempotency key never creates a second one. */
  create(checkout: OnlineCheckout): Promise<{ reference: string; redirectUrl: string }>;
  /**
   * Stops a payment the buyer abandoned or cancelled. 'paid' when the buyer paid meanwhile (the
   * order must not be released); 'canceled' otherwise, also when the provider cannot be reached
   * (a later payment is then recorded and flagged).
   */
  cancel(reference: string): Promise<'paid' | 'canceled'>;
  /**
   * Sends `amountCents` of the paid payment `reference` (the order_payment's reference) back to
   * the buyer: the provider's refund id. The same idempotency key never refunds twice. Throws
   * RefundRefused when the provider says no (with its reason), ProviderUnavailableError when it
   * cannot be reached.
   */
  refund(reference: string, amountCents: number, idempotencyKey: string): Promise<{ reference: string }>;
}

/** A provider refused a refund: `reason` is its own words (an amount above what is left, a balance too low…). */
export class RefundRefused extends Error {
  constructor(
    /** The provider as the seller knows it: Stripe, PayPal, Alma. */
    readonly provider: string,
    readonly reason: string,
  ) {
    super(`${provider} refused the refund: ${reason}`);
  }
}

export type PaymentProvider = OfflinePaymentProvider | OnlinePaymentProvider;

/** What the online methods share: card-like FatturaPA code MP08, an order waiting for the money, nothing to prepare. */
export function onlineMethod(code: string, test: boolean): Omit<OnlinePaymentProvider, 'create' | 'cancel' | 'refund'> {
  return {
    code,
    fatturapaCode: 'MP08',
    kind: 'online',
    test,
    start: () => ({ orderStatus: 'pending_payment', paymentStatus: 'pending' }),
    prepare: async () => ({}),
  };
}

/** The providers the shop offers, by code: a configured method without one is not offered. */
export class PaymentRegistry {
  private readonly byCode: ReadonlyMap<string, PaymentProvider>;

  constructor(providers: readonly PaymentProvider[]) {
    this.byCode = new Map(providers.map((provider) => [provider.code, provider]));
  }

  get(code: string): PaymentProvider | undefined {
    return this.byCode.get(code);
  }

  /** The online provider of a method code, if that is what it is. */
  online(code: string): OnlinePaymentProvider | undefined {
    const provider = this.byCode.get(code);
    return provider?.kind === 'online' ? provider : undefined;
  }

  /** Codes of the methods served by a sandbox or test credentials: the checkout marks them. */
  testCodes(): ReadonlySet<string> {
    return new Set([...this.byCode.values()].filter((provider) => provider.test).map((provider) => provider.code));
  }

  /** Codes of the methods that can be offered. */
  codes(): ReadonlySet<string> {
    return new Set(this.byCode.keys());
  }
}
