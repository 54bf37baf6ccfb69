import { z } from 'zod';

/**
 * GET {products}/render-list (catalogue.md §7): current prices of a list, to refresh prices that a
 * cached page shows. Prices in price_info include tax; tax_adjustments holds the net amounts.
 */
export const renderListQuery = z
  .object({
    skus: z
      .string()
      .min(1)
      .transform((v) => [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))])
      .pipe(z.array(z.string().min(1).max(64)).min(1).max(200)),
    currencyCode: z.literal('EUR').default('EUR'),
    storeId: z.coerce.number().int().min(0).max(1000).default(1),
    userGroupId: z.coerce.number().int().min(0).max(1_000_000).optional(),
    token: z.string().max(2000).optional(),
  })
  .strict();

const prices = z.object({ final_price: z.number(), regular_price: z.number(), special_price: z.number() });

export const renderListResult = z
  .object({
    items: z.array(
      z.object({
        id: z.number().int(),
        sku: z.string(),
        price_info: prices.extend({
          extension_attributes: z.object({ tax_adjustments: prices }),
        }),
      }),
    ),
  })
  .meta({ id: 'RenderListResult' });

export type RenderListResult = z.infer<typeof renderListResult>;
