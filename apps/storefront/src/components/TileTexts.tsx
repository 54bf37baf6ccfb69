'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { CompareToggleTexts } from './compare/compare-texts.ts';
import type { PriceLabels } from './PriceLines.tsx';
import type { WishlistToggleTexts } from './wishlist/wishlist-texts.ts';
import { Announcer } from './ui/Announcer.tsx';

/** The words every product tile shows: its price labels and its toggles' texts. */
export interface TileTexts {
  price: PriceLabels;
  compare: CompareToggleTexts;
  wishlist: WishlistToggleTexts;
}

const TextsContext = createContext<TileTexts | null>(null);

/**
 * The tiles' texts for every tile inside, sent once: a list page's payload would otherwise
 * carry them (or a reference to them) with each of its 48 tiles; and the list's one status
 * region, for screen readers, that says what a toggle did.
 */
export function TileTextsProvider({ texts, children }: { texts: TileTexts; children: ReactNode }) {
  return (
    <TextsContext value={texts}>
      <Announcer>{children}</Announcer>
    </TextsContext>
  );
}

/** The texts of the TileTextsProvider around a tile. */
export function useTileTexts(): TileTexts {
  const texts = useContext(TextsContext);
  if (!texts) throw new Error('Product tiles must be inside TileTextsProvider');
  return texts;
}
