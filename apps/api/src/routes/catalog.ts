import { catalogQuery, catalogQueryResult } from '@shop/contracts';
import { CatalogQueryError } from '@shop/db';
import { HttpError } from '../http/errors.ts';
import { defineRoute } from '../http/route.ts';
import type { CatalogService } from '../services/catalog-service.ts';

export function catalogRoutes(catalog: CatalogService) {
  return [
    defineRoute({
      method: 'POST',
      path: '/api/catalog',
      tag: 'catalog',
      summary:
        'Query products, categories, attributes or tax rules with filters, sort, paging and field projection (catalogue.md §7)',
      body: catalogQuery,
      response: catalogQueryResult,
      handler: async ({ body }) => {
        try {
          return await catalog.query(body);
        } catch (error) {
          if (error instanceof CatalogQueryError) throw new HttpError(400, `Invalid request body: ${error.message}`);
          throw error;
        }
      },
    }),
  ];
}
