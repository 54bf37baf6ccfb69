import { searchQuery, searchResult } from '@shop/contracts';
import { CatalogQueryError } from '@shop/db';
import { HttpError } from '../http/errors.ts';
import { defineRoute } from '../http/route.ts';
import type { SearchService } from '../services/search-service.ts';

export function searchRoutes(search: SearchService) {
  return [
    defineRoute({
      method: 'POST',
      path: '/api/search',
      tag: 'catalog',
      summary:
        'Search products: Italian full text with typo tolerance and prefixes, the catalogue filters and sorts, facets over the whole match (catalogue.md §3, §5, §9)',
      body: searchQuery,
      response: searchResult,
      handler: async ({ body }) => {
        try {
          return await search.search(body);
        } catch (error) {
          if (error instanceof CatalogQueryError) throw new HttpError(400, `Invalid request body: ${error.message}`);
          throw error;
        }
      },
    }),
  ];
}
