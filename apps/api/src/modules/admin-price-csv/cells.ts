import type { PriceCsvColumn } from '@shop/contracts';
import { csvAmount } from '../admin/csv.ts';
import type { ProductFields } from '../admin-products/fields.ts';
import { romeInstant } from './rome-time.ts';

/**
 * How the price CSV writes each column's value (the export, and a preview's "from → to"): amounts
 * with a decimal comma, quantities as numbers, availability 1 or 0, instants with Italy's offset,
 * nothing for a value not set. What the import reads back (parse.ts) is the same value.
 */
export type PriceValueColumn = Exclude<PriceCsvColumn, 'sku' | 'name'>;

export const quantityCell = (qty: number) => String(qty).replace('.', ',');
export const instantCell = (iso: string | null) => (iso === null ? '' : romeInstant(new Date(iso)));

/** The cell of one column for a product's current fields. */
export function cellOf(column: PriceValueColumn, fields: ProductFields): string {
  switch (column) {
    case 'price':
      return csvAmount(fields.priceCents);
    case 'special_price':
      return fields.specialPriceCents === null ? '' : csvAmount(fields.specialPriceCents);
    case 'special_from':
      return instantCell(fields.specialFrom);
    case 'special_to':
      return instantCell(fields.specialTo);
    case 'qty':
      return quantityCell(fields.qty);
    case 'is_in_stock':
      return fields.isInStock ? '1' : '0';
  }
}
