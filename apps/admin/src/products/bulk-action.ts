import type { AdminProductBulkAction } from '@shop/contracts';
import { ApiError } from '../api.ts';
import { formatCents, parseEuros, parseQuantity, quantityInput } from '../format.ts';
import { t } from '../i18n/translate.ts';

export const BULK_KINDS = ['percent', 'amount', 'status', 'stock', 'category'] as const;
export type BulkKind = (typeof BULK_KINDS)[number];

/** The bulk dialog as typed: the kind of change and its value. */
export interface BulkForm {
  kind: BulkKind;
  /** percent: "10" or "-12,5"; amount: euros with a sign ("+1,50", "-2"). */
  change: string;
  alsoSpecial: boolean;
  status: string;
  qty: string;
  categoryId: string;
}

export const blankBulkForm = (): BulkForm => ({ kind: 'percent', change: '', alsoSpecial: true, status: '2', qty: '', categoryId: '' });

const refuse = (key: string): never => {
  throw new ApiError(422, t(key));
};

/** "-12,5" → -12.5 (two decimals at most), else null. */
function parsePercent(input: string): number | null {
  const plain = input.trim().replace(/\s|%/g, '').replace(',', '.').replace(/^\+/, '');
  return /^-?\d{1,4}(\.\d{1,2})?$/.test(plain) ? Number(plain) : null;
}

/** "+1,50" / "-2" → signed cents, else null. */
function parseSignedEuros(input: string): number | null {
  const plain = input.trim();
  const sign = plain.startsWith('-') ? -1 : 1;
  const cents = parseEuros(plain.replace(/^[+-]/, ''));
  return cents === null ? null : sign * cents;
}

/** The API's action for the form, or an error naming the value to correct. */
export function bulkActionOf(form: BulkForm): AdminProductBulkAction {
  switch (form.kind) {
    case 'percent': {
      const value = parsePercent(form.change);
      if (value === null || value === 0 || value < -100 || value > 1000) return refuse('products.bulk.bad.percent');
      return { type: 'price', mode: 'percent', value, alsoSpecial: form.alsoSpecial };
    }
    case 'amount': {
      const value = parseSignedEuros(form.change);
      if (value === null || value === 0) return refuse('products.bulk.bad.amount');
      return { type: 'price', mode: 'amount', value, alsoSpecial: form.alsoSpecial };
    }
    case 'status':
      return { type: 'status', status: Number(form.status) };
    case 'stock': {
      const qty = parseQuantity(form.qty);
      return qty === null ? refuse('products.bulk.bad.qty') : { type: 'stock', qty };
    }
    case 'category':
      if (!/^\d+$/.test(form.categoryId)) return refuse('products.bulk.bad.category');
      return { type: 'category', categoryId: Number(form.categoryId) };
  }
}

/** "1 prodotto", "1.234 prodotti"; `over`: "più di 10.000 prodotti" (the list counts no further). */
export const productCount = (count: number, over = false) =>
  over ? t('products.count.over', { count: count.toLocaleString('it-IT') }) : count === 1 ? t('products.count.one') : t('products.count.many', { count: count.toLocaleString('it-IT') });

/** The question the confirmation asks: what changes, on how many products. */
export function confirmationOf(action: AdminProductBulkAction, count: number, categoryName = '', over = false): string {
  const products = productCount(count, over);
  switch (action.type) {
    case 'price': {
      const up = action.value > 0;
      const by = action.mode === 'percent' ? `${String(Math.abs(action.value)).replace('.', ',')} %` : formatCents(Math.abs(action.value));
      const key = `products.bulk.confirm.${up ? 'raise' : 'lower'}${action.alsoSpecial ? 'WithSpecial' : ''}`;
      return t(key, { by, products });
    }
    case 'status':
      return t('products.bulk.confirm.status', { status: t(`products.status.${action.status}`), products });
    case 'stock':
      return t('products.bulk.confirm.stock', { qty: quantityInput(action.qty), products });
    case 'category':
      return t('products.bulk.confirm.category', { category: categoryName, products });
  }
}
