import { renderListQuery, renderListResult } from '@shop/contracts';
import type { Db } from '@shop/db';
import { defineRoute } from '../http/route.ts';
import type { ProductPricing } from '../services/product-pricing.ts';
import { renderList } from '../services/render-list.ts';

export function renderListRoutes(db: Db, pricing: ProductPricing) {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/product/render-list',
      tag: 'catalog',
      summary: 'Current prices with tax of visible, enabled products by sku (catalogue.md §7 price render list)',
      query: renderListQuery,
      response: renderListResult,
      handler: ({ query }) => renderList(db, pricing, query),
    }),
  ];
}
