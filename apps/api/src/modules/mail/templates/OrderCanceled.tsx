/** @jsxRuntime automatic @jsxImportSource react */
import type { OrderView } from '@shop/contracts';
import { formatEuro } from './format.ts';
import { Heading, ItemsTable, Layout } from './parts.tsx';
import type { OrderMailProps } from './OrderConfirmation.tsx';

export function orderCanceledSubject(order: OrderView, shopName: string): string {
  return `${shopName}: l'ordine n. ${order.incrementId} è stato annullato`;
}

/** What the cancellation means for the buyer's money. */
export function canceledMoneyNote(order: OrderView): string {
  return order.payment.status === 'refunded'
    ? `L'importo pagato di ${formatEuro(order.grandTotal)} ti è stato rimborsato (${order.payment.title}).`
    : 'Non ti è stato addebitato nulla: se hai già disposto un pagamento, scrivici e te lo restituiremo.';
}

/** "Order cancelled": sent when the shop cancels an order. */
export function OrderCanceled({ order, shopName }: OrderMailProps) {
  return (
    <Layout shopName={shopName} title={`Ordine n. ${order.incrementId} annullato`}>
      <p>Ciao {order.billingAddress.firstname},</p>
      <p>
        ti confermiamo che il tuo ordine n. <strong>{order.incrementId}</strong> è stato annullato.
      </p>
      <p>{canceledMoneyNote(order)}</p>
      <Heading>Articoli dell&apos;ordine annullato</Heading>
      <ItemsTable order={order} />
      <p style={{ marginTop: '24px', color: '#555', fontSize: '13px' }}>
        Per qualsiasi domanda rispondi a questa e-mail indicando il numero d&apos;ordine {order.incrementId}.
      </p>
    </Layout>
  );
}
