import { z } from 'zod';
import { text } from './strings.ts';

const sku = text().min(1).max(64);

export const stockCheckQuery = z.object({ sku }).strict();

/** "stock list requests are split in batches of 15 skus" (catalogue.md §4); the server allows more. */
export const STOCK_LIST_MAX_SKUS = 100;

export const stockListQuery = z
  .object({
    skus: text()
      .min(1)
      .transform((v) => [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))])
      .pipe(z.array(sku).min(1).max(STOCK_LIST_MAX_SKUS)),
  })
  .strict();

/** A stock item as the shop's data carries it (VSF / Magento shape). */
export const stockItem = z
  .object({
    sku: z.string(),
    product_id: z.number().int(),
    qty: z.number(),
    is_in_stock: z.boolean(),
    manage_stock: z.boolean(),
    min_sale_qty: z.number(),
    max_sale_qty: z.number(),
    backorders: z.number().int(),
  })
  .meta({ id: 'StockItem' });

export type StockItem = z.infer<typeof stockItem>;

/**
 * A stock check answer (catalogue §3 "Stock check result": qty, status, onlineCheckTaskId,
 * isManageStock, isInStock) beside the stock item's own fields, which VSF clients also read.
 */
export const stockCheckResult = stockItem
  .extend({
    status: z.enum(['ok', 'volatile', 'out_of_stock']),
    /** Names this check (VSF queues stock checks as tasks and matches answers by it). */
    onlineCheckTaskId: z.string(),
    isManageStock: z.boolean(),
    isInStock: z.boolean(),
  })
  .meta({ id: 'StockCheckResult' });
export type StockCheckResult = z.infer<typeof stockCheckResult>;

export const stockListResult = z.array(stockCheckResult);
