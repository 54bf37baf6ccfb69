'use client';

import type { OrderView } from '@shop/contracts';
import { formatPrice, toCents } from '@shop/domain';
import { useEffect, useState } from 'react';
import { apiCall } from '@/lib/cart/cart-api.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import type { CheckoutTexts } from './checkout-texts.ts';
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

/** What to do next: pay by transfer with these details, or pay the courier. */
function NextSteps({ order, texts }: { order: OrderView; texts: CheckoutTexts }) {
  const transfer = order.payment.instructions;
  return (
    <section aria-labelledby="thankyou-next">
      <h2 id="thankyou-next">{texts['nextSteps']}</h2>
      {transfer ? (
        <>
          <p>{texts['bankTransfer']}</p>
          <dl className={styles.instructions} data-testid="bank-transfer">
            <dt>{texts['beneficiary']}</dt>
            <dd>{transfer.beneficiary}</dd>
            <dt>{texts['iban']}</dt>
            <dd>{transfer.iban}</dd>
            <dt>{texts['bank']}</dt>
            <dd>{transfer.bank}</dd>
            <dt>{texts['reference']}</dt>
            <dd>{transfer.reference}</dd>
            <dt>{texts['amount']}</dt>
            <dd>{euro(transfer.amount)}</dd>
          </dl>
        </>
      ) : (
        order.payment.fatturapaCode === 'MP01' && <p>{texts['cashOnDelivery']!.replace('{amount}', euro(order.grandTotal))}</p>
      )}
    </section>
  );
}

/**
 * The thank-you page (shopping.md §2): the order read with its access key from the link, never
 * by number alone; the number, next steps per payment method, the lines and totals.
 */
export function ThankYouView({ incrementId, accessKey, texts }: { incrementId: string; accessKey: string; texts: CheckoutTexts }) {
  const href = useStoreHref();
  const complete = incrementId !== '' && accessKey !== '';
  const [loaded, setState] = useState<{ order: OrderView } | 'loading' | 'missing' | 'unreachable'>('loading');
  const [attempt, setAttempt] = useState(0);
  const state = complete ? loaded : 'missing';
  useEffect(() => {
    if (!complete) return;
    void apiCall<OrderView>('GET', `/api/order/${encodeURIComponent(incrementId)}`, { key: accessKey }).then((answer) => {
      if (answer.code === 200 && typeof answer.result !== 'string') setState({ order: answer.result });
      // No answer or a server failure says nothing about the order: the shopper may try again.
      else setState(answer.code === 0 || answer.code >= 500 ? 'unreachable' : 'missing');
    });
  }, [complete, incrementId, accessKey, attempt]);

  if (state === 'loading') return <p role="status">{texts['loading']}</p>;
  if (state === 'unreachable') {
    return (
      <>
        <h1>{texts['title']}</h1>
        <p role="alert">{texts['unreachable']}</p>
        <button
          type="button"
          className="button"
          onClick={() => {
            setState('loading');
            setAttempt((n) => n + 1);
          }}
        >
          {texts['retry']}
        </button>
      </>
    );
  }
  if (state === 'missing') {
    return (
      <>
        <h1>{texts['title']}</h1>
        <p role="alert">{texts['notFound']}</p>
        <a href={href('/')}>{texts['continue']}</a>
      </>
    );
  }
  const { order } = state;
  return (
    <article className={styles.thankYou}>
      <h1>{texts['title']}</h1>
      <p className={styles.orderNumber}>{texts['number']!.replace('{number}', order.incrementId)}</p>
      <p>{texts['mailSent']!.replace('{email}', order.email)}</p>
      <NextSteps order={order} texts={texts} />
      <section aria-labelledby="thankyou-items">
        <h2 id="thankyou-items">{texts['review']}</h2>
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
        <dl className={styles.segments} data-testid="order-totals">
          {order.totalSegments
            .filter((segment) => segment.value !== 0 || segment.code === 'grand_total')
            .map((segment) => (
              <div key={segment.code} className={segment.code === 'grand_total' ? styles.grandTotal : undefined}>
                <dt>{segment.title}</dt>
                <dd>{euro(segment.value)}</dd>
              </div>
            ))}
        </dl>
      </section>
      <div className={styles.row}>
        <AddressBlock title={texts['shipping']!} address={order.shippingAddress} />
        <AddressBlock title={texts['billing']!} address={order.billingAddress} />
      </div>
      <a className="button" href={href('/')}>
        {texts['continue']}
      </a>
    </article>
  );
}
