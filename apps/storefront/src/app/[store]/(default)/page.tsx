import type { Metadata } from 'next';
import { HOME_CMS_BLOCKS } from '@shop/contracts';
import { notFound } from 'next/navigation';
import { ProductGrid, tileData } from '@/components/ProductTile.tsx';
import { CmsContent } from '@/components/cms/CmsContent.tsx';
import { getCmsBlocks } from '@/lib/api/cms.ts';
import { t, type MessageKey } from '@/i18n/index.ts';
import { getCategoryProducts, getNewestProducts } from '@/lib/api/catalog.ts';
import { HOME_LISTS, type HomeListKey } from '@/lib/shop-config.ts';
import { isStoreCode } from '@/lib/store.ts';

export const revalidate = 86400;

export const metadata: Metadata = {
  title: { absolute: t('home.metaTitle') },
  description: t('site.description'),
};

const HEADINGS: Record<HomeListKey, MessageKey> = {
  industry: 'home.section.industry',
  horeca: 'home.section.horeca',
  newest: 'home.section.newest',
  bestsellers: 'home.section.bestsellers',
};

/** CMS blocks of the home page (issue #42 point 15): the hero, the B2B points (the back office previews them in these places). */
const HOME_BLOCKS = [HOME_CMS_BLOCKS.hero, HOME_CMS_BLOCKS.points] as const;

/** Home lists are the newest first (catalogue.md §7 "Homepage lists"). */
const HOME_SORT = 'created_at:desc';

/** Home page (/ and /pwa.html): the four product lists of catalogue.md §9. */
export default async function HomePage({ params }: { params: Promise<{ store: string }> }) {
  // The layout rejects unknown stores too, but it renders in parallel with this page: checking
  // here first spares the API four queries for stray requests such as /robots.txt.
  if (!isStoreCode((await params).store)) notFound();
  // The hero's words, picture and call to action, and the B2B points, are the shop's to edit (CMS blocks).
  const blocksRead = getCmsBlocks(HOME_BLOCKS, ['home']);
  const lists = await Promise.all(
    HOME_LISTS.map(async (list) => {
      const { items } =
        list.key === 'newest'
          ? await getNewestProducts(list.size, list.categoryId)
          : await getCategoryProducts(list.categoryId, { size: list.size, sort: HOME_SORT, home: true });
      return { ...list, items };
    }),
  );

  const blocks = await blocksRead;
  const hero = blocks.get(HOME_CMS_BLOCKS.hero);
  const points = blocks.get(HOME_CMS_BLOCKS.points);

  return (
    <>
      <section className="hero" aria-labelledby="home-heading">
        <div className="container">
          <h1 id="home-heading" className="hero__title">
            {t('home.heading')}
          </h1>
          {hero ? <CmsContent html={hero.content} className="hero__cms" /> : <p className="hero__text">{t('home.intro')}</p>}
        </div>
      </section>
      {points && (
        <section className="container home-b2b" aria-label={points.title}>
          <CmsContent html={points.content} className="home-b2b__content" />
        </section>
      )}
      {lists.map((list, index) => (
        <section key={list.key} className="container home-list" aria-labelledby={`home-${list.key}`}>
          <h2 id={`home-${list.key}`} className="section-title">
            {t(HEADINGS[list.key])}
          </h2>
          {list.items.length > 0 ? (
            // The hero title is the largest paint: the first row's pictures must not hold it back.
            <ProductGrid tiles={list.items.map(tileData)} eagerCount={index === 0 ? 4 : 0} eagerPriority="low" />
          ) : (
            <p className="empty-note">{t('home.section.empty')}</p>
          )}
        </section>
      ))}
    </>
  );
}
