/** @jsxRuntime automatic @jsxImportSource react */
import type { OrderView } from '@shop/contracts';
import { formatEuro } from './format.ts';
import { Heading, ItemsTable, Layout, TotalsTable } from './parts.tsx';
import type { OrderMailProps } from './OrderConfirmation.tsx';

/** The methods the seller refunds by bank transfer to the buyer's account (the others go back through the provider). */
const OFFLINE_METHODS = new Set(['banktransfer', 'cashondelivery']);

export function orderRefundSubject(order: OrderView, shopName: string): string {
  return `${shopName}: rimborso per l'ordine n. ${order.incrementId}`;
}

/** The sentences of the refund mail: the amount, where it goes, and what the order has had back so far. */
function refundLines(order: OrderView): string[] {
  const refunds = order.refunds ?? [];
  const last = refunds.at(-1)?.amount ?? 0;
  const total = refunds.reduce((sum, refund) => sum + refund.amount, 0);
  return [
    `ti abbiamo rimborsato ${formatEuro(last)} per il tuo ordine n. ${order.incrementId}.`,
    OFFLINE_METHODS.has(order.payment.method)
      ? 'Ti inviamo il rimborso con un bonifico sul conto che ci hai indicato: arriverà in pochi giorni lavorativi.'
      : `Il rimborso torna sul metodo di pagamento che hai usato (${order.payment.title}): i tempi di accredito dipendono dal tuo istituto, di solito da 5 a 10 giorni lavorativi.`,
    order.payment.status === 'refunded' ? "L'ordine è stato rimborsato per intero." : `Finora ti abbiamo rimborsato ${formatEuro(total)} su ${formatEuro(order.grandTotal)}.`,
    'Se hai chiesto una fattura, riceverai anche la nota di credito.',
  ];
}

/** "Refund": sent when the seller refunds all or part of a paid order. */
export function OrderRefund({ order, shopName }: OrderMailProps) {
  const [amount, where, sofar, invoice] = refundLines(order);
  return (
    <Layout shopName={shopName} title={`Rimborso per l'ordine n. ${order.incrementId}`}>
      <p>Ciao {order.billingAddress.firstname},</p>
      <p>{amount}</p>
      <p>{where}</p>
      <p>{sofar}</p>
      <p>{invoice}</p>
      <Heading>Riepilogo dell&apos;ordine</Heading>
      <ItemsTable order={order} />
      <TotalsTable order={order} />
    </Layout>
  );
}

export function orderRefundText(order: OrderView, shopName: string): string {
  return [shopName, '', `Rimborso per l'ordine n. ${order.incrementId}`, '', `Ciao ${order.billingAddress.firstname},`, ...refundLines(order), ''].join('\n');
}
