/** @jsxRuntime automatic @jsxImportSource react */
import type { OrderView } from '@shop/contracts';
import { accountNote, formatDateTime, nextSteps } from './format.ts';
import { Addresses, BankDetails, FeesList, Heading, ItemsTable, Layout, TotalsTable } from './parts.tsx';

export interface OrderMailProps {
  order: OrderView;
  shopName: string;
}

export function orderConfirmationSubject(order: OrderView, shopName: string): string {
  return `${shopName}: conferma dell'ordine n. ${order.incrementId}`;
}

/** "Order confirmation": sent when the order is placed (both offline methods). */
export function OrderConfirmation({ order, shopName }: OrderMailProps) {
  const name = order.billingAddress.firstname;
  return (
    <Layout shopName={shopName} title={`Grazie per il tuo ordine n. ${order.incrementId}`}>
      <p>Ciao {name},</p>
      <p>
        abbiamo ricevuto il tuo ordine n. <strong>{order.incrementId}</strong> del {formatDateTime(order.createdAt)}.
      </p>
      <p>{nextSteps(order)}</p>
      {accountNote(order) && <p>{accountNote(order)}</p>}
      {order.payment.instructions && order.payment.status !== 'paid' && (
        <>
          <Heading>Dati per il bonifico</Heading>
          <BankDetails instructions={order.payment.instructions} />
        </>
      )}
      <Heading>Riepilogo dell&apos;ordine</Heading>
      <ItemsTable order={order} />
      <FeesList order={order} />
      <TotalsTable order={order} />
      <Heading>Pagamento e spedizione</Heading>
      <p style={{ margin: '0 0 8px' }}>
        Metodo di pagamento: <strong>{order.payment.title}</strong>
        <br />
        Metodo di spedizione: <strong>{order.shippingMethod.title}</strong>
      </p>
      <Addresses order={order} />
      <p style={{ marginTop: '24px', color: '#555', fontSize: '13px' }}>
        Per qualsiasi domanda rispondi a questa e-mail indicando il numero d&apos;ordine {order.incrementId}.
      </p>
    </Layout>
  );
}
