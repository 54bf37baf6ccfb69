import { lookUpTexts, type MessageKey } from '@/i18n/index.ts';
import type { OfflineOrderTexts } from './PendingOrders.tsx';

const ORDER = ['title', 'text', 'offlineHint', 'send', 'sending', 'placed', 'view', 'refused', 'backToCheckout', 'none'] as const;

/** SERVER: the texts of the orders placed offline. */
export function offlineOrderTexts(): OfflineOrderTexts {
  return lookUpTexts(Object.fromEntries(ORDER.map((name) => [name, `offline.order.${name}`])) as Record<(typeof ORDER)[number], MessageKey>);
}
