'use client';

import { useEffect } from 'react';
import { rememberViewed, type ViewedProduct } from '@/lib/account/recently-viewed.ts';

/** Records the product page's product for the account's "recently viewed" (renders nothing). */
export function RememberViewed(product: ViewedProduct) {
  const { sku, name, url } = product;
  useEffect(() => rememberViewed({ sku, name, url }), [sku, name, url]);
  return null;
}
