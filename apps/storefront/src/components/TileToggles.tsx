'use client';

import { CompareToggle } from './compare/CompareToggle.tsx';
import { WishlistToggle } from './wishlist/WishlistToggle.tsx';
import wishlistStyles from './wishlist/wishlist.module.css';
import { useTileTexts } from './TileTexts.tsx';

/** A tile's compare and wishlist toggles, side by side (texts from the TileTextsProvider around). */
export function TileToggles({ sku, name }: { sku: string; name: string }) {
  const texts = useTileTexts();
  return (
    <div className={wishlistStyles.toggles}>
      <CompareToggle sku={sku} name={name} texts={texts.compare} />
      <WishlistToggle sku={sku} name={name} texts={texts.wishlist} />
    </div>
  );
}
