import { VSF_ENTITY_TYPES, VSF_INDEX_NAMES, vsfSearchBody, vsfSearchParams, type VsfEntityType, type VsfSearchBody, type VsfSearchParams } from '@shop/contracts';
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { describeZodError, HttpError } from '../../http/errors.ts';
import { defineRoute, FileAnswer } from '../../http/route.ts';
import type { AccountService } from '../accounts/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { SearchService } from '../search/service.ts';
import { VsfCatalogSearch, type TotalFormat } from './service.ts';

const PATH = '/api/catalog/:index/:entityType/_search';

/** ES 7 answers `hits.total` as an object; vue-storefront-api's default (5.6) and ES 6 as a number. */
export function totalFormatOf(apiVersion: string | undefined): TotalFormat {
  return Number.parseInt(apiVersion ?? '5', 10) >= 7 ? 'object' : 'number';
}

/**
 * `/api/catalog/{index}/{entityType}/_search` as vue-storefront-api serves it to a Vue Storefront 1
 * PWA (issue 47, ADR 0037): GET with the body as `request=<json>` (VSF's default queryMethod) or
 * POST with the body. The answer is Elasticsearch's own JSON, not the shop's envelope; errors keep
 * the envelope, whose `code` ≥ 400 VSF's search adapter reads as a failed query.
 * VSF_ELASTICSEARCH_API_VERSION (default 5.6) selects the `hits.total` format.
 */
export function vsfCatalogRoutes(catalog: CatalogService, search: SearchService, accounts: AccountService, apiVersion = process.env.VSF_ELASTICSEARCH_API_VERSION) {
  const searcher = new VsfCatalogSearch(catalog, search);
  const configuredFormat = totalFormatOf(apiVersion);
  const answer = async (req: IncomingMessage, pathParams: Record<string, string>, params: VsfSearchParams, body: VsfSearchBody) => {
    const index = pathParams.index ?? '';
    const entityType = pathParams.entityType ?? '';
    if (!(VSF_INDEX_NAMES as readonly string[]).includes(index)) throw new HttpError(404, `No index ${index}: use ${VSF_INDEX_NAMES.join(' or ')}`);
    if (!(VSF_ENTITY_TYPES as readonly string[]).includes(entityType)) throw new HttpError(404, `No entity type ${entityType}: use ${VSF_ENTITY_TYPES.join(', ')}`);
    const token = params.token ?? body.groupToken ?? undefined;
    const customer = await accounts.optionalCustomer(req, token);
    // ES 7's `rest_total_hits_as_int=true` asks for the number whatever the version.
    const totalFormat = params.rest_total_hits_as_int === 'true' ? 'number' : configuredFormat;
    const result = await searcher.run(index, entityType as VsfEntityType, params, body, customer?.group_id, totalFormat);
    // A customer's prices are theirs alone: never kept by a shared cache (FileAnswer's default is no-store).
    return new FileAnswer(Buffer.from(JSON.stringify(result), 'utf8'), customer ? { 'cache-control': 'private, no-store' } : {});
  };
  const summary = 'Elasticsearch `_search` over the catalogue for a Vue Storefront 1 PWA: the query DSL subset of ADR 0037, answered in Elasticsearch\'s format';
  return [
    defineRoute({
      method: 'GET',
      path: PATH,
      tag: 'catalog',
      summary,
      query: vsfSearchParams,
      produces: 'application/json; charset=utf-8',
      response: z.instanceof(FileAnswer),
      handler: ({ query, params, req }) => {
        let body: unknown = {};
        if (query.request !== undefined) {
          try {
            body = JSON.parse(query.request);
          } catch {
            throw new HttpError(400, 'Invalid query: request must be the search body as JSON');
          }
        }
        const parsed = vsfSearchBody.safeParse(body);
        if (!parsed.success) throw new HttpError(400, describeZodError('request', parsed.error));
        return answer(req, params, query, parsed.data);
      },
    }),
    defineRoute({
      method: 'POST',
      path: PATH,
      tag: 'catalog',
      summary,
      query: vsfSearchParams.omit({ request: true }),
      body: vsfSearchBody,
      limitWrites: false,
      produces: 'application/json; charset=utf-8',
      response: z.instanceof(FileAnswer),
      handler: ({ query, body, params, req }) => answer(req, params, query, body),
    }),
  ];
}
