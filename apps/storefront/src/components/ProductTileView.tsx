'use client';

import { getImageProps } from 'next/image';
import type { PriceView } from '@/lib/price.ts';
import { THUMBNAIL } from '@/lib/shop-config.ts';
import { PriceLines, type WrittenPrice } from './PriceLines.tsx';
import { Highlight } from './search/Highlight.tsx';
import { useTileTexts } from './TileTexts.tsx';
import { TileToggles } from './TileToggles.tsx';

/**
 * What a tile shows, made on the server (ProductTile.tsx `tileData`): a list page's payload
 * carries these few fields per product instead of the tile's whole element tree, and the
 * amounts come written, so the browser formats no price to hydrate a list (its first
 * Intl.NumberFormat is a 30–40 ms task).
 */
export interface TileData {
  sku: string;
  name: string;
  /** The product page, with the store prefix. */
  href: string;
  /** The picture's URL (a /media path or the placeholder). */
  image: string;
  price: PriceView;
  written: WrittenPrice;
  /** The 30-day lowest price line, worded, while discounted and known. */
  lowest?: string;
}

/**
 * `eager`: loaded at once (a first row in view). `'low'`: at once but at low priority, for pages
 * whose largest paint is elsewhere (the home hero): React would otherwise preload eager pictures
 * in the head, ahead of the stylesheets; the browser still raises those it finds in view.
 */
export type TileLoading = boolean | 'low';

/**
 * The widest picture a tile asks for. A tile is at most 383 CSS px wide (half of a 767 px
 * screen), mostly 190–330: 640 px serves those on 2× screens and phones' halves on 3× ones;
 * the two larger widths Next would list add 150 bytes a tile to the page.
 */
const TILE_MAX_WIDTH = 640;

function tileImage(src: string, eager: TileLoading) {
  const { style: _transparent, ...props } = getImageProps({
    className: 'tile__image',
    src,
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

/**
 * A product in a list (inside a TileTextsProvider): 246×246 thumbnail, name and price block,
 * linking to the product page, with its compare and wishlist toggles. The picture's alt is
 * empty on purpose: the link already reads the product name, and repeating it would make
 * screen readers announce every name twice.
 */
export function ProductTileView({ tile, eager = false, highlight = [] }: { tile: TileData; eager?: TileLoading; highlight?: readonly string[] }) {
  const texts = useTileTexts();
  return (
    <article className="tile" data-sku={tile.sku}>
      <a href={tile.href} className="tile__link">
        <img {...tileImage(tile.image, eager)} alt="" />
        <h3 className="tile__name">
          <Highlight text={tile.name} words={highlight} />
        </h3>
      </a>
      <PriceLines price={tile.price} written={tile.written} labels={texts.price} lowest={tile.lowest} />
      <TileToggles sku={tile.sku} name={tile.name} />
    </article>
  );
}

export interface TileGridOptions {
  /** How many pictures, from the first, load at once. */
  eagerCount?: number;
  /** `'low'`: those pictures load at low priority (see TileLoading). */
  eagerPriority?: 'low';
  /** The search's matched words, marked in the names. */
  highlight?: readonly string[];
}

/** Tiles in a responsive grid (2 / 3 / 4 columns at the §9 breakpoints). */
export function TileGrid({ tiles, eagerCount = 0, eagerPriority, highlight }: { tiles: readonly TileData[] } & TileGridOptions) {
  return (
    <ul className="product-grid">
      {tiles.map((tile, index) => (
        <li key={tile.sku}>
          <ProductTileView tile={tile} eager={index < eagerCount && (eagerPriority ?? true)} highlight={highlight} />
        </li>
      ))}
    </ul>
  );
}
