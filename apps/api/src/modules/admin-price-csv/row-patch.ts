import type { PriceCsvChange, ProductPatch } from '@shop/contracts';
import type { ProductFields } from '../admin-products/fields.ts';
import { cellOf, type PriceValueColumn } from './cells.ts';
import type { PriceValues } from './parse.ts';

/**
 * A row of the price CSV as an edit of its product: only what differs from the product now, so
 * that a row equal to its product (an export imported back) changes nothing at all, and a price
 * change does not also take over the stock of a product whose stock is not managed (setting a
 * quantity does). Availability is set when the row changes it; otherwise a new quantity decides it.
 */
export function rowPatch(values: PriceValues, current: ProductFields): { patch: ProductPatch; changes: PriceCsvChange['fields'] } {
  const patch: Pick<ProductPatch, 'priceCents' | 'specialPriceCents' | 'specialFrom' | 'specialTo' | 'qty' | 'isInStock'> = {};
  if (values.priceCents !== undefined && values.priceCents !== current.priceCents) patch.priceCents = values.priceCents;
  if (values.specialPriceCents !== undefined && values.specialPriceCents !== current.specialPriceCents) patch.specialPriceCents = values.specialPriceCents;
  if (values.specialFrom !== undefined && values.specialFrom !== current.specialFrom) patch.specialFrom = values.specialFrom;
  if (values.specialTo !== undefined && values.specialTo !== current.specialTo) patch.specialTo = values.specialTo;
  if (values.qty !== undefined && values.qty !== current.qty) patch.qty = values.qty;
  if (values.isInStock !== undefined && values.isInStock !== null && values.isInStock !== current.isInStock) patch.isInStock = values.isInStock;
  const after: ProductFields = { ...current, ...patch };
  const columns: [keyof ProductPatch, PriceValueColumn][] = [
    ['priceCents', 'price'],
    ['specialPriceCents', 'special_price'],
    ['specialFrom', 'special_from'],
    ['specialTo', 'special_to'],
    ['qty', 'qty'],
    ['isInStock', 'is_in_stock'],
  ];
  const changes = columns.filter(([field]) => field in patch).map(([, column]) => ({ column, from: cellOf(column, current), to: cellOf(column, after) }));
  return { patch, changes };
}
