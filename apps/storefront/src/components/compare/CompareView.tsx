'use client';

import Image from 'next/image';
import { formatPrice, productPageUrl } from '@shop/domain';
import { comparableRows, type ComparableAttribute } from '@/lib/compare/attribute-value.ts';
import { removeFromCompare } from '@/lib/compare/compare-list.ts';
import { saveCompareList } from '@/lib/compare/compare-storage.ts';
import { mediaSrc } from '@/lib/media/theme.ts';
import { priceView } from '@/lib/price.ts';
import type { CompareViewTexts } from './compare-texts.ts';
import { useHydrated } from '../cart/useCart.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import { ListEmpty, ListError, ListLoading } from '../ui/ListNotes.tsx';
import { useProductsBySku } from '../useProductsBySku.ts';
import { useCompareList } from './useCompareList.ts';
import styles from './compare.module.css';
import { interpolate } from '@/i18n/interpolate.ts';

/**
 * The compare table (shopping.md §2 "/compare"): reads the SKUs kept in the browser, fetches
 * those products (useProductsBySku) with just the fields it shows, and lays their
 * comparable attributes side by side. Remove buttons update the list (and the header count).
 */
export function CompareView({
  attributes,
  fields,
  texts,
}: {
  attributes: readonly ComparableAttribute[];
  fields: readonly string[];
  texts: CompareViewTexts;
}) {
  const list = useCompareList();
  const href = useStoreHref();
  const loaded = useProductsBySku(list, fields);
  // False on the server and while hydrating: the list lives in the browser only.
  const hydrated = useHydrated();

  if (!hydrated) {
    return <p className={styles.status}>{texts.loading}</p>;
  }
  if (list.length === 0) {
    return <ListEmpty text={texts.empty} linkText={texts.emptyLink} homeHref={href('/')} />;
  }
  if (loaded.status === 'loading') {
    return <ListLoading text={texts.loading} className={styles.status} />;
  }
  if (loaded.status === 'error') {
    return <ListError text={texts.error} />;
  }

  const products = loaded.products;
  const rows = comparableRows(attributes, products as unknown as Record<string, unknown>[]);
  const remove = (sku: string) => saveCompareList(removeFromCompare(list, sku).list);

  return (
    <>
      <div className={styles.tableScroll} role="region" aria-label={texts.scrollRegion} tabIndex={0}>
        <table className={styles.table}>
          <caption className="visually-hidden">{interpolate(texts.caption, { count: products.length })}</caption>
          <thead>
            <tr>
              <td className={styles.corner} />
              {products.map((product) => {
                const price = priceView(product);
                return (
                  <th key={product.sku} scope="col" className={styles.productCell}>
                    <a href={href(productPageUrl(product))} className={styles.productLink}>
                      <Image src={mediaSrc(product.image)} alt="" width={160} height={160} sizes="160px" className={styles.productImage} />
                      <span className={styles.productName}>{product.name}</span>
                    </a>
                    <span className={styles.price}>
                      <strong>{formatPrice(price.net)}</strong> {texts.exclTax}
                      <br />
                      {formatPrice(price.gross)} {texts.inclTax}
                    </span>
                    <button type="button" className={styles.remove} onClick={() => remove(product.sku)}>
                      {texts.remove}
                      <span className="visually-hidden"> {product.name}</span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{texts.sku}</th>
              {products.map((product) => (
                <td key={product.sku}>{product.sku}</td>
              ))}
            </tr>
            {rows.map(({ attribute, values }) => (
              <tr key={attribute.code}>
                <th scope="row">{attribute.label}</th>
                {values.map((value, i) => (
                  <td key={products[i]?.sku ?? i}>{value || <span aria-label={texts.none}>—</span>}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        <button type="button" className="button button--secondary" onClick={() => saveCompareList([])}>
          {texts.clear}
        </button>
      </p>
    </>
  );
}
