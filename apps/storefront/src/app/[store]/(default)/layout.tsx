import type { ReactNode } from 'react';
import { Footer } from '@/components/Footer.tsx';
import { Header } from '@/components/Header.tsx';
import { t } from '@/i18n/index.ts';

/** Default layout: skip link, header with the category menu, main content, footer. */
export default function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        {t('a11y.skipToContent')}
      </a>
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
