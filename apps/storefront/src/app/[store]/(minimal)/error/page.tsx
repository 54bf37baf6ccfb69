import type { Metadata } from 'next';
import { t } from '@/i18n/index.ts';
import { storeHref } from '@/lib/store.ts';

export const revalidate = 86400;

export const metadata: Metadata = {
  title: { absolute: t('error.metaTitle') },
  robots: { index: false },
};

/** /error (minimal layout): where the shop sends shoppers after an unrecoverable error. */
export default function ErrorPage() {
  return (
    <div className="container page page--message">
      <h1>{t('error.heading')}</h1>
      <p>{t('error.text')}</p>
      <p>
        <a className="button" href={storeHref('/')}>
          {t('error.home')}
        </a>
      </p>
    </div>
  );
}
