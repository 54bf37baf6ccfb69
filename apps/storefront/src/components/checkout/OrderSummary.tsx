import type { OrderView, TotalSegment } from '@shop/contracts';
import { formatPrice, toCents } from '@shop/domain';
import styles from './checkout.module.css';

const euro = (amount: number) => formatPrice(toCents(amount));

function AddressBlock({ title, address }: { title: string; address: OrderView['shippingAddress'] }) {
  return (
    <div>
      <h3>{title}</h3>
      <address>
        {address.company && (
          <>
            {address.company}
            <br />
          </>
        )}
        {address.firstname} {address.lastname}
        <br />
        {address.street.join(', ')}
        <br />
        {address.postcode} {address.city} {address.region_code && `(${address.region_code})`}
      </address>
    </div>
  );
}

/** Total segments as the server answers them: zero ones left out but the grand total, which stands out. */
export function TotalSegments({ segments, testId }: { segments: readonly TotalSegment[]; testId: string }) {
  return (
    <dl className={styles.segments} data-testid={testId}>
      {segments
        .filter((segment) => segment.value !== 0 || segment.code === 'grand_total')
        .map((segment) => (
          <div key={segment.code} className={segment.code === 'grand_total' ? styles.grandTotal : undefined}>
            <dt>{segment.title}</dt>
            <dd>{euro(segment.value)}</dd>
          </div>
        ))}
    </dl>
  );
}

/** An order's lines, fees, totals and addresses: the thank-you page and the account's order page. */
export function OrderSummary({ order, headingId, texts }: { order: OrderView; headingId: string; texts: { items: string; shipping: string; billing: string } }) {
  return (
    <>
      <section aria-labelledby={headingId}>
        <h2 id={headingId}>{texts.items}</h2>
        <ul className={styles.lines}>
          {order.items.map((item, index) => (
            // A sku repeats when its lines differ by custom options.
            <li key={`${item.sku}-${index}`}>
              <span>
                {item.qty} × {item.name}
                {item.options.length > 0 && <span className={styles.hint}> ({item.options.join(', ')})</span>}
              </span>
              <span>{euro(item.rowTotal)}</span>
            </li>
          ))}
          {order.fees.map((fee) => (
            <li key={fee.title}>
              <span>{fee.title}</span>
              <span>{euro(fee.amount)}</span>
            </li>
          ))}
        </ul>
        <TotalSegments segments={order.totalSegments} testId="order-totals" />
      </section>
      <div className={styles.row}>
        <AddressBlock title={texts.shipping} address={order.shippingAddress} />
        <AddressBlock title={texts.billing} address={order.billingAddress} />
      </div>
    </>
  );
}
