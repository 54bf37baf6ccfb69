'use client';

import Image from 'next/image';
import { useEffect, useState } from 'react';
import { formatPrice, productPageUrl } from '@shop/domain';
import { bulkAdd } from '@/lib/cart/bulk-add.ts';
import { mediaSrc } from '@/lib/media/theme.ts';
import { priceView } from '@/lib/price.ts';
import { clearWishlist, pullWishlist, removeWishlistItem } from '@/lib/wishlist/wishlist-store.ts';
import { useHydrated } from '../cart/useCart.ts';
import type { BulkAddTexts } from '../quick-order/bulk-add-texts.ts';
import { BulkAddReport, type BulkAddOutcome } from '../quick-order/BulkAddReport.tsx';
import { useStoreHref } from '../StorePrefix.tsx';
import { ListEmpty, ListError, ListLoading } from '../ui/ListNotes.tsx';
import buttons from '../ui/link-button.module.css';
import { useProductsBySku } from '../useProductsBySku.ts';
import type { WishlistViewTexts } from './wishlist-texts.ts';
import { useWishlist } from './useWishlist.ts';
import styles from './wishlist.module.css';

/**
 * The wishlist's products (the sidebar and the /wishlist page): picture, name linking to the
 * product, price, and a remove button each; the page adds "empty the list". Shown, it brings a
 * signed-in customer's list up to date (another device may have changed it). `onLeave` runs when
 * a link is followed (the sidebar closes).
 */
export function WishlistItems({
  fields,
  texts,
  large = false,
  onLeave,
  bulkTexts,
}: {
  fields: readonly string[];
  texts: WishlistViewTexts;
  large?: boolean;
  onLeave?: () => void;
  /** The page's "Aggiungi tutto al carrello" (issue 42 point 17) with its report. */
  bulkTexts?: BulkAddTexts;
}) {
  const list = useWishlist();
  const [adding, setAdding] = useState(false);
  const [outcome, setOutcome] = useState<BulkAddOutcome | null>(null);
  /** Every listed product once into the cart; those that need options or are sold out are reported, not added. */
  async function addAll(skus: readonly string[]) {
    setAdding(true);
    setOutcome(null);
    const plan = await bulkAdd(skus.map((sku) => ({ sku, qty: 1 })));
    setAdding(false);
    setOutcome(plan ?? 'failed');
  }
  const href = useStoreHref();
  const loaded = useProductsBySku(list, fields);
  // False on the server and while hydrating: the list lives in the browser.
  const hydrated = useHydrated();
  useEffect(() => void pullWishlist(), []);

  if (!hydrated || loaded.status === 'loading') {
    return <ListLoading text={texts.loading} className={styles.status} />;
  }
  if (loaded.status === 'error') {
    return <ListError text={texts.error} />;
  }
  if (loaded.products.length === 0) {
    return <ListEmpty text={texts.empty} linkText={texts.emptyLink} homeHref={href('/')} onLeave={onLeave} />;
  }
  const size = large ? 120 : 64;
  return (
    <>
      <ul className={large ? styles.grid : styles.list} data-testid="wishlist-items">
        {loaded.products.map((product) => {
          const price = priceView(product);
          return (
            <li key={product.sku} className={styles.item} data-sku={product.sku}>
              <Image src={mediaSrc(product.image)} alt="" width={size} height={size} sizes={`${size}px`} className={styles.image} />
              <div>
                <a href={href(productPageUrl(product))} className={styles.name} onClick={onLeave}>
                  {product.name}
                </a>
                <p className={styles.price}>
                  <strong>{formatPrice(price.net)}</strong> {texts.exclTax} · {formatPrice(price.gross)} {texts.inclTax}
                </p>
              </div>
              <button type="button" className={buttons.linkButton} onClick={() => removeWishlistItem(product.sku)} aria-label={texts.removeItem.replace('{name}', product.name)}>
                {texts.remove}
              </button>
            </li>
          );
        })}
      </ul>
      {large && (
        <p className="button-row">
          {bulkTexts && (
            <button type="button" className="button" disabled={adding} onClick={() => void addAll(loaded.products.map((product) => product.sku))}>
              {adding ? texts.adding : texts.addAll}
            </button>
          )}
          <button type="button" className="button button--secondary" onClick={clearWishlist}>
            {texts.clear}
          </button>
        </p>
      )}
      {bulkTexts && <BulkAddReport outcome={outcome} texts={bulkTexts} unknownAs="noLongerSold" />}
    </>
  );
}
