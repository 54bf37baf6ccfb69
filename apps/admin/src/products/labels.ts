import { t } from '../i18n/translate.ts';

/** The values of the product selects with their Italian labels (keys in i18n/it.ts). */
export const STATUSES = ['1', '2'] as const;
export const VISIBILITIES = ['4', '2', '3', '1'] as const;
export const STOCK_FILTERS = ['in', 'out', 'low'] as const;

export const statusOptions = () => STATUSES.map((value) => ({ value, label: t(`products.status.${value}`) }));
export const visibilityOptions = () => VISIBILITIES.map((value) => ({ value, label: t(`products.visibility.${value}`) }));
/** A type's label, or its code for a type the back office does not name. */
export const typeLabel = (type: string) => {
  const label = t(`products.type.${type}`);
  return label === `products.type.${type}` ? type : label;
};
