import type { ReactNode } from 'react';
import { productPageUrl, type ProductDoc } from '@shop/domain';
import { mediaSrc } from '@/lib/media/theme.ts';
import { priceView } from '@/lib/price.ts';
import { storeHref } from '@/lib/store.ts';
import { compareToggleTexts } from './compare/compare-texts.ts';
import { ListPriceRefresh } from './ListPriceRefresh.tsx';
import { lowestPriceLine, priceLabels } from './PriceBlock.tsx';
import { writePrice } from './PriceLines.tsx';
import { TileGrid, type TileData, type TileGridOptions } from './ProductTileView.tsx';
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
  const lowest = lowestPriceLine(price);
  if (lowest !== undefined) tile.lowest = lowest;
  return tile;
}

/** The tiles' texts, looked up once on the server and given to a list of tiles (TileTexts.tsx). */
export function TileList({ children }: { children: ReactNode }) {
  return <TileTextsProvider texts={{ price: priceLabels(), compare: compareToggleTexts(), wishlist: wishlistToggleTexts() }}>{children}</TileTextsProvider>;
}

/**
 * A grid of product tiles (TileGrid, from tileData) with their texts; their prices are refreshed
 * from the render list once the page is live (the page itself may be cached).
 */
export function ProductGrid({ tiles, ...options }: { tiles: readonly TileData[] } & TileGridOptions) {
  return (
    <div>
      <TileList>
        <TileGrid tiles={tiles} {...options} />
      </TileList>
      <ListPriceRefresh />
    </div>
  );
}
