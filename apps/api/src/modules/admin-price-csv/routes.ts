import { adminProductFilter, PRICE_CSV_MAX_BYTES, priceCsvPart, priceCsvPreview, priceCsvReport } from '@shop/contracts';
import { z } from 'zod';
import { FileAnswer, type AnyRoute } from '../../http/route.ts';
import type { AdminGuard } from '../admin/guard.ts';
import type { PriceCsv } from './service.ts';

/**
 * Prices and stock as CSV (issue #45 point 1): staff and owners, and a program (an ERP keeping
 * prices and stock in step) with a `catalog:write` key, as for the other product edits. The file
 * is the request body as it is (text/csv, UTF-8), up to PRICE_CSV_MAX_BYTES: only these two
 * routes take that much. Registered before `/api/admin/products/:sku`, which would read
 * `prices.csv` as a SKU.
 */
export function adminPriceCsvRoutes(csv: PriceCsv, guard: AdminGuard): AnyRoute[] {
  const access = { role: 'staff', scope: 'catalog:write' } as const;
  const upload = { rawBody: true, consumes: 'text/csv', maxBodyBytes: PRICE_CSV_MAX_BYTES, query: priceCsvPart } as const;
  return [
    guard.route(access, {
      method: 'GET',
      path: '/api/admin/products/prices.csv',
      summary: 'Prices and stock of the products the list’s filters select (all without filters), in SKU order: sku;name;price;special_price;special_from;special_to;qty;is_in_stock, `;`-separated UTF-8 with BOM, decimal commas, instants with Italy’s offset. Imported back as it is, it changes nothing',
      produces: 'text/csv',
      query: adminProductFilter,
      response: z.instanceof(FileAnswer),
      handler: ({ query }) => csv.download(query),
    }),
    guard.route(access, {
      method: 'POST',
      path: '/api/admin/products/prices/preview',
      summary: 'Checks a price and stock CSV (the body, text/csv) against the catalogue, writing nothing: each bad row with its line, column and reason, the good rows that change their product and how. A file with a wrong encoding, separator or header, or over 50,000 rows, is refused whole (400). `offset` and `limit` take a part of the rows (the back office sends 5,000 a request: the shop’s port gives a request 30 s)',
      ...upload,
      response: priceCsvPreview,
      handler: ({ raw, query }) => csv.preview(raw, query),
    }),
    guard.route(access, {
      method: 'POST',
      path: '/api/admin/products/prices/import',
      summary: 'Writes the good rows of a price and stock CSV (the body, text/csv) through the catalogue import, 500 rows a transaction, each all or nothing; skips the bad rows, naming line, column and reason. Storefront, search and edge follow; audited per product and once a request (catalog:prices-csv). `offset` and `limit` take a part of the rows (the back office sends 2,500 a request)',
      ...upload,
      response: priceCsvReport,
      handler: ({ raw, req, query }) => csv.import(raw, guard.actor(req), query),
    }),
  ];
}
