import { stockCheckQuery, stockItem, stockListQuery, stockListResult } from '@shop/contracts';
import { findStockItems, type Db } from '@shop/db';
import { HttpError } from '../http/errors.ts';
import { defineRoute } from '../http/route.ts';

export function stockRoutes(db: Db) {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/stock/check',
      tag: 'stock',
      summary: 'Stock item of an enabled product or configurable child by sku (catalogue.md §7)',
      query: stockCheckQuery,
      response: stockItem,
      handler: async ({ query }) => {
        const item = (await findStockItems(db, [query.sku])).get(query.sku);
        if (!item) throw new HttpError(404, `No product with sku ${query.sku}`);
        return item;
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/stock/list',
      tag: 'stock',
      summary: 'Stock items of up to 100 skus (comma-separated), in the order asked; unknown skus are left out',
      query: stockListQuery,
      response: stockListResult,
      handler: async ({ query }) => {
        const items = await findStockItems(db, query.skus);
        return query.skus.flatMap((sku) => items.get(sku) ?? []);
      },
    }),
  ];
}
