'use client';

import { dismiss, holdNotification } from '@/lib/cart/cart-store.ts';
import { messageText } from '@/lib/cart/messages.ts';
import { cartButtonsShown } from '@/lib/ui-state.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import { useUiState } from '../ui/ui-store.ts';
import type { Notification } from '@/lib/cart/notifications.ts';
import { useCartTexts } from './useCart.ts';
import styles from './cart-shell.module.css';

/**
 * The notifications of shopping.md §4/§8: OK closes; added/updated ones offer "Vai al carrello"
 * and "Proceed to checkout". One stays while pointed at or focused (WCAG 2.2.1), so its links can
 * be reached. Rendered inside CartShell's live region.
 */
export function NotificationList({ list }: { list: readonly Notification[] }) {
  const texts = useCartTexts();
  const href = useStoreHref();
  const buttons = cartButtonsShown(useUiState());
  return list.map((notification) => (
    <div
      key={notification.id}
      className={`${styles.notification} ${styles[notification.type]}`}
      data-testid="notification"
      onPointerEnter={() => holdNotification(notification.id, true)}
      onPointerLeave={(event) => {
        if (!event.currentTarget.contains(document.activeElement)) holdNotification(notification.id, false);
      }}
      onFocus={() => holdNotification(notification.id, true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null) && !event.currentTarget.matches(':hover')) holdNotification(notification.id, false);
      }}
    >
      <p className={styles.notificationText}>{messageText(notification.message, texts)}</p>
      <div className={styles.notificationActions}>
        {notification.checkoutAction && buttons && (
          <>
            <a href={href('/shoppingcart')} className={styles.notificationLink} onClick={() => dismiss(notification.id)}>
              {texts.toCart}
            </a>
            <a href={href('/checkout')} className={styles.notificationLink} onClick={() => dismiss(notification.id)}>
              {texts.proceedToCheckout}
            </a>
          </>
        )}
        <button type="button" className={styles.notificationOk} onClick={() => dismiss(notification.id)} aria-label={`${texts.ok}: ${texts.dismiss}`}>
          {texts.ok}
        </button>
      </div>
    </div>
  ));
}
