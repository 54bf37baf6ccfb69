import type { OrderView } from '@shop/contracts';
import { formatDate } from '@shop/domain';
import { fillTemplate } from '../../lib/message-patterns.ts';
import styles from './checkout.module.css';

/** The texts' short names (`account.<name>` in the catalogues): the account page has them all, the thank-you page these. */
export const ORDER_SHIPMENT_TEXTS = [
  'shipments',
  'shipping.partially_shipped',
  'shipping.shipped',
  'shipment',
  'track',
  'trackLabel',
  'shipmentLine',
  'paymentStatus.partially_refunded',
  'paymentStatus.refunded',
] as const;

/**
 * What became of an order after it was placed (issue 44), on the account's order page and the
 * thank-you link: a refunded payment, and each shipment with its carrier, parcels, tracking
 * number and link, and what it carried ("Spedito in parte" until the last one).
 */
export function OrderShipments({ order, texts, heading: Heading }: { order: OrderView; texts: Readonly<Record<string, string>>; heading: 'h2' | 'h3' }) {
  const shipments = order.shipments ?? [];
  const refunded = order.payment.status === 'refunded' || order.payment.status === 'partially_refunded' ? texts[`paymentStatus.${order.payment.status}`] : undefined;
  return (
    <>
      {refunded && <p data-testid="order-refunded">{refunded}</p>}
      {shipments.length > 0 && (
        <section aria-labelledby="order-shipments" data-testid="order-shipments">
          <Heading id="order-shipments">{texts['shipments']}</Heading>
          {order.shippingStatus && order.shippingStatus !== 'not_shipped' && (
            <p>
              <strong>{texts[`shipping.${order.shippingStatus}`]}</strong>
            </p>
          )}
          <ul className={styles.shipments}>
            {shipments.map((shipment, index) => (
              <li key={index}>
                <p>
                  {fillTemplate(texts['shipment'] ?? '', { date: formatDate(shipment.createdAt), carrier: shipment.carrier, parcels: shipment.parcels, tracking: shipment.trackingNumber })}
                  {shipment.trackingUrl && (
                    <>
                      {' '}
                      <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" aria-label={fillTemplate(texts['trackLabel'] ?? '', { tracking: shipment.trackingNumber, carrier: shipment.carrier })}>
                        {texts['track']}
                      </a>
                    </>
                  )}
                </p>
                <ul>
                  {shipment.lines.map((line) => (
                    <li key={line.sku}>{fillTemplate(texts['shipmentLine'] ?? '', { qty: line.qty, name: line.name })}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
