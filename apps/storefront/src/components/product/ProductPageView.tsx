/**
 * The product page (server component): breadcrumbs, gallery, the purchase island of the
 * product's type, tier prices, description, technical sheet, reviews and JSON-LD. Everything is
 * in the server HTML (the selected variant included); the islands only add interaction.
 */
import { deliveryDays } from '@/lib/api/shop.ts';
import { RememberViewed } from '../account/RememberViewed.tsx';
import type { Metadata } from 'next';
import { getImageProps } from 'next/image';
import { notFound } from 'next/navigation';
import { preload } from 'react-dom';
import { formatPrice, productUrl, toCents } from '@shop/domain';
import { Breadcrumbs } from '@/components/Breadcrumbs.tsx';
import { CompareToggle } from '@/components/compare/CompareToggle.tsx';
import { Announcer } from '@/components/ui/Announcer.tsx';
import { WishlistToggle } from '@/components/wishlist/WishlistToggle.tsx';
import { wishlistToggleTexts } from '@/components/wishlist/wishlist-texts.ts';
import wishlistStyles from '@/components/wishlist/wishlist.module.css';
import { QuoteLink } from '@/components/quote/QuoteLink.tsx';
import { compareToggleTexts } from '@/components/compare/compare-texts.ts';
import { JsonLd } from '@/components/JsonLd.tsx';
import { TrackItemView } from '@/components/analytics/tracking.tsx';
import { productItem } from '@/lib/analytics/shop-items.ts';
import { t } from '@/i18n/index.ts';
import { mediaSrc } from '@/lib/media/theme.ts';
import { CUTTING_BOARD_PAGE } from '@/lib/routing.ts';
import { SHIPPING_RATE_CENTS, THUMBNAIL } from '@/lib/shop-config.ts';
import { absoluteUrl } from '@/lib/shop-url.ts';
import { htmlToText, truncate } from '@/lib/text.ts';
import { attributeValueText, technicalAttributes } from './attributes.ts';
import { Gallery, type GalleryImage, type ImageAttributes } from './Gallery.tsx';
import { sanitizeHtml } from './html.ts';
import { productJsonLd, type OfferAvailability } from './json-ld.ts';
import { loadProduct, loadProductPage, type ProductPageData, type ProductPageParams } from './load.ts';
import { ProductReviews, reviewCountText, Stars } from './ProductReviews.tsx';
import { ConfigurablePurchase } from './ConfigurablePurchase.tsx';
import { BundlePurchase, GroupedPurchase } from './GroupedAndBundlePurchase.tsx';
import { SimplePurchase } from './SimplePurchase.tsx';
import { aggregateRating, formatRating, reviewRating, type AggregateRating } from './reviews.ts';
import { TechnicalAttributes } from './TechnicalAttributes.tsx';
import { galleryTexts, purchaseTexts } from './texts.ts';
import { TierPrices } from './TierPrices.tsx';
import styles from './product.module.css';

export type { ProductPageParams };

/** Reviews repeated in the JSON-LD (all are on the page; the markup needs only a few). */
const JSON_LD_REVIEWS = 5;

import { storeHref } from '@/lib/store.ts';
/** The made-to-measure cutting board, which has its own page (catalogue.md §2: a fixed parentSku). */
export const CUTTING_BOARD_SKU = 'TAGLIERE-SU-MISURA';

function imageAttributes(path: string, width: number, sizes?: string): ImageAttributes {
  const { props } = getImageProps({ src: mediaSrc(path), alt: '', width, height: width, sizes, quality: 75 });
  return { src: props.src, srcSet: props.srcSet, sizes: props.sizes, width: props.width, height: props.height };
}

function galleryImages(paths: readonly string[], alts: Readonly<Record<string, string>>): GalleryImage[] {
  const list = paths.length > 0 ? paths : [''];
  return list.map((path) => ({
    path,
    ...(alts[path] ? { alt: alts[path] } : {}),
    main: imageAttributes(path, THUMBNAIL.gallery, '(max-width: 767px) calc(100vw - 4rem), 453px'),
    thumb: imageAttributes(path, 72),
    zoom: imageAttributes(path, 960, '(max-width: 1000px) 92vw, 960px'),
  }));
}

function metaDescription(data: { product: ProductPageData['product'] }, priceNet: number): string {
  const { product } = data;
  const own = typeof product['meta_description'] === 'string' ? product['meta_description'] : '';
  return truncate(own || t('product.metaDescription', { name: product.name, price: formatPrice(priceNet) }), 160);
}

export async function productPageMetadata(params: ProductPageParams): Promise<Metadata> {
  const product = await loadProduct(params);
  if (!product) return {}; // the not-found page brings its own title
  const title = typeof product['meta_title'] === 'string' && product['meta_title'] ? product['meta_title'] : product.name;
  return { title, description: metaDescription({ product }, toCents(Number(product.price) || 0)) };
}

function brandOf(data: ProductPageData): string | null {
  const marca = data.attributes.find((attribute) => attribute.attribute_code === 'marca');
  return marca ? attributeValueText(marca, data.product['marca'], { yes: '', no: '' }) : null;
}

/**
 * The purchase island of the product's type (grouped and bundle ones load with their pages
 * only: GroupedAndBundlePurchase.tsx).
 */
function Purchase({ data }: { data: ProductPageData }) {
  const texts = purchaseTexts();
  const { item, errors, customOptions, product } = data;
  const origin = { url: productUrl({ parentSku: product.sku, slug: data.slug }), typeId: product.type_id };
  if (data.configurable) {
    const { options, variants, initialSku, requestedSku } = data.configurable;
    return (
      <ConfigurablePurchase
        {...{ texts, parentSku: product.sku, slug: data.slug, parent: item, options, variants, initialSku, requestedSku, customOptions, errors, origin }}
      />
    );
  }
  if (data.grouped) return <GroupedPurchase {...{ texts, item, links: data.grouped.links, members: data.grouped.members, errors, origin }} />;
  if (data.bundle) return <BundlePurchase {...{ texts, item, options: data.bundle.options, items: data.bundle.items, errors, origin }} />;
  return <SimplePurchase {...{ texts, item, customOptions, errors, origin }} />;
}

function ProductStructuredData({ data, rating, name }: { data: ProductPageData; rating: AggregateRating | null; name: string }) {
  const availability: OfferAvailability = data.offer.inStock ? 'InStock' : 'OutOfStock';
  // The page as shown: a configurable product with its chosen or default child (catalogue §2).
  const shown = data.configurable?.initialSku ? storeHref(productUrl({ parentSku: data.product.sku, slug: data.slug, childSku: data.configurable.initialSku })) : data.url;
  const json = productJsonLd({
    url: absoluteUrl(shown),
    name,
    sku: data.product.sku,
    description: truncate(htmlToText(data.product.short_description || data.product.description), 5000),
    images: data.gallery.map((path) => absoluteUrl(mediaSrc(path))),
    brand: brandOf(data),
    category: data.crumbs.length > 1 ? (data.crumbs[data.crumbs.length - 2]?.name ?? null) : null,
    offer: {
      url: absoluteUrl(shown),
      sku: data.offer.sku,
      grossCents: data.offer.price.gross,
      availability,
      validUntil: data.offer.validUntil,
      ships: data.kind !== 'virtual' && data.kind !== 'downloadable',
    },
    rating,
    reviews: data.reviews.slice(0, JSON_LD_REVIEWS).map((review) => ({
      author: review.nickname,
      date: review.created_at.slice(0, 10),
      title: review.title,
      body: review.detail,
      rating: reviewRating(review),
    })),
  });
  return <JsonLd data={json} />;
}

function downloadLinks(product: ProductPageData['product']): string[] {
  const links = product['downloadable_links'];
  return Array.isArray(links)
    ? links.flatMap((link: unknown) => (link && typeof (link as { title?: unknown }).title === 'string' ? [(link as { title: string }).title] : []))
    : [];
}

/** The product page of a product URL (or of the cutting-board route); a 404 when the product cannot be shown. */
export async function ProductPageView(params: ProductPageParams) {
  const data = await loadProductPage(params);
  if (!data) notFound();
  const { product } = data;
  const name = product.name;
  const rating = aggregateRating(data.reviews, product['aggregate_rating'] as { rating?: unknown; count?: unknown } | undefined);
  const images = galleryImages(data.gallery, data.imageAlts);
  const initialImage = Math.max(0, images.findIndex((image) => image.path === data.image));
  const main = images[initialImage]?.main;
  if (typeof main?.src === 'string') {
    preload(main.src, { as: 'image', imageSrcSet: main.srcSet, imageSizes: main.sizes, fetchPriority: 'high' });
  }
  const exclude = new Set(data.configurable?.options.map((option) => option.code) ?? []);
  const rows = technicalAttributes(product, data.attributes, { yes: t('product.yes'), no: t('product.no') }, exclude);
  const shortDescription = htmlToText(product.short_description);
  const description = sanitizeHtml(product.description);
  const downloads = data.kind === 'downloadable' ? downloadLinks(product) : [];
  const canonical = product.sku === CUTTING_BOARD_SKU ? storeHref(`/${CUTTING_BOARD_PAGE}`) : data.url;

  return (
    <div className="container page" data-product-type={data.kind}>
      <link rel="canonical" href={absoluteUrl(canonical)} />
      <RememberViewed sku={product.sku} name={name} url={data.url} />
      <TrackItemView item={productItem(product, data.crumbs.slice(0, -1).map((crumb) => crumb.name))} />
      <Breadcrumbs trail={data.crumbs} />
      <article className={styles.product} aria-labelledby="product-name">
        <div className={styles.media}>
          <Gallery images={images} initial={initialImage} alt={t('product.imageAlt', { name })} name={name} texts={galleryTexts()} />
        </div>
        <div className={styles.info}>
          <h1 id="product-name" className={styles.name}>
            {name}
          </h1>
          {rating && (
            <p className={styles.ratingSummary}>
              <Stars rating={rating.rating} best={rating.best} />
              <a href="#reviews">
                {t('reviews.average', { rating: formatRating(rating.rating) })} · {reviewCountText(rating.count)}
              </a>
            </p>
          )}
          {shortDescription && <p className={styles.lead}>{shortDescription}</p>}
          <div className={styles.buyBox}>
            <Purchase data={data} />
          </div>
          <Announcer shown>
            <div className={wishlistStyles.toggles}>
              <CompareToggle sku={product.sku} name={name} texts={compareToggleTexts()} />
              <WishlistToggle sku={product.sku} name={name} texts={wishlistToggleTexts()} labelShown />
            </div>
          </Announcer>
          <QuoteLink sku={product.sku} />
          <TierPrices tiers={product.tier_prices} regularPrice={Number(product.original_price ?? product.price) || 0} />
          {data.kind === 'virtual' || data.kind === 'downloadable' ? (
            <p className={styles.note}>{t('product.virtual')}</p>
          ) : (
            <p className={styles.note}>{t('product.shipping', { days: await deliveryDays(), price: formatPrice(SHIPPING_RATE_CENTS) })}</p>
          )}
          {downloads.length > 0 && (
            <div className={styles.note}>
              <p>{t('product.downloadable')}</p>
              <ul>
                {downloads.map((title) => (
                  <li key={title}>{title}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </article>
      {description && (
        <section className={styles.section} aria-labelledby="product-description">
          <h2 id="product-description">{t('product.description')}</h2>
          <div className={styles.description} dangerouslySetInnerHTML={{ __html: description }} />
        </section>
      )}
      <TechnicalAttributes rows={rows} />
      <ProductReviews productId={product.id} reviews={data.reviews} rating={rating} />
      <ProductStructuredData data={data} rating={rating} name={name} />
    </div>
  );
}
