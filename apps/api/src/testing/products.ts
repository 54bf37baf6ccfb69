import type { ProductDoc } from '@shop/domain';

/** A managed stock item with the shop's usual sale limits. */
export const testStock = (qty: number, is_in_stock = qty > 0) => ({ qty, is_in_stock, manage_stock: true, backorders: 0, min_sale_qty: 1, max_sale_qty: 10_000 });

/**
 * Test products of one file: visible, enabled simple products taxed at 22 %, in stock, with ids
 * counted up from `firstId` (each file its own range, so files never collide in the shared template).
 */
export function productFactory(firstId: number) {
  let nextId = firstId;
  return (sku: string, price: number, extra: Partial<ProductDoc> = {}): ProductDoc => ({
    status: 1,
    visibility: 4,
    type_id: 'simple',
    tax_class_id: '2',
    category_ids: [979],
    id: ++nextId,
    sku,
    name: `Prodotto ${sku}`,
    price,
    stock: testStock(100),
    ...extra,
  });
}
