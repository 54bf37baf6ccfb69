import { catalogQuery, catalogQueryResult, productQuery, type CatalogQuery } from '@shop/contracts';
import { CatalogQueryError } from '@shop/db';
import { HttpError } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import type { AccountService } from '../accounts/service.ts';
import type { CatalogService } from './service.ts';
import { customerTokenQuery, forCustomerGroup } from './customer-prices.ts';

export function catalogRoutes(catalog: CatalogService, accounts: AccountService) {
  const read = async (body: CatalogQuery, customerGroupId: number | undefined) => {
    try {
      return await catalog.query(body, customerGroupId);
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
      query: customerTokenQuery,
      body: catalogQuery,
      limitWrites: false,
      response: catalogQueryResult,
      handler: ({ body, query: { token }, req }) => forCustomerGroup(accounts, req, token, (group) => read(body, group)),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/product',
      tag: 'catalog',
      summary: 'The product index of catalogue.md §7: a catalogue query whose entityType is product (the default here)',
      query: customerTokenQuery,
      body: productQuery,
      limitWrites: false,
      response: catalogQueryResult,
      handler: ({ body, query: { token }, req }) => forCustomerGroup(accounts, req, token, (group) => read(body, group)),
    }),
  ];
}
