import { renderListQuery, renderListResult } from '@shop/contracts';
import type { Db } from '@shop/db';
import { defineRoute } from '../../http/route.ts';
import type { AccountService } from '../accounts/service.ts';
import { forCustomerGroup } from './customer-prices.ts';
import type { ProductPricing } from './product-pricing.ts';
import { StorefrontTag } from '../../cache/invalidation.ts';
import { renderList } from './render-list.ts';

export function renderListRoutes(db: Db, pricing: ProductPricing, accounts: AccountService) {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/product/render-list',
      tag: 'catalog',
      summary:
        "Current prices with tax of visible, enabled products by sku (catalogue.md §7 price render list); with a customer's token (query or Bearer), their group's prices, answered private",
      query: renderListQuery,
      response: renderListResult,
      // Guest prices at the edge: purged with each product's SKU tag, and by tax rules (`product`).
      handler: ({ query, req }) =>
        forCustomerGroup(accounts, req, query.token, (group) => renderList(db, pricing, query, group), [
          StorefrontTag.product,
          ...query.skus.map(StorefrontTag.productBySku),
        ]),
    }),
  ];
}
