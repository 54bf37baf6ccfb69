import type { RenderListItem, RenderListQuery, RenderListResult } from '@shop/contracts';
import { findListedProducts, type Db } from '@shop/db';
import type { ProductDoc } from '@shop/domain';
import type { ProductPricing } from './product-pricing.ts';

const euros = (value: unknown) => Number(value) || 0;

/**
 * A taxed document's prices in Magento's render-list shape, which VSF's price sync reads:
 * final = what the shopper pays now, regular = the price before any special, special = the active
 * special price or 0; price_info with tax, tax_adjustments without.
 */
function toRenderListItem(doc: ProductDoc): RenderListItem {
  return {
    id: Number(doc.id),
    sku: String(doc.sku),
    price_info: {
      final_price: euros(doc.price_incl_tax),
      regular_price: euros(doc.original_price_incl_tax),
      special_price: euros(doc.special_price_incl_tax),
      extension_attributes: {
        tax_adjustments: {
          final_price: euros(doc.price),
          regular_price: euros(doc.original_price),
          special_price: euros(doc.special_price),
        },
      },
    },
  };
}

/** GET /api/product/render-list: current prices of the visible, enabled products among the skus. */
export async function renderList(db: Db, pricing: ProductPricing, query: RenderListQuery, customerGroupId?: number): Promise<RenderListResult> {
  const docs = await pricing.tax(await findListedProducts(db, query.skus), { userGroupId: query.userGroupId, ...(customerGroupId === undefined ? {} : { customerGroupId }) });
  return { items: docs.map(toRenderListItem) };
}
