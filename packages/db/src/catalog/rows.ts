import type { Selectable } from 'kysely';
import { isBuyableChild, isSpecialPriceActive, parseVsfDate, productSlug, slugify, sourcePrices, toCents, type AttributeDoc, type CategoryDoc, type ConfigurableChild, type ProductDoc } from '@shop/domain';
import type { CategoryTable, ProductTable } from '../schema.ts';

/** Product columns derived from its document (the document itself is stored whole; search data apart). */
export type ProductColumns = Omit<Selectable<ProductTable>, 'search_vec'>;

function toInt(value: unknown, fallback = 0): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
}

/** Option ids as strings: VSF stores "12", 12, "12,14" or [12, 14]. */
function optionValues(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.flatMap(optionValues);
  return String(value)
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

function childAttribute(child: ConfigurableChild, code: string): unknown {
  if (child[code] !== undefined) return child[code];
  return child.custom_attributes?.find((a) => a.attribute_code === code)?.value;
}

function categoryIdsOf(doc: ProductDoc): number[] {
  const ids = doc.category_ids?.length ? doc.category_ids : (doc.category ?? []).map((c) => c.category_id);
  return [...new Set(ids.map((id) => toInt(id, -1)).filter((id) => id >= 0))];
}

interface PriceColumns {
  price_cents: number;
  regular_price_cents: number;
  special_price_cents: number | null;
  special_from: Date | null;
  special_to: Date | null;
}

/** From the document's source prices: a re-imported document the API taxed is read from its originals (sourcePrices). */
function ownPrices(doc: ProductDoc | ConfigurableChild): PriceColumns {
  const source = sourcePrices(doc);
  return {
    price_cents: toCents(source.final || source.price),
    regular_price_cents: toCents(source.price),
    special_price_cents: source.special ? toCents(source.special) : null,
    special_from: parseVsfDate(doc.special_from_date),
    special_to: parseVsfDate(doc.special_to_date),
  };
}

function effectiveCents(p: PriceColumns, now: Date): number {
  const special = p.special_price_cents;
  return special !== null && special < p.price_cents && isSpecialPriceActive(p.special_from, p.special_to, now)
    ? special
    : p.price_cents;
}

/**
 * The prices that price sorting, filters and facets use (see effective-price.ts). A configurable
 * product shows its cheapest buyable child (catalogue.md §4), so it takes that child's prices
 * and special-price window: the one cheapest now, when the document is written.
 */
function priceColumns(doc: ProductDoc, now: Date): PriceColumns {
  const own = ownPrices(doc);
  if (doc.type_id !== 'configurable') return own;
  const enabled = (doc.configurable_children ?? []).filter((c) => toInt(c.status, 1) < 2);
  const priced = (children: readonly ConfigurableChild[]) => children.map(ownPrices).filter((p) => p.price_cents > 0);
  // Buyable children only (in stock too), as the parent's shown price (calculateProductTax); none: any enabled.
  const buyable = priced(enabled.filter((c) => isBuyableChild({ status: toInt(c.status, 1), stock: c.stock })));
  const children = buyable.length > 0 ? buyable : priced(enabled);
  if (children.length === 0) return own;
  return children.reduce((best, p) => (effectiveCents(p, now) < effectiveCents(best, now) ? p : best));
}

/**
 * Derives the queryable columns of a product. `selectAttributes` are the codes whose option
 * values become filterable; a configurable product also carries its children's values.
 */
export function productColumns(doc: ProductDoc, selectAttributes: ReadonlySet<string>, now: Date): ProductColumns {
  const slug = productSlug(doc);
  const urlKey = doc.url_key || slug;
  const attrs: Record<string, string[]> = {};
  for (const code of selectAttributes) {
    const values = new Set(optionValues(doc[code]));
    for (const child of doc.configurable_children ?? []) {
      if (toInt(child.status, 1) < 2) for (const v of optionValues(childAttribute(child, code))) values.add(v);
    }
    if (values.size) attrs[code] = [...values];
  }
  return {
    id: toInt(doc.id),
    sku: String(doc.sku),
    type_id: String(doc.type_id),
    status: toInt(doc.status, 1),
    visibility: toInt(doc.visibility, 4),
    name: String(doc.name ?? ''),
    slug,
    url_key: urlKey,
    url_path: doc.url_path || urlKey,
    parent_sku: typeof doc.parent_sku === 'string' && doc.parent_sku ? doc.parent_sku : null,
    category_ids: categoryIdsOf(doc),
    child_skus: (doc.configurable_children ?? []).map((c) => String(c.sku)),
    ...priceColumns(doc, now),
    tax_class_id: toInt(doc.tax_class_id),
    attrs,
    position: toInt(doc.position),
    created_at: parseVsfDate(doc.created_at) ?? now,
    updated_at: parseVsfDate(doc.updated_at) ?? parseVsfDate(doc.created_at) ?? now,
  };
}

/** A category's columns but its document, as the import writes them. */
export type CategoryColumns = Omit<CategoryTable, 'doc'>;

export function categoryColumns(doc: CategoryDoc): CategoryColumns {
  const slug = doc.slug || doc.url_key || `${slugify(doc.name)}-${doc.id}`;
  const urlKey = doc.url_key || slug;
  return {
    id: toInt(doc.id),
    parent_id: doc.parent_id === undefined || doc.parent_id === null ? null : toInt(doc.parent_id),
    path: String(doc.path ?? doc.id),
    level: toInt(doc.level),
    position: toInt(doc.position),
    name: String(doc.name ?? ''),
    slug,
    url_key: urlKey,
    url_path: doc.url_path || urlKey,
    is_active: doc.is_active !== false,
    // VSF treats a missing flag as "shown in the menu".
    include_in_menu: doc.include_in_menu === undefined ? true : Boolean(Number(doc.include_in_menu)),
    product_count: toInt(doc.product_count),
  };
}

/** VSF writes flags as booleans, "1"/"0" or 1/0. */
export function flag(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

export function attributeColumns(doc: AttributeDoc) {
  return {
    attribute_id: toInt(doc.attribute_id ?? doc.id),
    attribute_code: String(doc.attribute_code),
    frontend_input: String(doc.frontend_input ?? 'text'),
    is_filterable: flag(doc.is_filterable),
    is_comparable: flag(doc.is_comparable),
    is_visible: doc.is_visible === undefined ? true : flag(doc.is_visible),
    is_user_defined: flag(doc.is_user_defined),
    position: toInt(doc.position),
  };
}
