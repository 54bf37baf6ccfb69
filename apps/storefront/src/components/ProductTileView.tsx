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
 * The widest picture a tile asks for. A tile's picture is 127–246 CSS px wide (measured on
 * 360–1920 px screens): 640 px serves those on 2.6× screens and phones' halves on 3× ones;
 * the two larger widths Next would list add 150 bytes a tile to the page.
 */
const TILE_MAX_WIDTH = 640;

/**
 * The tile width the pictures' densities are reckoned for: a phone's half of a 412 px screen
 * (the commonest phone width, and Lighthouse's). Browsers take the first picture at least as
 * dense as the screen, so they pick what the `sizes` list below picked: 256 px on 1× screens,
 * 384 px on 1.25–1.75× ones, 640 px on 2× and denser ones, except 2× phones under 412 px, whose
 * tiles 384 px would have served.
 */
const DENSITY_TILE_WIDTH = 206;

/**
 * The tile's pictures by pixel density (`url 1.86x`), not by width with a `sizes` list: in
 * Chromium an img given `sizes` spends ~3 ms of a phone's CPU on its `srcset` and `src`, so a
 * facet tick rendering 48 tiles spent ~115 ms of its ~400 there (ADR 0010).
 */
function densitySrcSet(srcSet: string): { srcSet: string; src: string } | undefined {
  const kept = srcSet
    .split(', ')
    .map((entry) => ({ url: entry.slice(0, entry.lastIndexOf(' ')), width: Number(entry.slice(entry.lastIndexOf(' ') + 1, -1)) }))
    .filter(({ width }) => width <= TILE_MAX_WIDTH);
  const narrowest = kept[0];
  if (!narrowest) return undefined;
  // A srcset by density without a 1× entry takes `src` as its 1× picture: the narrowest, else a
  // 1× screen would load the 640 px one.
  return { srcSet: kept.map(({ url, width }) => `${url} ${Math.round((width / DENSITY_TILE_WIDTH) * 100) / 100}x`).join(', '), src: narrowest.url };
}

function tileImage(src: string, eager: TileLoading) {
  const { style: _transparent, sizes: _bySize, ...props } = getImageProps({
    className: 'tile__image',
    src,
    alt: '',
    width: THUMBNAIL.product,
    height: THUMBNAIL.product,
    // The widths the layout needs (Next lists those from 1/3 of its smallest screen up), made
    // densities by densitySrcSet; the attribute itself is dropped.
    sizes: '(max-width: 767px) 50vw, (max-width: 991px) 33vw, 246px',
    loading: eager ? 'eager' : 'lazy',
    fetchPriority: eager === 'low' ? 'low' : undefined,
  }).props;
  const pictures = props.srcSet ? densitySrcSet(props.srcSet) : undefined;
  return pictures ? { ...props, ...pictures } : props;
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
