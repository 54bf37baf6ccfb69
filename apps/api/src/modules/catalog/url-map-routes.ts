import { urlMapRequest, urlMapResult } from '@shop/contracts';
import type { Db } from '@shop/db';
import { defineRoute } from '../../http/route.ts';
import type { AccountService } from '../accounts/service.ts';
import type { ProductPricing } from './product-pricing.ts';
import { mapUrl } from './url-mapper.ts';
import { customerTokenQuery, forCustomerGroup } from './customer-prices.ts';

/** `POST /api/url` (catalogue §7, the URL index) answers as `/api/url/map` does, with the same payload. */
export function urlMapRoutes(db: Db, pricing: ProductPricing, accounts: AccountService) {
  return ['/api/url/map', '/api/url'].map((path) =>
    defineRoute({
      method: 'POST',
      path,
      tag: 'catalog',
      summary:
        'Resolve a URL path to a visible product, an active category or an active CMS page (catalogue.md §2, §7); null when nothing matches',
      query: customerTokenQuery,
      body: urlMapRequest,
      limitWrites: false,
      response: urlMapResult,
      handler: ({ body, query: { token }, req }) => forCustomerGroup(accounts, req, token ?? body.groupToken ?? undefined, (group) => mapUrl(db, pricing, body, group)),
    }),
  );
}
