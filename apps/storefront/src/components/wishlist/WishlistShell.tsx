'use client';

import { lazy, Suspense, type ReactNode } from 'react';
import { useStoreHref } from '../StorePrefix.tsx';
import { PanelLink } from '../ui/PanelLink.tsx';
import { setUiFlag, useUiState } from '../ui/ui-store.ts';
import type { WishlistViewTexts } from './wishlist-texts.ts';
import { useWishlist } from './useWishlist.ts';

const PANEL_ID = 'wishlist-panel';

// The sidebar's code loads when first opened (and ahead, on hover or focus of the link).
const loadPanel = () => import('./WishlistPanel.tsx').then((module) => ({ default: module.WishlistPanel }));
const WishlistPanel = lazy(loadPanel);
const preloadPanel = () => void loadPanel().catch(() => undefined);

/**
 * The header's wishlist link with the count badge. It opens the sidebar (UI flag `wishlist`);
 * before hydration, with a modifier key or when the sidebar's code cannot load, it is a plain
 * link to /wishlist. The icon comes rendered from the server.
 */
export function WishlistLink({ label, badge, icon }: { label: string; badge: string; icon: ReactNode }) {
  const count = useWishlist().length;
  const open = useUiState().wishlist;
  const href = useStoreHref();
  return (
    <PanelLink
      href={href('/wishlist')}
      panelId={PANEL_ID}
      open={open}
      count={count}
      label={label}
      badge={badge}
      icon={icon}
      testId="wishlist"
      preload={preloadPanel}
      onOpen={(target) =>
        void loadPanel().then(
          () => setUiFlag('wishlist', true),
          () => window.location.assign(target),
        )
      }
    />
  );
}

/** The wishlist sidebar, mounted (and loaded) only while open. */
export function WishlistPanels({ texts, fields }: { texts: WishlistViewTexts; fields: readonly string[] }) {
  const open = useUiState().wishlist;
  if (!open) return null;
  return (
    <Suspense>
      <WishlistPanel id={PANEL_ID} texts={texts} fields={fields} />
    </Suspense>
  );
}
