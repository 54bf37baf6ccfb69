import type { ReactNode } from 'react';
import { formatPrice, productPageUrl, type ProductDoc } from '@shop/domain';
import { t } from '@/i18n/index.ts';
import { mediaSrc } from '@/lib/media/theme.ts';
import { priceView } from '@/lib/price.ts';
import { storeHref } from '@/lib/store.ts';
import { compareToggleTexts } from './compare/compare-texts.ts';
import { ListPriceRefresh } from './ListPriceRefresh.tsx';
import { priceLabels } from './PriceBlock.tsx';
import { writePrice } from './PriceLines.tsx';
import { TileGrid, type TileData } from './ProductTileView.tsx';
import { TileTextsProvider } from './TileTexts.tsx';
import { wishlistToggleTexts } from './wishlist/wishlist-texts.ts';

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
 * SERVER: what a tile of `product` shows (ProductTileView.tsx): the store's link to its page,
 * its picture's URL, its prices with their amounts written.
 */
export function tileData(product: TileProduct): TileData {
  const price = priceView(product);
  const tile: TileData = { sku: product.sku, name: product.name, href: storeHref(productPageUrl(product)), image: mediaSrc(product.image), price, written: writePrice(price) };
  if (price.lowestNet !== undefined) {
    tile.lowest = t('product.lowest30d', { net: formatPrice(price.lowestNet), gross: formatPrice(price.lowestGross ?? price.lowestNet) });
  }
  return tile;
}

/** The tiles' texts, looked up once on the server and given to a list of tiles (TileTexts.tsx). */
export function TileList({ children }: { children: ReactNode }) {
  return <TileTextsProvider texts={{ price: priceLabels(), compare: compareToggleTexts(), wishlist: wishlistToggleTexts() }}>{children}</TileTextsProvider>;
}

/**
 * A grid of product tiles (TileGrid) with their texts; their prices are refreshed from the
 * render list once the page is live (the page itself may be cached).
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
        <TileGrid tiles={products.map(tileData)} eagerCount={eagerCount} eagerPriority={eagerPriority} highlight={highlight} />
      </TileList>
      <ListPriceRefresh />
    </div>
  );
}
