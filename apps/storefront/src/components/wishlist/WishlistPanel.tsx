'use client';

import { useCallback } from 'react';
import { useStoreHref } from '../StorePrefix.tsx';
import { SidePanel } from '../ui/SidePanel.tsx';
import { setUiFlag } from '../ui/ui-store.ts';
import type { WishlistViewTexts } from './wishlist-texts.ts';
import { WishlistItems } from './WishlistItems.tsx';
import styles from './wishlist.module.css';

/** The wishlist sidebar (UI flag `wishlist`, with the overlay): the products and the way to /wishlist. */
export function WishlistPanel({ id, texts, fields }: { id: string; texts: WishlistViewTexts; fields: readonly string[] }) {
  const close = useCallback(() => setUiFlag('wishlist', false), []);
  const href = useStoreHref();
  return (
    <SidePanel id={id} title={texts.title} closeLabel={texts.close} onClose={close}>
      <WishlistItems fields={fields} texts={texts} onLeave={close} />
      <p className={styles.panelFoot}>
        <a href={href('/wishlist')} className="button button--secondary" onClick={close}>
          {texts.toPage}
        </a>
      </p>
    </SidePanel>
  );
}
