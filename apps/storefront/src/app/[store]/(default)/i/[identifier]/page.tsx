import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cmsPageUrl } from '@shop/domain';
import { Breadcrumbs } from '@/components/Breadcrumbs.tsx';
import { CmsContent } from '@/components/cms/CmsContent.tsx';
import cmsStyles from '@/components/cms/cms.module.css';
import { getCmsPage } from '@/lib/api/cms.ts';
import { absoluteUrl, decodeParam } from '@/lib/shop-url.ts';
import { htmlToText, truncate } from '@/lib/text.ts';
import { storeHref } from '@/lib/store.ts';

/*
 * CMS page /i/{identifier} (catalogue.md §2 "cms-page"). proxy.ts answers 404 for unknown or
 * inactive identifiers before this renders; the page is ISR-cached (tag `cms`).
 */
export const revalidate = 86400;

export function generateStaticParams(): { identifier: string }[] {
  return [];
}

type Props = { params: Promise<{ store: string; identifier: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const identifier = decodeParam((await params).identifier);
  const page = await getCmsPage(identifier);
  if (!page) return {};
  const metaTitle = typeof page.meta_title === 'string' && page.meta_title ? page.meta_title : page.title;
  const metaDescription =
    typeof page.meta_description === 'string' && page.meta_description ? page.meta_description : truncate(htmlToText(page.content), 160);
  return { title: metaTitle, description: metaDescription, alternates: { canonical: absoluteUrl(storeHref(cmsPageUrl(identifier))) } };
}

export default async function CmsPage({ params }: Props) {
  const identifier = decodeParam((await params).identifier);
  const page = await getCmsPage(identifier);
  if (!page) notFound();
  const heading = typeof page.content_heading === 'string' && page.content_heading ? page.content_heading : page.title;
  return (
    <article className={`container page ${cmsStyles.page}`}>
      <Breadcrumbs trail={[{ name: page.title, href: cmsPageUrl(identifier) }]} />
      <h1>{heading}</h1>
      <CmsContent html={page.content} />
    </article>
  );
}
