import { getImageProps } from 'next/image';
import { productPageUrl, type ProductDoc } from '@shop/domain';
import { mediaSrc } from '@/lib/media/theme.ts';
import { priceView } from '@/lib/price.ts';
import { THUMBNAIL } from '@/lib/shop-config.ts';
import { PriceBlock } from './PriceBlock.tsx';
import { CompareToggle } from './compare/CompareToggle.tsx';
import { ListPriceRefresh } from './ListPriceRefresh.tsx';
import { compareToggleTexts } from './compare/compare-texts.ts';
import { WishlistToggle } from './wishlist/WishlistToggle.tsx';
import { wishlistToggleTexts } from './wishlist/wishlist-texts.ts';
import wishlistStyles from './wishlist/wishlist.module.css';
import { Highlight } from './search/Highlight.tsx';
import { storeHref } from '@/lib/store.ts';

export type TileProduct = Pick<
  ProductDoc,
  | 'id'
  | 'sku'
  | 'name'
  | 'slug'
  | 'url_key'
  | 'type_id'
  | 'configurable_children'
  | 'image'
  | 'price'
  | 'price_incl_tax'
  | 'original_price'
  | 'original_price_incl_tax'
  | 'special_price'
>;

/**
 * `eager`: loaded at once (a first row in view). `'low'`: at once but at low priority, for pages
 * whose largest paint is elsewhere (the home hero): React would otherwise preload eager pictures
 * in the head, ahead of the stylesheets; the browser still raises those it finds in view.
 */
export type TileLoading = boolean | 'low';

/* One object per process, so the page's payload carries them once, not once per tile (React dedupes repeated props). */
const TOGGLE_TEXTS = { compare: compareToggleTexts(), wishlist: wishlistToggleTexts() };

function tileImage(path: string | undefined, eager: TileLoading) {
  return getImageProps({
    className: 'tile__image',
    src: mediaSrc(path),
    alt: '',
    width: THUMBNAIL.product,
    height: THUMBNAIL.product,
    sizes: '(max-width: 767px) 50vw, (max-width: 991px) 33vw, 246px',
    loading: eager ? 'eager' : 'lazy',
    fetchPriority: eager === 'low' ? 'low' : undefined,
  }).props;
}

/**
 * A product in a list: 246×246 thumbnail, name and price block, linking to the product page.
 * The picture's alt is empty on purpose: the link already reads the product name, and
 * repeating it would make screen readers announce every name twice.
 */
export function ProductTile({ product, eager = false, highlight = [] }: { product: TileProduct; eager?: TileLoading; highlight?: readonly string[] }) {
  const href = storeHref(productPageUrl(product));
  return (
    <article className="tile" data-sku={product.sku}>
      <a href={href} className="tile__link">
        {/* A plain <img> with next/image's attributes: no image component to hydrate per tile. */}
        <img {...tileImage(product.image, eager)} alt="" />
        <h3 className="tile__name">
          <Highlight text={product.name} words={highlight} />
        </h3>
      </a>
      <PriceBlock price={priceView(product)} />
      <div className={wishlistStyles.toggles}>
        <CompareToggle sku={product.sku} name={product.name} texts={TOGGLE_TEXTS.compare} />
        <WishlistToggle sku={product.sku} name={product.name} texts={TOGGLE_TEXTS.wishlist} />
      </div>
    </article>
  );
}

/**
 * Tiles in a responsive grid (2 / 3 / 4 columns at the §9 breakpoints); their prices are
 * refreshed from the render list once the page is live (the page itself may be cached).
 * `highlight`: the search's matched words, marked in the names.
 */
export function ProductGrid({
  products,
  eagerCount = 0,
  eagerPriority,
  highlight,
}: {
  products: readonly TileProduct[];
  eagerCount?: number;
  /** `'low'`: the first `eagerCount` pictures load at once, at low priority (see TileLoading). */
  eagerPriority?: 'low';
  highlight?: readonly string[];
}) {
  return (
    <div>
      <ul className="product-grid">
        {products.map((product, index) => (
          <li key={product.sku}>
            <ProductTile product={product} eager={index < eagerCount && (eagerPriority ?? true)} highlight={highlight} />
          </li>
        ))}
      </ul>
      <ListPriceRefresh />
    </div>
  );
}
