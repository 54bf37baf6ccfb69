/**
 * SERVER ONLY (see client.ts). What the shop says about itself on every page (issue #42 point 11):
 * the seller's identity and the delivery promise, `GET /api/shop/info`, configured in the API
 * (SELLER_*, DELIVERY_DAYS). Cached like the catalogue; a restart empties the cache.
 */
import { cache } from 'react';
import { deliveryDaysText, type ApiEnvelope, type ShopInfo } from '@shop/contracts';
import { CACHE_TTL_SECONDS } from '@/lib/shop-config.ts';
import { apiRequestHeaders } from '@/lib/observability.ts';
import { apiInternalUrl } from './client.ts';

const REQUEST_TIMEOUT_MS = 5000;

/** The shop's data, or null when the API cannot say (the page renders without the seller block). */
export const getShopInfo = cache(async (): Promise<ShopInfo | null> => {
  try {
    const response = await fetch(`${apiInternalUrl()}/api/shop/info`, {
      headers: { accept: 'application/json', ...apiRequestHeaders() },
      cache: 'force-cache',
      next: { revalidate: CACHE_TTL_SECONDS },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const payload = (await response.json().catch(() => null)) as ApiEnvelope<ShopInfo> | null;
    return response.ok && payload?.code === 200 ? payload.result : null;
  } catch {
    return null;
  }
});

/** "2–3": the delivery promise in working days, as every text says it (2–3 until the API answers). */
export async function deliveryDays(): Promise<string> {
  const info = await getShopInfo();
  return deliveryDaysText(info?.deliveryDays ?? { min: 2, max: 3 });
}
