/** @jsxRuntime automatic @jsxImportSource react */
import type { OrderView } from '@shop/contracts';
import { formatEuro } from './format.ts';
import { Addresses, Heading, ItemsTable, Layout, TotalsTable } from './parts.tsx';
import type { OrderMailProps } from './OrderConfirmation.tsx';

export function paymentReceivedSubject(order: OrderView, shopName: string): string {
  return `${shopName}: pagamento ricevuto per l'ordine n. ${order.incrementId}`;
}

/** "Payment received": sent when a pending payment (bank transfer, online) is confirmed. */
export function PaymentReceived({ order, shopName }: OrderMailProps) {
  return (
    <Layout shopName={shopName} title={`Pagamento ricevuto per l'ordine n. ${order.incrementId}`}>
      <p>Ciao {order.billingAddress.firstname},</p>
      <p>
        abbiamo ricevuto il pagamento di <strong>{formatEuro(order.grandTotal)}</strong> ({order.payment.title}) per il tuo
        ordine n. <strong>{order.incrementId}</strong>.
      </p>
      <p>Prepareremo la spedizione e ti scriveremo quando la merce partirà.</p>
      <Heading>Riepilogo dell&apos;ordine</Heading>
      <ItemsTable order={order} />
      <TotalsTable order={order} />
      <Addresses order={order} />
    </Layout>
  );
}
