import { t } from '../i18n/translate.ts';

/** The values the orders list filters by, with their Italian labels (keys in i18n/it.ts). */
export const ORDER_STATUSES = ['pending_payment', 'processing', 'complete', 'closed', 'canceled', 'expired'] as const;
export const PAYMENT_STATUSES = ['pending', 'paid', 'partially_refunded', 'refunded', 'canceled', 'expired'] as const;
export const SHIPPING_STATUSES = ['not_shipped', 'partially_shipped', 'shipped'] as const;
export const PAYMENT_METHODS = ['banktransfer', 'cashondelivery', 'stripe', 'paypal', 'alma'] as const;
export const ORDER_VIEWS = ['da-spedire', 'bonifici-in-attesa', 'contrassegno-da-incassare'] as const;
export const ORDER_SORTS = ['-createdAt', 'createdAt', '-grandTotal', 'grandTotal'] as const;

export const options = (values: readonly string[], prefix: string) => values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
/** A method's label, or its code for a method this list does not know. */
export const methodLabel = (code: string) => (PAYMENT_METHODS.includes(code as never) ? t(`method.${code}`) : code);
