import type { ProductDoc } from './catalog/types.ts';
import { productSlug } from './slugify.ts';
import { findConfigurableVariant } from './variant.ts';

/** Where a product page lives. */
export interface ProductUrlParts {
  parentSku: string;
  slug: string;
  /** The selected configurable child, if any. */
  childSku?: string | null;
  /** Store code prefix, only when store codes are appended to URLs. */
  storeCode?: string | null;
}

function storePrefix(storeCode: string | null | undefined): string {
  return storeCode ? `/${encodeURIComponent(storeCode)}` : '';
}

/** Product page path: '[/{storeCode}]/p/{parentSku}/{slug}[/{childSku}]', parts URI-encoded. */
export function productUrl({ parentSku, slug, childSku, storeCode }: ProductUrlParts): string {
  const child = childSku ? `/${encodeURIComponent(childSku)}` : '';
  return `${storePrefix(storeCode)}/p/${encodeURIComponent(parentSku)}/${encodeURIComponent(slug)}${child}`;
}

/** What a link to a product page needs of the product (list and search documents carry it). */
export type LinkedProduct = Pick<ProductDoc, 'sku' | 'type_id' | 'slug' | 'url_key' | 'name' | 'id' | 'configurable_children'>;

/**
 * The page a list, search result or structured data links to (catalogue §2): a configurable
 * product opens on its default child, `/p/{parentSku}/{slug}/{childSku}` — the child the page
 * would choose itself (the cheapest available one); other types on `/p/{parentSku}/{slug}`.
 * The page's canonical link is the parent form whatever child is shown (docs/adr/0012).
 */
export function productPageUrl(product: LinkedProduct, storeCode?: string | null): string {
  const childSku = product.type_id === 'configurable' ? findConfigurableVariant(product, null)?.sku : undefined;
  return productUrl({ parentSku: product.sku, slug: productSlug(product), childSku, storeCode });
}

/** The fields of configurable children that productPageUrl reads: ask the catalogue for these with list fields. */
export const DEFAULT_CHILD_FIELDS = [
  'configurable_children.sku',
  'configurable_children.status',
  'configurable_children.stock.is_in_stock',
  'configurable_children.price_incl_tax',
  'configurable_children.original_price_incl_tax',
] as const;

/** Category page path: '[/{storeCode}]/c/{slug}'. */
export function categoryUrl(slug: string, storeCode?: string | null): string {
  return `${storePrefix(storeCode)}/c/${encodeURIComponent(slug)}`;
}

/** CMS page path: '[/{storeCode}]/i/{identifier}'. */
export function cmsPageUrl(identifier: string, storeCode?: string | null): string {
  return `${storePrefix(storeCode)}/i/${encodeURIComponent(identifier)}`;
}
