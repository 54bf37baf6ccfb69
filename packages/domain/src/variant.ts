import type { ConfigurableChild, ProductDoc } from './catalog/types.ts';

/** One chosen value: an option id, or an option object as the product page keeps it. */
export type ConfigurationValue = string | number | { id: string | number; label?: string };

/** Chosen values by attribute code (`color`, `size`, … and optionally `sku`); `price` is a list filter and never matches. */
export type ProductConfiguration = Record<string, ConfigurationValue | readonly ConfigurationValue[] | null | undefined>;

export interface FindVariantOptions {
  /** Out-of-stock children stay selectable (default false: they cannot be bought). */
  listOutOfStockProducts?: boolean;
  /** Take the first available child, ignoring the configuration. */
  selectDefaultChildren?: boolean;
}

export interface SelectVariantOptions extends FindVariantOptions {
  /**
   * When the configuration does not fully match any available child, return the best partial
   * match (default true, as VSF lists do); false returns undefined so the page can warn
   * "No such configuration for the product".
   */
  fallbackToDefaultWhenNoAvailable?: boolean;
}

type Configurable = Pick<ProductDoc, 'configurable_children'>;

/** A child's attribute, read from the child or from its `custom_attributes`. */
function childAttribute(child: ConfigurableChild, code: string): unknown {
  return child[code] ?? child.custom_attributes?.find((attribute) => attribute.attribute_code === code)?.value;
}

function valueId(value: ConfigurationValue): string {
  return typeof value === 'object' ? String(value.id) : String(value);
}

/** Configuration entries that select something: not `price`, not null. */
function chosenEntries(configuration: ProductConfiguration | null | undefined) {
  return Object.entries(configuration ?? {}).flatMap(([code, value]) =>
    code === 'price' || value == null ? [] : [{ code, ids: ([] as ConfigurationValue[]).concat(value).map(valueId) }],
  );
}

function matchLevel(entries: ReturnType<typeof chosenEntries>, child: ConfigurableChild): number {
  return entries.filter(({ code, ids }) => {
    const actual = childAttribute(child, code);
    return actual != null && ids.includes(String(actual));
  }).length;
}

/** Price used to break ties; a child without one never wins a tie. */
function tiePrice(child: ConfigurableChild): number {
  return child.price_incl_tax || child.original_price_incl_tax || Number.POSITIVE_INFINITY;
}

function isAvailable(child: ConfigurableChild, listOutOfStockProducts: boolean): boolean {
  if (child.status >= 2) return false; // disabled
  return listOutOfStockProducts || !child.stock || child.stock.is_in_stock;
}

/**
 * Whether a configurable child can be bought: enabled and in stock (a child without stock data
 * is not stock-managed). A parent's list price, price sorting and meta come from these only, so
 * that no tile advertises a price only a disabled or sold-out variant has (issue 42 point 9).
 */
export function isBuyableChild(child: Pick<ConfigurableChild, 'status' | 'stock'>): boolean {
  return isAvailable(child as ConfigurableChild, false);
}

/**
 * The child that best matches the configuration among enabled (and, unless listed, in-stock)
 * children: exact sku first, then most matching attributes, ties to the lower price_incl_tax,
 * then to the earlier child. Undefined only when no child is available.
 */
export function findConfigurableVariant(
  product: Configurable,
  configuration: ProductConfiguration | null | undefined,
  opts: FindVariantOptions = {},
): ConfigurableChild | undefined {
  const available = (product.configurable_children ?? []).filter((child) =>
    isAvailable(child, opts.listOutOfStockProducts ?? false),
  );
  if (opts.selectDefaultChildren) return available[0];
  // The spec prefers an exact sku match outright; VSF let a later cheaper child with an equal match level replace it.
  const sku = configuration?.['sku'];
  const bySku = typeof sku === 'string' && available.find((child) => child.sku === sku);
  if (bySku) return bySku;

  const entries = chosenEntries(configuration);
  let best: { child: ConfigurableChild; level: number } | undefined;
  for (const child of available) {
    const level = matchLevel(entries, child);
    // Spec: ties go to the lower price_incl_tax. VSF skipped a previous child lacking original_price_incl_tax.
    if (!best || level > best.level || (level === best.level && tiePrice(child) < tiePrice(best.child))) {
      best = { child, level };
    }
  }
  return best?.child;
}

/** The variant to show for a configuration: the best match, or (without fallback) only a full match. */
export function getSelectedVariant(
  product: Configurable,
  configuration: ProductConfiguration | null | undefined,
  opts: SelectVariantOptions = {},
): ConfigurableChild | undefined {
  const variant = findConfigurableVariant(product, configuration, opts);
  if (!variant || (opts.fallbackToDefaultWhenNoAvailable ?? true)) return variant;
  const entries = chosenEntries(configuration);
  return matchLevel(entries, variant) === entries.length ? variant : undefined;
}

/** The cart's `configurable_item_options` for a configuration: one entry per configurable attribute chosen, never `price`. */
export function configurableItemOptions(
  product: Pick<ProductDoc, 'configurable_options'>,
  configuration: ProductConfiguration,
): { option_id: string; option_value: string }[] {
  return Object.entries(configuration).flatMap(([code, value]) => {
    const option = product.configurable_options?.find((candidate) => candidate.attribute_code === code);
    if (code === 'price' || !option || value == null || Array.isArray(value)) return [];
    return [{ option_id: String(option.attribute_id), option_value: valueId(value as ConfigurationValue) }];
  });
}
