import {
  adminProduct,
  adminProductBulkBody,
  adminProductBulkResult,
  adminProductChoices,
  adminProductCreateBody,
  adminProductListQuery,
  adminProductPage,
  adminProductPatch,
  adminProductWriteResult,
} from '@shop/contracts';
import type { AnyRoute } from '../../http/route.ts';
import type { AdminGuard } from '../admin/guard.ts';
import type { AdminProducts } from './service.ts';

/** Two descriptions of 64 KiB each fit; a bulk selection of 50,000 SKUs too. */
const EDIT_BODY_BYTES = 512 * 1024;
const BULK_BODY_BYTES = 4 * 1024 * 1024;

/**
 * The back office's products (issue #45 points 1 and 7, ADR 0032): staff read and write them; a
 * program (an ERP keeping prices and stock in step) reads and writes them with a `catalog:write`
 * key. Every write is audited and goes through the catalogue import.
 */
export function adminProductRoutes(products: AdminProducts, guard: AdminGuard): AnyRoute[] {
  const access = { role: 'staff', scope: 'catalog:write' } as const;
  return [
    guard.route(access, {
      method: 'GET',
      path: '/api/admin/products',
      summary: 'Products by SKU prefix or name words (any case, accents ignored), category (with subcategories), type, status, visibility, stock, brand, special price; sorted, in keyset pages (`more`, `nextCursor`; `count=yes` adds the total up to 1,000, `totalOver` beyond)',
      query: adminProductListQuery,
      response: adminProductPage,
      handler: ({ query }) => products.list(query),
    }),
    guard.route(access, {
      method: 'GET',
      path: '/api/admin/product-choices',
      summary: 'What the product forms offer: types, tax classes, customer groups, brands, technical attributes with their options, the low-stock threshold',
      response: adminProductChoices,
      handler: () => products.choices(),
    }),
    guard.route(access, {
      method: 'GET',
      path: '/api/admin/products/:sku',
      summary: 'One product (a configurable’s child too) with every field the back office edits, its configurable children, bundle options and grouped members with their prices and stock',
      response: adminProduct,
      handler: ({ params }) => products.get(params['sku']!),
    }),
    guard.route(access, {
      method: 'PATCH',
      path: '/api/admin/products/:sku',
      summary: 'Changes the fields given through the catalogue import (storefront, search and edge follow); a child’s copy in its configurable parent too; an old URL answers 301 after a URL key change. Audited',
      body: adminProductPatch,
      maxBodyBytes: EDIT_BODY_BYTES,
      response: adminProductWriteResult,
      handler: ({ params, body, req }) => products.patch(params['sku']!, body, guard.actor(req)),
    }),
    guard.route(access, {
      method: 'POST',
      path: '/api/admin/products',
      summary: 'Creates a simple product, in the shop and its search at once; the URL key comes from the name when not given; an SKU or URL key already used is 409. Audited',
      body: adminProductCreateBody,
      maxBodyBytes: EDIT_BODY_BYTES,
      response: adminProductWriteResult,
      status: 201,
      handler: ({ body, req }) => products.create(body, guard.actor(req)),
    }),
    guard.route(access, {
      method: 'POST',
      path: '/api/admin/products/bulk',
      summary: 'One action (price by percent or amount, status, stock, add a category) on SKUs or on a filter of the list: all checked first, then written in batches of 500, each all or nothing. Audited per product',
      body: adminProductBulkBody,
      maxBodyBytes: BULK_BODY_BYTES,
      response: adminProductBulkResult,
      handler: ({ body, req }) => products.bulk(body, guard.actor(req)),
    }),
  ];
}
