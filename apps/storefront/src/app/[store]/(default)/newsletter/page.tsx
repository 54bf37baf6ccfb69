import type { Metadata } from 'next';
import { NewsletterPageView } from '@/components/newsletter/NewsletterPageView.tsx';
import { newsletterTexts } from '@/components/newsletter/newsletter-texts.ts';
import { t } from '@/i18n/index.ts';
import { PRIVACY_PAGE_URL } from '@/lib/static-pages.ts';
import { storeHref } from '@/lib/store.ts';

export const revalidate = 86400;

export const metadata: Metadata = { title: t('newsletter.page.title'), description: t('newsletter.page.intro'), robots: { index: false } };

/** `/newsletter`: where the confirmation mail's link lands (`?token=`), and subscribe or unsubscribe by e-mail. */
export default function NewsletterPage() {
  return (
    <article className="container page">
      <h1>{t('newsletter.page.title')}</h1>
      <p className="lead">{t('newsletter.page.intro')}</p>
      <NewsletterPageView texts={newsletterTexts()} policyHref={storeHref(PRIVACY_PAGE_URL)} />
    </article>
  );
}
