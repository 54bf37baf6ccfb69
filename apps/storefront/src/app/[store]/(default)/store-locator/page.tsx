import type { Metadata } from 'next';
import { StoreLocator } from '@/components/store-locator/StoreLocator.tsx';
import { t } from '@/i18n/index.ts';
import { STORES } from '@/lib/store-locator/stores.ts';
import { tileProvider } from '@/lib/store-locator/tile-config.ts';

export const revalidate = 86400;

export const metadata: Metadata = { title: t('static.store-locator.title'), description: t('static.store-locator.intro') };

/** `/store-locator` (shopping.md §2 static pages): the stores of lib/store-locator/stores.ts. */
export default function StoreLocatorPage() {
  return (
    <article className="container page">
      <h1>{t('static.store-locator.title')}</h1>
      <p className="lead">{t('static.store-locator.intro')}</p>
      <StoreLocator stores={STORES} provider={tileProvider()} />
    </article>
  );
}
