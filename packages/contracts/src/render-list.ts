import { z } from 'zod';
import { text } from './strings.ts';

/** The shop's one store view (catalogue.md §1: multistore off, only "it" is mapped). */
export const STORE_ID = 1;

/**
 * GET {products}/render-list (catalogue.md §7): current prices of a list, to refresh prices that a
 * cached page shows. Prices in price_info include tax; tax_adjustments holds the net amounts.
 * VSF's `token` (a customer token) is not accepted until the API has customers to resolve it to.
 */
export const renderListQuery = z
  .object({
    skus: text()
      .min(1)
      .transform((v) => [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))])
      .pipe(z.array(text().min(1).max(64)).min(1).max(200)),
    currencyCode: z.literal('EUR').default('EUR'),
    storeId: z.coerce
      .number()
      .int()
      .refine((id) => id === STORE_ID, { message: `must be ${STORE_ID}, the only store view` })
      .default(STORE_ID),
    /** The customer's tax class, as `userGroupId` in catalogue queries. */
    userGroupId: z.coerce.number().int().min(0).max(1_000_000).optional(),
    /** A signed-in customer's access token (or `Authorization: Bearer`): their group's prices. */
    token: text().max(2048).optional(),
  })
  .strict();

export type RenderListQuery = z.infer<typeof renderListQuery>;

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
export type RenderListItem = RenderListResult['items'][number];
