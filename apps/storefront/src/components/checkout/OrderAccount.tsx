'use client';

import type { OrderView } from '@shop/contracts';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { openAuthModal } from '@/lib/account/lifecycle.ts';
import { accountCall, currentCustomer, subscribe } from '@/lib/account/session.ts';
import type { CheckoutTexts } from './checkout-texts.ts';
import styles from './checkout.module.css';

/**
 * The thank-you page's word on the account asked for with the purchase (issue 42 point 3): made
 * with the chosen password and signed in; made without one (set it through the reset link); or
 * the e-mail already had one: the order is a guest order until its owner signs in, which links it.
 */
export function OrderAccount({ order, accessKey, texts }: { order: OrderView; accessKey: string; texts: CheckoutTexts }) {
  const customer = useSyncExternalStore(subscribe, currentCustomer, () => null);
  const [linked, setLinked] = useState(false);
  const canLink = order.account === 'exists' && customer !== null && customer.email.toLowerCase() === order.email.toLowerCase();
  useEffect(() => {
    if (!canLink) return;
    void accountCall<true>('POST', `/api/order/${encodeURIComponent(order.incrementId)}/link`, { key: accessKey }).then((answer) => setLinked(answer.code === 200));
  }, [canLink, order.incrementId, accessKey]);
  if (!order.account) return null;
  const fill = (key: string) => texts[key]!.replace('{email}', order.email);
  if (order.account === 'exists') {
    return (
      <p className={styles.accountNote} data-testid="order-account" role="status">
        {linked ? fill('accountLinked') : fill('accountExists')}{' '}
        {!linked && customer === null && (
          <button type="button" className={styles.linkButton} onClick={() => openAuthModal('login')}>
            {texts['signInToLink']}
          </button>
        )}
      </p>
    );
  }
  return (
    <p className={styles.accountNote} data-testid="order-account">
      {fill(order.account === 'created' ? 'accountCreated' : 'accountPending')}
    </p>
  );
}
