import { searchQuery, searchResult } from '@shop/contracts';
import { CatalogQueryError } from '@shop/db';
import { HttpError } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import type { AccountService } from '../accounts/service.ts';
import type { SearchService } from './service.ts';
import { customerTokenQuery, forCustomerGroup } from '../catalog/customer-prices.ts';

export function searchRoutes(search: SearchService, accounts: AccountService) {
  return [
    defineRoute({
      method: 'POST',
      path: '/api/search',
      tag: 'catalog',
      summary:
        'Search products: Italian full text with typo tolerance and prefixes, the catalogue filters and sorts, facets over the whole match (catalogue.md §3, §5, §9)',
      query: customerTokenQuery,
      body: searchQuery,
      limitWrites: false,
      response: searchResult,
      handler: ({ body, query: { token }, req }) =>
        forCustomerGroup(accounts, req, token, async (group) => {
          try {
            return await search.search(body, group);
          } catch (error) {
            if (error instanceof CatalogQueryError) throw new HttpError(400, `Invalid request body: ${error.message}`);
            throw error;
          }
        }),
    }),
  ];
}
