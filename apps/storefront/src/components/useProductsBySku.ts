'use client';

import { useEffect, useState } from 'react';
import type { ProductDoc } from '@shop/domain';

export type ProductsBySku = { status: 'loading' } | { status: 'error' } | { status: 'ready'; products: ProductDoc[] };

type Loaded = { key: string; products: ProductDoc[] } | { key: string; error: true };

/**
 * The products of a list kept in the browser (compare list, wishlist), fetched through the shop's
 * /api/catalog with just `fields`, in the list's order (SKUs no longer in the catalogue drop out).
 * A new list fetches again; an empty one is ready at once.
 */
export function useProductsBySku(skus: readonly string[], fields: readonly string[]): ProductsBySku {
  const key = skus.join('\n');
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (skus.length === 0) return;
    const controller = new AbortController();
    fetch('/api/catalog', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ entityType: 'product', filters: { sku: { in: skus } }, size: skus.length, trackTotalHits: false, includeFields: fields }),
      signal: controller.signal,
    })
      .then(async (response) => {
        const payload = (await response.json()) as { code: number; result: { items: ProductDoc[] } };
        if (!response.ok || payload.code !== 200) throw new Error(`catalog ${response.status}`);
        const bySku = new Map(payload.result.items.map((p) => [p.sku, p]));
        setLoaded({ key, products: skus.map((sku) => bySku.get(sku)).filter((p): p is ProductDoc => p !== undefined) });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ key, error: true });
      });
    return () => controller.abort();
    // `key` stands for `skus` (same SKUs, same request)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, fields]);

  if (skus.length === 0) return { status: 'ready', products: [] };
  if (!loaded || loaded.key !== key) return { status: 'loading' };
  return 'error' in loaded ? { status: 'error' } : { status: 'ready', products: loaded.products };
}
