'use client';

import Image from 'next/image';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { formatPrice, productPageUrl, type ProductDoc } from '@shop/domain';
import { comparableRows, type ComparableAttribute } from '@/lib/compare/attribute-value.ts';
import { removeFromCompare } from '@/lib/compare/compare-list.ts';
import { saveCompareList } from '@/lib/compare/compare-storage.ts';
import { mediaSrc } from '@/lib/media/theme.ts';
import { priceView } from '@/lib/price.ts';
import type { CompareViewTexts } from './compare-texts.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import { useCompareList } from './useCompareList.ts';
import styles from './compare.module.css';

const subscribeNever = () => () => {};

type Loaded = { key: string; products: ProductDoc[] } | { key: string; error: true };

/**
 * The compare table (shopping.md §2 "/compare"): reads the SKUs kept in the browser, fetches
 * those products through the shop's /api/catalog with just the fields it shows, and lays their
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
  const key = list.join('\n');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // False on the server and while hydrating: the list lives in the browser only.
  const hydrated = useSyncExternalStore(subscribeNever, () => true, () => false);

  useEffect(() => {
    if (list.length === 0) return;
    const controller = new AbortController();
    fetch('/api/catalog', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        entityType: 'product',
        filters: { sku: { in: list } },
        size: list.length,
        trackTotalHits: false,
        includeFields: fields,
      }),
      signal: controller.signal,
    })
      .then(async (response) => {
        const payload = (await response.json()) as { code: number; result: { items: ProductDoc[] } };
        if (!response.ok || payload.code !== 200) throw new Error(`catalog ${response.status}`);
        const bySku = new Map(payload.result.items.map((p) => [p.sku, p]));
        setLoaded({ key, products: list.map((sku) => bySku.get(sku)).filter((p): p is ProductDoc => p !== undefined) });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ key, error: true });
      });
    return () => controller.abort();
    // `key` stands for `list` (same SKUs, same request)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, fields]);

  if (!hydrated) {
    return <p className={styles.status}>{texts.loading}</p>;
  }
  if (list.length === 0) {
    return (
      <div className="empty-note">
        <p>{texts.empty}</p>
        <a href={href('/')}>
          {texts.emptyLink}
        </a>
      </div>
    );
  }
  if (!loaded || loaded.key !== key) {
    return (
      <p className={styles.status} role="status">
        {texts.loading}
      </p>
    );
  }
  if ('error' in loaded) {
    return (
      <p className="empty-note" role="alert">
        {texts.error}
      </p>
    );
  }

  const products = loaded.products;
  const rows = comparableRows(attributes, products as unknown as Record<string, unknown>[]);
  const remove = (sku: string) => saveCompareList(removeFromCompare(list, sku).list);

  return (
    <>
      <div className={styles.tableScroll} role="region" aria-label={texts.scrollRegion} tabIndex={0}>
        <table className={styles.table}>
          <caption className="visually-hidden">{texts.caption.replace('{count}', String(products.length))}</caption>
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
