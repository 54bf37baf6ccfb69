'use client';

import Image from 'next/image';
import { mediaSrc } from '@/lib/media/theme.ts';
import type { CartItem } from '@/lib/cart/types.ts';
import { useStoreHref } from '../StorePrefix.tsx';

/** The line's picture linking to its product (alt empty: the name beside it is the link's text). */
export function Thumbnail({ item, size, className }: { item: CartItem; size: number; className?: string }) {
  const href = useStoreHref();
  const image = <Image src={mediaSrc(item.image)} alt="" width={size} height={size} sizes={`${size}px`} className={className} />;
  return item.url ? (
    <a href={href(item.url)} tabIndex={-1} aria-hidden="true">
      {image}
    </a>
  ) : (
    image
  );
}
