'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { CompareToggle } from './compare/CompareToggle.tsx';
import type { CompareToggleTexts } from './compare/compare-texts.ts';
import { WishlistToggle } from './wishlist/WishlistToggle.tsx';
import type { WishlistToggleTexts } from './wishlist/wishlist-texts.ts';
import wishlistStyles from './wishlist/wishlist.module.css';
import { Announcer } from './ui/Announcer.tsx';

export interface TileTogglesTexts {
  compare: CompareToggleTexts;
  wishlist: WishlistToggleTexts;
}

const TextsContext = createContext<TileTogglesTexts | null>(null);

/**
 * The toggles' texts for every tile inside, sent once: a list page's payload would otherwise
 * carry them (or a reference to them) with each of its 48 tiles; and the list's one status
 * region, for screen readers, that says what a toggle did.
 */
export function TileTogglesTexts({ texts, children }: { texts: TileTogglesTexts; children: ReactNode }) {
  return (
    <TextsContext value={texts}>
      <Announcer>{children}</Announcer>
    </TextsContext>
  );
}

/** A tile's compare and wishlist toggles, side by side. */
export function TileToggles({ sku, name }: { sku: string; name: string }) {
  const texts = useContext(TextsContext);
  if (!texts) throw new Error('TileToggles must be inside TileTogglesTexts');
  return (
    <div className={wishlistStyles.toggles}>
      <CompareToggle sku={sku} name={name} texts={texts.compare} />
      <WishlistToggle sku={sku} name={name} texts={texts.wishlist} />
    </div>
  );
}
