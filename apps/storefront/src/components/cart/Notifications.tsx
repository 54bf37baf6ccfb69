'use client';

import Link from 'next/link';
import { dismiss } from '@/lib/cart/cart-store.ts';
import { messageText } from '@/lib/cart/messages.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import { useCartTexts, useNotifications } from './useCart.ts';
import styles from './cart.module.css';

/** The notifications of shopping.md §4/§8: OK closes; added/updated ones offer "Proceed to checkout". */
export function Notifications() {
  const texts = useCartTexts();
  const list = useNotifications();
  const href = useStoreHref();
  return (
    <section className={styles.notifications} aria-label={texts.notifications}>
      <div aria-live="polite" aria-relevant="additions">
        {list.map((notification) => (
          <div key={notification.id} className={`${styles.notification} ${styles[notification.type]}`} data-testid="notification">
            <p className={styles.notificationText}>{messageText(notification.message, texts)}</p>
            <div className={styles.notificationActions}>
              {notification.checkoutAction && (
                <Link href={href('/checkout')} prefetch={false} className={styles.notificationLink} onClick={() => dismiss(notification.id)}>
                  {texts.proceedToCheckout}
                </Link>
              )}
              <button type="button" className={styles.notificationOk} onClick={() => dismiss(notification.id)} aria-label={`${texts.ok}: ${texts.dismiss}`}>
                {texts.ok}
              </button>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
