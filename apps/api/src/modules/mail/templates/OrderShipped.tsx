/** @jsxRuntime automatic @jsxImportSource react */
import type { OrderView } from '@shop/contracts';
import { formatDateTime } from './format.ts';
import { Addresses, Heading, Layout } from './parts.tsx';
import type { OrderMailProps } from './OrderConfirmation.tsx';

/** The shipment a shipping mail is about: the last one of the order as it was mailed. */
export function mailedShipment(order: OrderView): NonNullable<OrderView['shipments']>[number] {
  const shipment = order.shipments?.at(-1);
  if (!shipment) throw new Error(`order-shipped mail of order ${order.incrementId} without a shipment`);
  return shipment;
}

/** "3 colli", "1 collo". */
export const parcelsText = (parcels: number) => `${parcels} ${parcels === 1 ? 'collo' : 'colli'}`;

export function orderShippedSubject(order: OrderView, shopName: string): string {
  return `${shopName}: l'ordine n. ${order.incrementId} è ${order.shippingStatus === 'partially_shipped' ? 'stato spedito in parte' : 'stato spedito'}`;
}

/** "Order shipped": one mail per shipment, with its carrier, tracking link, parcels and lines. */
export function OrderShipped({ order, shopName }: OrderMailProps) {
  const shipment = mailedShipment(order);
  const partial = order.shippingStatus === 'partially_shipped';
  return (
    <Layout shopName={shopName} title={`Il tuo ordine n. ${order.incrementId} è in viaggio`}>
      <p>Ciao {order.billingAddress.firstname},</p>
      <p>
        il {formatDateTime(shipment.createdAt)} abbiamo affidato a <strong>{shipment.carrier}</strong> {parcelsText(shipment.parcels)} del tuo ordine n.{' '}
        <strong>{order.incrementId}</strong>.{partial ? ' Il resto dell’ordine partirà con una prossima spedizione.' : ''}
      </p>
      <p>
        Numero di tracciamento: <strong>{shipment.trackingNumber}</strong>
        {shipment.trackingUrl && (
          <>
            <br />
            <a href={shipment.trackingUrl}>Segui la spedizione</a>
          </>
        )}
      </p>
      <Heading>Articoli spediti</Heading>
      <ul>
        {shipment.lines.map((line) => (
          <li key={line.sku}>
            {line.qty} x {line.name} (cod. {line.sku})
          </li>
        ))}
      </ul>
      <Addresses order={order} />
    </Layout>
  );
}
