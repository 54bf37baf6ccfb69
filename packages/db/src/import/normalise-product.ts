import { productSlug, type ProductDoc, type StockItem } from '@shop/domain';

type CustomAttribute = { attribute_code?: unknown; value?: unknown };

/**
 * Copies `custom_attributes` (Magento's raw form, all some older dumps carry for configurable
 * children) onto the document as plain fields, as newer dumps write them. Fields already present
 * win; the list itself stays, so nothing of the source is lost. Returns whether anything moved.
 */
export function liftCustomAttributes(target: Record<string, unknown>): boolean {
  const list = target.custom_attributes;
  if (!Array.isArray(list)) return false;
  let lifted = false;
  for (const entry of list as CustomAttribute[]) {
    const code = entry?.attribute_code;
    if (typeof code !== 'string' || code === '' || target[code] !== undefined) continue;
    target[code] = entry.value;
    lifted = true;
  }
  return lifted;
}

/**
 * Stock of a product whose dump has none: not managed, hence sellable — how Magento treats a
 * product without stock management. Marking it out of stock would hide a whole older catalogue;
 * the stock API is the authority on availability anyway.
 */
export function unmanagedStock(productId: number): StockItem {
  return { product_id: productId, qty: 0, is_in_stock: true, manage_stock: false };
}

/**
 * Brings a product document of an older dump to the current format: plain attribute fields on
 * the product and its configurable children, `slug`, `url_key` and `url_path` (by the rules of
 * @shop/domain and catalog/rows.ts), a stock item, and `category_ids` from `category`.
 * Pure and idempotent; returns the names of the fields it derived.
 */
export function normaliseProduct(source: ProductDoc): { doc: ProductDoc; derived: string[] } {
  const doc: ProductDoc = { ...source };
  const derived: string[] = [];
  if (liftCustomAttributes(doc)) derived.push('custom_attributes');
  if (Array.isArray(doc.configurable_children)) {
    let lifted = false;
    doc.configurable_children = doc.configurable_children.map((child) => {
      const copy = { ...child };
      lifted = liftCustomAttributes(copy) || lifted;
      return copy;
    });
    if (lifted) derived.push('child attributes');
  }
  if (!doc.slug) {
    doc.slug = productSlug(doc);
    derived.push('slug');
  }
  if (!doc.url_key) {
    doc.url_key = doc.slug;
    derived.push('url_key');
  }
  if (!doc.url_path) {
    doc.url_path = doc.url_key;
    derived.push('url_path');
  }
  if (typeof doc.stock !== 'object' || doc.stock === null) {
    doc.stock = unmanagedStock(doc.id);
    derived.push('stock');
  }
  if (!doc.category_ids?.length && Array.isArray(doc.category) && doc.category.length) {
    doc.category_ids = doc.category.map((c) => c.category_id);
    derived.push('category_ids');
  }
  return { doc, derived };
}
