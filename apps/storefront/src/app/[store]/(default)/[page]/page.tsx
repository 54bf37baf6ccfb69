import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CmsContent } from '@/components/cms/CmsContent.tsx';
import cmsStyles from '@/components/cms/cms.module.css';
import { ContactForm } from '@/components/contact/ContactForm.tsx';
import { contactFormTexts } from '@/components/contact/contact-texts.ts';
import { t } from '@/i18n/index.ts';
import { getCmsPage } from '@/lib/api/cms.ts';
import { QUICK_ORDER_PATH } from '@/lib/routing.ts';
import { isStaticPage, STATIC_CMS_PAGES, type StaticPageName } from '@/lib/static-pages.ts';
import { storeHref } from '@/lib/store.ts';

export const revalidate = 86400;

export function generateStaticParams(): { page: string }[] {
  return [];
}

type Props = { params: Promise<{ store: string; page: string }> };

/** The CMS page behind a static page (Note legali, Spedizioni, Resi, Contatti), or null. */
async function cmsPageOf(page: StaticPageName) {
  const identifier = STATIC_CMS_PAGES[page];
  return identifier ? getCmsPage(identifier) : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { page } = await params;
  if (!isStaticPage(page)) return {}; // the not-found page brings its own title
  const cms = await cmsPageOf(page);
  const description = typeof cms?.meta_description === 'string' && cms.meta_description ? cms.meta_description : t(`static.${page}.intro`);
  return { title: cms?.title ?? t(`static.${page}.title`), description };
}

/**
 * Static pages of shopping.md §2 (/legal, /about-us, …): the legal ones are CMS pages with the
 * seller's data (issue #42 point 11), /contact with its form; the others keep placeholder content.
 */
export default async function StaticPage({ params }: Props) {
  const { page } = await params;
  if (!isStaticPage(page)) notFound();
  const cms = await cmsPageOf(page);
  if (!cms) {
    return (
      <article className="container page page--static">
        <h1>{t(`static.${page}.title`)}</h1>
        <p className="lead">{t(`static.${page}.intro`)}</p>
        {page === 'order-from-catalog' && (
          <p>
            <a href={storeHref(QUICK_ORDER_PATH)}>{t('static.order-from-catalog.quickOrder')}</a>
          </p>
        )}
        <p>{t('static.placeholder')}</p>
        <p>{t('static.contactUs')}</p>
      </article>
    );
  }
  const heading = typeof cms.content_heading === 'string' && cms.content_heading ? cms.content_heading : cms.title;
  return (
    <article className={`container page ${cmsStyles.page}`}>
      <h1>{heading}</h1>
      <CmsContent html={cms.content} />
      {page === 'contact' && <ContactForm texts={contactFormTexts()} />}
    </article>
  );
}
