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

export interface PaymentProvider {
  /** The payment method code (payment_method.code): banktransfer, cashondelivery, stripe, … */
  readonly code: string;
  readonly fatturapaCode: FatturapaPaymentCode;
  /** Offline methods are settled outside the shop; online ones by a provider message. */
  readonly kind: 'offline' | 'online';
  /** Marks answers and pages of a sandbox or test configuration. */
  readonly test: boolean;
  start(order: PayableOrder): PaymentStart;
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

  /** Codes of the methods that can be offered. */
  codes(): ReadonlySet<string> {
    return new Set(this.byCode.keys());
  }
}
