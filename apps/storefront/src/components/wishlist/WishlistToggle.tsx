'use client';

import { toggleWishlist } from '@/lib/wishlist/wishlist-store.ts';
import { WISHLIST_MAX } from '@shop/domain';
import type { WishlistToggleTexts } from './wishlist-texts.ts';
import { useWishlist } from './useWishlist.ts';
import { useAnnounce } from '../ui/Announcer.tsx';
import styles from './wishlist.module.css';
import { interpolate } from '@/i18n/interpolate.ts';

/**
 * The heart on a product tile or page, inside an Announcer: puts the product on the wishlist or
 * takes it off (`aria-pressed` tells which), and the Announcer says what happened. `labelShown`
 * writes the label beside the heart (product page); on tiles the label is the button's
 * accessible name only. The heart is drawn by the stylesheet: no SVG markup repeated on every
 * tile of a list.
 */
export function WishlistToggle({ sku, name, texts, labelShown = false }: { sku: string; name: string; texts: WishlistToggleTexts; labelShown?: boolean }) {
  const selected = useWishlist().includes(sku);
  const announce = useAnnounce();
  return (
    <button
      type="button"
      className={styles.toggle}
      aria-pressed={selected}
      aria-label={`${texts.toggle} ${name}`}
      onClick={() => {
        const change = toggleWishlist(sku);
        if (change.full) announce.say(interpolate(texts.full, { max: WISHLIST_MAX }));
        else if (change.changed) announce.say((selected ? texts.removed : texts.added).replace('{name}', name));
      }}
    >
      {labelShown && texts.toggle}
    </button>
  );
}
