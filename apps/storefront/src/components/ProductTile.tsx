import type { ReactNode } from 'react';
import { getImageProps } from 'next/image';
import { productPageUrl, type ProductDoc } from '@shop/domain';
import { mediaSrc } from '@/lib/media/theme.ts';
import { priceView } from '@/lib/price.ts';
import { THUMBNAIL } from '@/lib/shop-config.ts';
import { PriceBlock } from './PriceBlock.tsx';
import { ListPriceRefresh } from './ListPriceRefresh.tsx';
import { compareToggleTexts } from './compare/compare-texts.ts';
import { wishlistToggleTexts } from './wishlist/wishlist-texts.ts';
import { TileToggles, TileTogglesTexts } from './TileToggles.tsx';
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

/**
 * The widest picture a tile asks for. A tile is at most 383 CSS px wide (half of a 767 px
 * screen), mostly 190–330: 640 px serves those on 2× screens and phones' halves on 3× ones;
 * the two larger widths Next would list add 150 bytes a tile to the page and its payload.
 */
const TILE_MAX_WIDTH = 640;

function tileImage(path: string | undefined, eager: TileLoading) {
  const props = getImageProps({
    className: 'tile__image',
    src: mediaSrc(path),
    alt: '',
    width: THUMBNAIL.product,
    height: THUMBNAIL.product,
    sizes: '(max-width: 767px) 50vw, (max-width: 991px) 33vw, 246px',
    loading: eager ? 'eager' : 'lazy',
    fetchPriority: eager === 'low' ? 'low' : undefined,
  }).props;
  // srcSet is "url 256w, url 384w, …", widest last, as is src.
  const kept = props.srcSet?.split(', ').filter((entry) => Number(entry.slice(entry.lastIndexOf(' ') + 1, -1)) <= TILE_MAX_WIDTH) ?? [];
  const widest = kept.at(-1);
  return widest ? { ...props, srcSet: kept.join(', '), src: widest.slice(0, widest.lastIndexOf(' ')) } : props;
}

/** The texts of the tiles' toggles, given once to a list of tiles (TileToggles.tsx). */
export function TileList({ children }: { children: ReactNode }) {
  return <TileTogglesTexts texts={{ compare: compareToggleTexts(), wishlist: wishlistToggleTexts() }}>{children}</TileTogglesTexts>;
}

/**
 * A product in a list (inside a TileList): 246×246 thumbnail, name and price block, linking to the product page.
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
      <TileToggles sku={product.sku} name={product.name} />
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
      <TileList>
        <ul className="product-grid">
          {products.map((product, index) => (
            <li key={product.sku}>
              <ProductTile product={product} eager={index < eagerCount && (eagerPriority ?? true)} highlight={highlight} />
            </li>
          ))}
        </ul>
      </TileList>
      <ListPriceRefresh />
    </div>
  );
}
