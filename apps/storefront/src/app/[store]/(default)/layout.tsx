import type { ReactNode } from 'react';
import { Footer } from '@/components/Footer.tsx';
import { Header } from '@/components/Header.tsx';
import { NewsletterPopupHost } from '@/components/newsletter/NewsletterPopupHost.tsx';
import { popupTexts } from '@/components/newsletter/newsletter-texts.ts';
import { t } from '@/i18n/index.ts';
import { PRIVACY_PAGE_URL } from '@/lib/static-pages.ts';
import { storeHref } from '@/lib/store.ts';

/** Default layout: skip link, header with the category menu, main content, footer; the newsletter popup (not in the checkout's minimal layout). */
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
      <NewsletterPopupHost texts={popupTexts()} policyHref={storeHref(PRIVACY_PAGE_URL)} enabled={process.env.NEWSLETTER_POPUP !== 'false'} />
    </>
  );
}
