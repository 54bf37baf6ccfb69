/** SERVER: the texts the compare client components show, looked up once on the server. */
import { t } from '@/i18n/index.ts';

export interface CompareToggleTexts {
  /** Button label ("Confronta"); the product name follows for screen readers. */
  add: string;
  /** Said when the list is full (4 products). */
  full: string;
  /** Link to /compare under a chosen product (small screens, where the header has no room). */
  go: string;
}

export function compareToggleTexts(): CompareToggleTexts {
  return { add: t('compare.toggle'), full: t('compare.full'), go: t('compare.go') };
}

export interface CompareViewTexts {
  caption: string;
  loading: string;
  empty: string;
  emptyLink: string;
  error: string;
  remove: string;
  clear: string;
  exclTax: string;
  inclTax: string;
  price: string;
  sku: string;
  none: string;
  scrollRegion: string;
}

export function compareViewTexts(): CompareViewTexts {
  return {
    caption: t('compare.caption'),
    loading: t('compare.loading'),
    empty: t('compare.empty'),
    emptyLink: t('compare.emptyLink'),
    error: t('compare.error'),
    remove: t('compare.remove'),
    clear: t('compare.clear'),
    exclTax: t('price.exclTax'),
    inclTax: t('price.inclTax'),
    price: t('compare.price'),
    sku: t('compare.sku'),
    none: t('compare.none'),
    scrollRegion: t('compare.scrollRegion'),
  };
}
