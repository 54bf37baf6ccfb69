import type { Metadata } from 'next';
import { t } from '@/i18n/index.ts';
import { storeHref } from '@/lib/store.ts';

export const revalidate = 86400;

export const metadata: Metadata = {
  title: t('offline.heading'),
  robots: { index: false },
};

/**
 * /offline (minimal layout): precached by the service worker and shown for a page opened offline
 * that was never visited (catalogue.md §8: "not available in Offline mode").
 */
export default function OfflinePage() {
  return (
    <div className="container page page--message">
      <h1>{t('offline.heading')}</h1>
      <p>{t('offline.unavailable')}</p>
      <p>
        <a className="button" href={storeHref('/')}>
          {t('offline.home')}
        </a>
      </p>
    </div>
  );
}
