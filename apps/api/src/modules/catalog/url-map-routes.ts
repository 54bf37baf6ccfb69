import { urlMapRequest, urlMapResult, type UrlMapRequest } from '@shop/contracts';
import type { Db } from '@shop/db';
import { z } from 'zod';
import { HttpError } from '../../http/errors.ts';
import { defineRoute, FileAnswer, PrivateAnswer } from '../../http/route.ts';
import type { AccountService } from '../accounts/service.ts';
import type { ProductPricing } from './product-pricing.ts';
import { mapUrl } from './url-mapper.ts';
import { customerTokenQuery, forCustomerGroup } from './customer-prices.ts';

/**
 * Vue Storefront 1.12's body (core/modules/url/store/actions.ts, getFallbackByUrl): every field
 * named, `includeFields: null` for the whole document, `groupToken` null for a guest. That client
 * reads the answer as vue-storefront-api sends it, `{ _type, _source }` (or null) without the
 * envelope; the shop's storefront never sends this combination.
 */
export const isVsfFallbackBody = (body: UrlMapRequest) => body.includeFields === null && body.options !== undefined && body.groupToken !== undefined;

/** The answer as vue-storefront-api's `/api/url/map` sends it: the bare JSON, still private when priced for a customer. */
function bareJson(answer: unknown): FileAnswer {
  const result = answer instanceof PrivateAnswer ? answer.result : answer;
  return new FileAnswer(Buffer.from(JSON.stringify(result ?? null)), {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': answer instanceof PrivateAnswer ? 'private, no-store' : 'no-store',
  });
}

/** `POST /api/url` (catalogue §7, the URL index) answers as `/api/url/map` does, with the same payload. */
export function urlMapRoutes(db: Db, pricing: ProductPricing, accounts: AccountService) {
  return ['/api/url/map', '/api/url'].map((path) =>
    defineRoute({
      method: 'POST',
      path,
      tag: 'catalog',
      summary:
        'Resolve a URL path to a visible product, an active category or an active CMS page (catalogue.md §2, §7); null when nothing matches. Vue Storefront 1.12’s body (includeFields null, options and groupToken sent) is answered without the envelope, as vue-storefront-api did',
      query: customerTokenQuery,
      body: urlMapRequest,
      limitWrites: false,
      response: z.union([urlMapResult, z.instanceof(FileAnswer)]),
      handler: async ({ body, query: { token }, req }) => {
        const read = (customerToken: string | undefined) => forCustomerGroup(accounts, req, customerToken, (group) => mapUrl(db, pricing, body, group));
        if (!isVsfFallbackBody(body)) return read(token ?? body.groupToken ?? undefined);
        // VSF 1.12 sends the groupToken of its last `me`, an access token that may have expired
        // since: it turns a 401 into "page not found", so the page is priced for guests instead.
        const answer = await read(token ?? body.groupToken ?? undefined).catch((error: unknown) => {
          if (error instanceof HttpError && error.status === 401) return read(undefined);
          throw error;
        });
        return bareJson(answer);
      },
    }),
  );
}
