import { randomUUID } from 'node:crypto';
import { stockCheckQuery, stockCheckResult, stockListQuery, stockListResult, type StockCheckResult, type StockItem } from '@shop/contracts';
import { stockStatusOf } from '@shop/domain';
import { findStockItems, type Db } from '@shop/db';
import { HttpError } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';

/** A stock item as a stock check answers it: the status by the cart's own rule, and the check's id. */
function checked(item: StockItem): StockCheckResult {
  return { ...item, status: stockStatusOf(item), onlineCheckTaskId: randomUUID(), isManageStock: item.manage_stock, isInStock: item.is_in_stock };
}

export function stockRoutes(db: Db) {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/stock/check',
      tag: 'stock',
      summary: 'Stock item of an enabled product or configurable child by sku (catalogue.md §7)',
      query: stockCheckQuery,
      response: stockCheckResult,
      handler: async ({ query }) => {
        const item = (await findStockItems(db, [query.sku])).get(query.sku);
        if (!item) throw new HttpError(404, `No product with sku ${query.sku}`);
        return checked(item);
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
        return query.skus.flatMap((sku) => { const item = items.get(sku); return item ? [checked(item)] : []; });
      },
    }),
  ];
}
