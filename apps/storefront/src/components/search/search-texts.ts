/** SERVER: the texts of the search panel, looked up once on the server (no catalogue ships to the browser). */
import { t } from '@/i18n/index.ts';
import { priceLabels } from '../PriceBlock.tsx';
import type { PriceLabels } from '../PriceLines.tsx';

export interface SearchTexts {
  label: string;
  placeholder: string;
  submit: string;
  minLength: string;
  loading: string;
  error: string;
  offline: string;
  offlineEmpty: string;
  /** "{count} prodotti trovati" */
  count: string;
  /** "Nessun prodotto trovato per «{term}»." */
  noResults: string;
  suggestions: string;
  seeAll: string;
  close: string;
  results: string;
  refine: string;
  hint: string;
  priceFilter: string;
  anyPrice: string;
  /** "Categorie": the categories whose name holds the searched word. */
  categories: string;
  price: PriceLabels;
}

export function searchTexts(): SearchTexts {
  return {
    label: t('header.search.label'),
    placeholder: t('header.search.placeholder'),
    submit: t('header.search.submit'),
    minLength: t('search.minLength'),
    loading: t('search.loading'),
    error: t('search.error'),
    offline: t('search.offline'),
    offlineEmpty: t('search.offlineEmpty'),
    count: t('search.resultCount'),
    noResults: t('search.noResults'),
    suggestions: t('search.suggestions'),
    seeAll: t('search.seeAll'),
    close: t('search.close'),
    results: t('search.results'),
    refine: t('search.refine'),
    hint: t('search.hint'),
    priceFilter: t('filters.price'),
    anyPrice: t('filters.anyPrice'),
    categories: t('searchPanel.categories'),
    price: priceLabels(),
  };
}
