'use client';

import type { OrderView } from '@shop/contracts';
import { useState } from 'react';
import { OrderSummary } from '../checkout/OrderSummary.tsx';
import { useStoreHref } from '../StorePrefix.tsx';
import { fill } from './account-message.ts';
import type { AccountTexts } from './account-texts.ts';
import { euro, shortDate, useAccountAnswer } from './useAccountAnswer.ts';
import styles from './account.module.css';

/** Order history page size (shopping.md §9). */
const PAGE_SIZE = 20;

interface HistoryItem {
  increment_id: string;
  status: string;
  created_at: string;
  grand_total: number;
}

/** `/my-account/orders`: the customer's orders, newest first, 20 a page (§9). */
export function OrdersView({ texts }: { texts: AccountTexts }) {
  const href = useStoreHref();
  const [page, setPage] = useState(1);
  const loaded = useAccountAnswer<{ items: HistoryItem[]; total_count: number }>('/api/user/order-history', { pageSize: String(PAGE_SIZE), currentPage: String(page) }, texts, String(page));
  if (loaded.state === 'loading') return <p role="status">{texts['loading']}</p>;
  if (loaded.state === 'failed') return <p role="alert">{loaded.text}</p>;
  const { items, total_count: total } = loaded.value;
  if (total === 0) return <p>{texts['ordersEmpty']}</p>;
  const pages = Math.ceil(total / PAGE_SIZE);
  return (
    <>
      <table className={styles.table} data-testid="account-orders">
        <caption>{texts['ordersCaption']}</caption>
        <thead>
          <tr>
            <th scope="col">{texts['col.number']}</th>
            <th scope="col">{texts['col.date']}</th>
            <th scope="col">{texts['col.status']}</th>
            <th scope="col">{texts['col.total']}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((order) => (
            <tr key={order.increment_id}>
              <td>
                <a href={href(`/my-account/orders/${encodeURIComponent(order.increment_id)}`)} aria-label={fill(texts['viewOrder'], { number: order.increment_id })}>
                  {order.increment_id}
                </a>
              </td>
              <td>{shortDate(order.created_at)}</td>
              <td>{texts[`status.${order.status}`] ?? order.status}</td>
              <td>{euro(order.grand_total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {pages > 1 && (
        <p className={styles.pager}>
          <button type="button" className="button button--secondary" disabled={page === 1} onClick={() => setPage(page - 1)}>
            {texts['newerOrders']}
          </button>
          <span>{fill(texts['page'], { page, pages })}</span>
          <button type="button" className="button button--secondary" disabled={page === pages} onClick={() => setPage(page + 1)}>
            {texts['olderOrders']}
          </button>
        </p>
      )}
    </>
  );
}

/** `/my-account/orders/{orderId}`: one of the customer's orders; anybody else's is "not found". */
export function OrderDetailView({ orderId, texts }: { orderId: string; texts: AccountTexts }) {
  const href = useStoreHref();
  const loaded = useAccountAnswer<OrderView>(`/api/user/order/${encodeURIComponent(orderId)}`, {}, texts, orderId);
  const back = <a href={href('/my-account/orders')}>{texts['backToOrders']}</a>;
  if (loaded.state === 'loading') return <p role="status">{texts['loading']}</p>;
  if (loaded.state === 'failed') {
    return (
      <>
        <p role="alert">{texts['orderNotFound']}</p>
        {back}
      </>
    );
  }
  const order = loaded.value;
  return (
    <article>
      <h2>{fill(texts['orderTitle'], { number: order.incrementId })}</h2>
      <p>{fill(texts['orderPlaced'], { date: shortDate(order.createdAt), status: texts[`status.${order.status}`] ?? order.status, payment: order.payment.title })}</p>
      <OrderSummary order={order} headingId="order-items" texts={{ items: texts['orderItems']!, shipping: texts['shippingAddress']!, billing: texts['billingAddress']!, amountsNote: texts['amountsNote']!, services: texts['services']! }} />
      <p>{back}</p>
    </article>
  );
}
