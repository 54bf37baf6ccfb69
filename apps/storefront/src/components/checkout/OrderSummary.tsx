import { netItemAmounts, type OrderView, type TotalSegment } from '@shop/contracts';
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

/**
 * Total segments as the server answers them: zero ones left out but the grand total, which stands
 * out. All excl. VAT but the VAT and the total, as the note above them says (catalogue §1).
 */
export function TotalSegments({ segments, testId, note }: { segments: readonly TotalSegment[]; testId: string; note: string }) {
  return (
    <>
    <p className={styles.hint}>{note}</p>
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
    </>
  );
}

/** An order's lines, fees, totals and addresses: the thank-you page and the account's order page. */
export function OrderSummary({ order, headingId, texts }: { order: OrderView; headingId: string; texts: { items: string; shipping: string; billing: string; amountsNote: string; services: string } }) {
  // The services are named with the lines; their amounts are the totals' lines (one figure each).
  const services = order.fees.map((fee) => fee.title).filter((title) => title !== order.payment.title);
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
              <span>{euro(netItemAmounts(item).rowTotal)}</span>
            </li>
          ))}
        </ul>
        {services.length > 0 && <p className={styles.hint}>{texts.services.replace('{services}', services.join(', '))}</p>}
        <TotalSegments segments={order.totalSegments} testId="order-totals" note={texts.amountsNote} />
      </section>
      <div className={styles.row}>
        <AddressBlock title={texts.shipping} address={order.shippingAddress} />
        <AddressBlock title={texts.billing} address={order.billingAddress} />
      </div>
    </>
  );
}
