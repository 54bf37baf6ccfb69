import type { Metadata } from 'next';
import { Logo } from '@/components/Logo.tsx';
import { t } from '@/i18n/index.ts';

export const metadata: Metadata = {
  title: { absolute: t('notFound.metaTitle') },
};

/**
 * 404 for URLs outside the shop routes (e.g. a missing file such as /foo.png, which the proxy
 * does not rewrite) and for an unknown store segment. Shop pages use (default)/not-found.tsx,
 * which keeps the header and footer.
 */
export default function RootNotFound() {
  return (
    <>
      <header className="minimal-header">
        <div className="container">
          <Logo />
        </div>
      </header>
      <main id="main" className="container page page--message">
        <h1>{t('notFound.heading')}</h1>
        <p>{t('notFound.text')}</p>
        <p>
          <a className="button" href="/">
            {t('notFound.home')}
          </a>
        </p>
      </main>
    </>
  );
}
