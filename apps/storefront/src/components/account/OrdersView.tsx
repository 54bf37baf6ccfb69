'use client';

import type { OrderView, OrderViewItem } from '@shop/contracts';
import { useState } from 'react';
import { bulkAdd } from '@/lib/cart/bulk-add.ts';
import { OrderShipments } from '../checkout/OrderShipments.tsx';
import { OrderSummary } from '../checkout/OrderSummary.tsx';
import type { BulkAddTexts } from '../quick-order/bulk-add-texts.ts';
import { BulkAddReport, type BulkAddOutcome } from '../quick-order/BulkAddReport.tsx';
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

/**
 * "Riordina" (issue 42 point 17): the order's lines back in the cart at today's prices; a line
 * with less stock than ordered goes in with what is left, and the report says which lines could
 * not be added and why (no longer sold, out of stock, needs options).
 */
function Reorder({ items, texts, bulkTexts }: { items: readonly OrderViewItem[]; texts: AccountTexts; bulkTexts: BulkAddTexts }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<BulkAddOutcome | null>(null);
  async function reorder() {
    setBusy(true);
    setOutcome(null);
    const plan = await bulkAdd(
      items.map(({ sku, qty }) => ({ sku, qty })),
      { reduceToStock: true },
    );
    setBusy(false);
    setOutcome(plan ?? 'failed');
  }
  return (
    <section className={styles.reorder}>
      <p>
        <button type="button" className="button" disabled={busy} aria-describedby="reorder-hint" onClick={() => void reorder()}>
          {busy ? texts['reordering'] : texts['reorder']}
        </button>{' '}
        <span id="reorder-hint">{texts['reorderHint']}</span>
      </p>
      <BulkAddReport outcome={outcome} texts={bulkTexts} unknownAs="noLongerSold" />
    </section>
  );
}

/** `/my-account/orders/{orderId}`: one of the customer's orders; anybody else's is "not found". */
export function OrderDetailView({ orderId, texts, bulkTexts }: { orderId: string; texts: AccountTexts; bulkTexts: BulkAddTexts }) {
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
      {order.payment.status === 'paid' && <p data-testid="order-paid">{texts['paymentStatus.paid']}</p>}
      <OrderShipments order={order} texts={texts} heading="h3" />
      <Reorder items={order.items} texts={texts} bulkTexts={bulkTexts} />
      <OrderSummary order={order} headingId="order-items" texts={{ items: texts['orderItems']!, shipping: texts['shippingAddress']!, billing: texts['billingAddress']!, amountsNote: texts['amountsNote']!, services: texts['services']! }} />
      <p>{back}</p>
    </article>
  );
}
