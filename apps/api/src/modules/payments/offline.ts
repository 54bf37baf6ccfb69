import { fromCents } from '@shop/domain';
import type { PaymentProvider } from './provider.ts';

/**
 * Cash on delivery (FatturaPA MP01): the courier collects the money, so the order is shipped at
 * once and its payment stays pending until the courier pays the shop. The cart rules already
 * hide it for virtual carts and from 5,000 EUR (the Italian cash limit, the configuration row's
 * max_grand_total_cents) and add its fee as the surcharge segment.
 */
export const cashOnDelivery: PaymentProvider = {
  code: 'cashondelivery',
  fatturapaCode: 'MP01',
  kind: 'offline',
  test: false,
  start: () => ({ orderStatus: 'processing', paymentStatus: 'pending' }),
};

export interface BankAccount {
  iban: string;
  beneficiary: string;
  bank: string;
  /** A placeholder account of a test configuration (never in production). */
  test: boolean;
}

/**
 * Bank transfer in advance (FatturaPA MP05): the order waits for the money; the buyer gets the
 * account and the order number as the transfer's reference on the thank-you page and in the mail.
 * It does not expire by itself: the shop cancels an unpaid transfer order by hand.
 */
export function bankTransfer(account: BankAccount): PaymentProvider {
  return {
    code: 'banktransfer',
    fatturapaCode: 'MP05',
    kind: 'offline',
    test: account.test,
    start: (order) => ({
      orderStatus: 'pending_payment',
      paymentStatus: 'pending',
      instructions: {
        iban: account.iban,
        beneficiary: account.beneficiary,
        bank: account.bank,
        reference: `Ordine ${order.incrementId}`,
        amount: fromCents(order.grandTotalCents),
      },
    }),
  };
}
