import type { Metadata } from 'next';
import type { CSSProperties } from 'react';
import { categoryUrl } from '@shop/domain';
import { Breadcrumbs } from '@/components/Breadcrumbs.tsx';
import { Pagination } from '@/components/Pagination.tsx';
import { t } from '@/i18n/index.ts';
import { sitemapCategoryList } from '@/lib/api/sitemap.ts';
import { pageCount } from '@/lib/pagination.ts';
import styles from './sitemap.module.css';
import { storeHref } from '@/lib/store.ts';

/*
 * Category sitemap /sitemap (alias /sitemap.html), paged by ?p= (shopping.md §2): proxy.ts
 * rewrites /sitemap?p=3 to /it/sitemap/3, so each page is its own ISR entry (a few at most)
 * and the query string never makes the route dynamic.
 */
export const revalidate = 86400;

export function generateStaticParams(): { page: string }[] {
  return [];
}

/** catalogue.md §9: sitemap page size 50, window 4. */
const SITEMAP_PAGE_SIZE = 50;
const SITEMAP_WINDOW = 4;

type Props = { params: Promise<{ store: string; page: string }> };

function pageNumber(raw: string): number {
  return /^\d{1,7}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
}

const sitemapHref = (page: number) => storeHref(page === 1 ? '/sitemap' : `/sitemap?p=${page}`);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = pageNumber((await params).page);
  return {
    title: page > 1 ? t('sitemap.metaTitlePage', { page }) : t('sitemap.metaTitle'),
    description: t('sitemap.metaDescription'),
  };
}

export default async function SitemapPage({ params }: Props) {
  const page = pageNumber((await params).page);
  const categories = await sitemapCategoryList();
  const pages = pageCount(categories.length, SITEMAP_PAGE_SIZE);
  const shown = categories.slice((page - 1) * SITEMAP_PAGE_SIZE, page * SITEMAP_PAGE_SIZE);
  const minLevel = Math.min(...categories.map((c) => c.level));

  return (
    <div className="container page">
      <Breadcrumbs trail={[{ name: t('sitemap.heading'), href: '/sitemap' }]} />
      <h1>{t('sitemap.heading')}</h1>
      <p className="page-header__meta">
        {t('sitemap.summary', { count: categories.length, page: Math.min(page, pages), pages })}
      </p>
      {shown.length > 0 ? (
        <ul className={styles.list}>
          {shown.map((category) => (
            <li
              key={category.id}
              className={category.level > minLevel ? `${styles.item} ${styles.child}` : styles.item}
              style={{ '--depth': Math.max(0, category.level - minLevel) } as CSSProperties}
            >
              <a href={storeHref(categoryUrl(category.slug || category.url_key || String(category.id)))}>
                {category.name}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <div className="empty-note">
          <p>{t('sitemap.emptyPage')}</p>
          <a href={storeHref('/sitemap')}>
            {t('sitemap.firstPage')}
          </a>
        </div>
      )}
      <Pagination current={Math.min(page, pages)} pages={pages} window={SITEMAP_WINDOW} href={sitemapHref} label={t('sitemap.pagination')} />
    </div>
  );
}
