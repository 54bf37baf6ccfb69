import { t } from '@/i18n/index.ts';
import { PlainSearchForm } from './SearchForm.tsx';
import { storeHref } from '@/lib/store.ts';

/** The body of the "page not found" page. */
export function NotFoundContent() {
  return (
    <div className="container page page--message">
      <h1>{t('notFound.heading')}</h1>
      <p>{t('notFound.text')}</p>
      <p>
        <a className="button" href={storeHref('/')}>
          {t('notFound.home')}
        </a>
      </p>
      <p>{t('notFound.search')}</p>
      <PlainSearchForm id="not-found-search" />
    </div>
  );
}
