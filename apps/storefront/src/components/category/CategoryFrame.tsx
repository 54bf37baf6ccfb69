import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { categoryUrl } from '@shop/domain';
import { t } from '@/i18n/index.ts';
import { getCategories, getCategoryBySlug } from '@/lib/api/catalog.ts';
import { getCmsBlocks } from '@/lib/api/cms.ts';
import { categoryListTags, categoryTag } from '@/lib/cache-tags.ts';
import { categoryFaq, subcategories } from '@/lib/category.ts';
import { storeHref } from '@/lib/store.ts';
import { htmlToText } from '@/lib/text.ts';
import { Breadcrumbs } from '../Breadcrumbs.tsx';
import { CmsContent } from '../cms/CmsContent.tsx';
import cmsStyles from '../cms/cms.module.css';
import { categoryTrail } from './category-trail.ts';
import { CategoryFaq } from './CategoryFaq.tsx';
import styles from './category.module.css';

/**
 * What a category page shows whatever its view (catalogue.md §2, §9): breadcrumbs, heading, CMS
 * block top, short description, subcategories, then the view (`children`: CategoryView), FAQ,
 * CMS block bottom. The category route's layout: a change of filters, sort or page renders and
 * sends only the view, and the browser keeps this part as it is (ADR 0010).
 */
export async function CategoryFrame({ slug, children }: { slug: string; children: ReactNode }) {
  const [category, categories] = await Promise.all([getCategoryBySlug(slug), getCategories()]);
  if (!category) notFound();
  const tags = [...categoryListTags(), categoryTag(category.id)];
  const blockIds = [category.cms_block_top, category.cms_block_bottom].filter((id): id is string => typeof id === 'string' && id !== '');
  const blocks = await getCmsBlocks(blockIds, tags);
  const top = category.cms_block_top ? blocks.get(category.cms_block_top) : undefined;
  const bottom = category.cms_block_bottom ? blocks.get(category.cms_block_bottom) : undefined;
  const subs = subcategories(category.id, categories);
  const intro = htmlToText(category.short_description);

  return (
    <div className="container page">
      <Breadcrumbs trail={categoryTrail(category, categories)} />
      <header className={styles.header}>
        <h1>{category.name}</h1>
        {intro && <p className="lead">{intro}</p>}
      </header>

      {top && <CmsContent html={top.content} className={cmsStyles.block} />}

      {subs.length > 0 && (
        <nav className={styles.subcategories} aria-labelledby="subcategories-heading">
          <h2 id="subcategories-heading" className={styles.subheading}>
            {t('category.subcategories')}
          </h2>
          <ul className={styles.subcategoryList}>
            {subs.map((child) => (
              <li key={child.id}>
                <a href={storeHref(categoryUrl(child.slug))} className={styles.subcategory}>
                  {child.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}

      {children}

      <CategoryFaq faq={categoryFaq(category)} />
      {bottom && <CmsContent html={bottom.content} className={cmsStyles.block} />}
    </div>
  );
}
