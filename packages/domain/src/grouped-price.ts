import type { ProductDoc, ProductLink } from './catalog/types.ts';
import { addPrice, docPrice, ZERO_PRICE, type PricedProduct } from './doc-price.ts';
import type { PricePair } from './money.ts';

type Grouped = Pick<ProductDoc, 'product_links'>;

/** Links to associated simple products, in merchandising position order. */
function associatedLinks(product: Grouped): ProductLink[] {
  return (product.product_links ?? [])
    .filter((link) => link.link_type === 'associated' && link.linked_product_type === 'simple')
    .sort((a, b) => (a.position ?? Number.POSITIVE_INFINITY) - (b.position ?? Number.POSITIVE_INFINITY));
}

/** Enabled associated products found among `associated`, in link position order. */
function linkedProducts<T extends PricedProduct>(product: Grouped, associated: readonly T[]): T[] {
  const bySku = new Map(associated.filter((doc) => doc.status < 2).map((doc) => [doc.sku, doc]));
  return associatedLinks(product).flatMap((link) => bySku.get(link.linked_product_sku) ?? []);
}

/**
 * Grouped product price: the sum of its associated simple products at quantity 1 (spec §4),
 * in cents. Links whose product is missing or disabled add nothing (VSF counted them as 1 €).
 */
export function groupedPrice(product: Grouped, associated: readonly PricedProduct[]): PricePair {
  return linkedProducts(product, associated).reduce((total, doc) => addPrice(total, docPrice(doc), 1), ZERO_PRICE);
}

/** The associated simple product with the lowest link position: the grouped product's offer. */
export function groupedOfferProduct<T extends PricedProduct>(product: Grouped, associated: readonly T[]): T | undefined {
  return linkedProducts(product, associated)[0];
}
