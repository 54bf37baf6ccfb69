import { urlMapRequest, urlMapResult } from '@shop/contracts';
import type { Db } from '@shop/db';
import { defineRoute } from '../http/route.ts';
import type { ProductPricing } from '../services/product-pricing.ts';
import { mapUrl } from '../services/url-mapper.ts';

/** `POST /api/url` (catalogue §7, the URL index) answers as `/api/url/map` does, with the same payload. */
export function urlMapRoutes(db: Db, pricing: ProductPricing) {
  return ['/api/url/map', '/api/url'].map((path) =>
    defineRoute({
      method: 'POST',
      path,
      tag: 'catalog',
      summary:
        'Resolve a URL path to a visible product, an active category or an active CMS page (catalogue.md §2, §7); null when nothing matches',
      body: urlMapRequest,
      response: urlMapResult,
      handler: ({ body }) => mapUrl(db, pricing, body),
    }),
  );
}
