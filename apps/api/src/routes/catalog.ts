import { catalogQuery, catalogQueryResult, productQuery, type CatalogQuery } from '@shop/contracts';
import { CatalogQueryError } from '@shop/db';
import { HttpError } from '../http/errors.ts';
import { defineRoute } from '../http/route.ts';
import type { CatalogService } from '../services/catalog-service.ts';

export function catalogRoutes(catalog: CatalogService) {
  const query = async (body: CatalogQuery) => {
    try {
      return await catalog.query(body);
    } catch (error) {
      if (error instanceof CatalogQueryError) throw new HttpError(400, `Invalid request body: ${error.message}`);
      throw error;
    }
  };
  return [
    defineRoute({
      method: 'POST',
      path: '/api/catalog',
      tag: 'catalog',
      summary:
        'Query products, categories, attributes or tax rules with filters, sort, paging and field projection (catalogue.md §7)',
      body: catalogQuery,
      response: catalogQueryResult,
      handler: ({ body }) => query(body),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/product',
      tag: 'catalog',
      summary: 'The product index of catalogue.md §7: a catalogue query whose entityType is product (the default here)',
      body: productQuery,
      response: catalogQueryResult,
      handler: ({ body }) => query(body),
    }),
  ];
}
