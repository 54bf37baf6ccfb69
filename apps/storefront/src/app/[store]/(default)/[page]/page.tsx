import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { t } from '@/i18n/index.ts';
import { isStaticPage } from '@/lib/static-pages.ts';

export const revalidate = 86400;

export function generateStaticParams(): { page: string }[] {
  return [];
}

type Props = { params: Promise<{ store: string; page: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { page } = await params;
  if (!isStaticPage(page)) return {}; // the not-found page brings its own title
  return { title: t(`static.${page}.title`), description: t(`static.${page}.intro`) };
}

/** Static pages of shopping.md §2 (/legal, /about-us, …) with placeholder content. */
export default async function StaticPage({ params }: Props) {
  const { page } = await params;
  if (!isStaticPage(page)) notFound();
  return (
    <article className="container page page--static">
      <h1>{t(`static.${page}.title`)}</h1>
      <p className="lead">{t(`static.${page}.intro`)}</p>
      <p>{t('static.placeholder')}</p>
      <p>{t('static.contactUs')}</p>
    </article>
  );
}
