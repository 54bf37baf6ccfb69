import type { Metadata } from 'next';
import Image from 'next/image';
import { notFound } from 'next/navigation';
import { formatPrice, type ConfigurableChild, type ProductDoc } from '@shop/domain';
import { t } from '@/i18n/index.ts';
import { getProductBySku } from '@/lib/api/catalog.ts';
import { mediaSrc } from '@/lib/media/theme.ts';
import { priceView, type PriceView } from '@/lib/price.ts';
import { DISABLED_STATUS, THUMBNAIL } from '@/lib/shop-config.ts';
import { htmlToText, truncate } from '@/lib/text.ts';
import { PriceBlock } from './PriceBlock.tsx';

/** Visibility 1: "not visible individually" (catalogue.md §4). */
const NOT_VISIBLE_INDIVIDUALLY = 1;

export interface ProductPageParams {
  parentSku: string;
  slug: string;
  childSku?: string;
}

interface LoadedProduct {
  product: ProductDoc;
  child: ConfigurableChild | null;
  price: PriceView;
  image: string | undefined;
}

/**
 * Loads the product of a product URL, or null when the page must be a 404: unknown SKU,
 * disabled (status ≥ 2), not visible individually (the 301 to its parent comes with the URL
 * dispatcher), or an unknown / disabled child SKU.
 */
async function loadProduct({ parentSku, childSku }: ProductPageParams): Promise<LoadedProduct | null> {
  const product = await getProductBySku(parentSku);
  if (!product || product.status >= DISABLED_STATUS || product.visibility === NOT_VISIBLE_INDIVIDUALLY) return null;
  if (!childSku) return { product, child: null, price: priceView(product), image: product.image };
  const child = product.configurable_children?.find((c) => c.sku === childSku) ?? null;
  if (!child || child.status >= DISABLED_STATUS) return null;
  const childImage = child.image && child.image !== 'no_selection' ? child.image : product.image;
  return { product, child, price: priceView(child), image: childImage };
}

export async function productPageMetadata(params: ProductPageParams): Promise<Metadata> {
  const loaded = await loadProduct(params);
  if (!loaded) return {}; // the not-found page brings its own title
  const { product, child, price } = loaded;
  const name = child?.name || product.name;
  const metaTitle = typeof product.meta_title === 'string' && product.meta_title ? product.meta_title : name;
  const metaDescription =
    typeof product.meta_description === 'string' && product.meta_description
      ? product.meta_description
      : t('product.metaDescription', { name, price: formatPrice(price.net) });
  return { title: metaTitle, description: truncate(metaDescription, 160) };
}

/** A minimal product page: name, 453×453 image, price block and the short description. */
export async function ProductPageView(params: ProductPageParams) {
  const loaded = await loadProduct(params);
  if (!loaded) notFound();
  const { product, child, price, image } = loaded;
  const name = child?.name || product.name;
  const description = htmlToText(product.short_description);

  return (
    <article className="container page product">
      <div className="product__media">
        <Image
          className="product__image"
          src={mediaSrc(image)}
          alt={t('product.imageAlt', { name })}
          width={THUMBNAIL.gallery}
          height={THUMBNAIL.gallery}
          sizes="(max-width: 767px) 100vw, 453px"
          preload
        />
      </div>
      <div className="product__info">
        <h1 className="product__name">{name}</h1>
        <p className="product__sku">{t('product.sku', { sku: child?.sku ?? product.sku })}</p>
        <PriceBlock price={price} size="lg" />
        {description && (
          <section className="product__description" aria-labelledby="product-description">
            <h2 id="product-description">{t('product.description')}</h2>
            <p>{description}</p>
          </section>
        )}
      </div>
    </article>
  );
}
