'use client';

import { useState } from 'react';
import { toggleWishlist } from '@/lib/wishlist/wishlist-store.ts';
import { WISHLIST_MAX } from '@shop/domain';
import type { WishlistToggleTexts } from './wishlist-texts.ts';
import { useWishlist } from './useWishlist.ts';
import styles from './wishlist.module.css';

/**
 * The heart on a product tile or page: puts the product on the wishlist or takes it off
 * (`aria-pressed` tells which); a status line says what happened. `labelShown` writes the label
 * beside the heart (product page); on tiles it is for screen readers only. The heart is drawn by
 * the stylesheet: no SVG markup repeated on every tile of a list.
 */
export function WishlistToggle({ sku, name, texts, labelShown = false }: { sku: string; name: string; texts: WishlistToggleTexts; labelShown?: boolean }) {
  const selected = useWishlist().includes(sku);
  const [said, setSaid] = useState('');
  return (
    <div className={styles.toggleWrap}>
      <button
        type="button"
        className={styles.toggle}
        aria-pressed={selected}
        data-testid="wishlist-toggle"
        onClick={() => {
          const change = toggleWishlist(sku);
          if (change.full) setSaid(texts.full.replace('{max}', String(WISHLIST_MAX)));
          else if (change.changed) setSaid((selected ? texts.removed : texts.added).replace('{name}', name));
        }}
      >
        <span className={labelShown ? undefined : 'visually-hidden'}>{texts.toggle}</span>
        <span className="visually-hidden"> {name}</span>
      </button>
      <span className={labelShown ? styles.toggleNote : 'visually-hidden'} role="status">
        {said}
      </span>
    </div>
  );
}
