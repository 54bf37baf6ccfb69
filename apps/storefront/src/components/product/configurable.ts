/**
 * Configurable products on the product page: the variant choice of catalogue.md §4 (the rules
 * themselves are @shop/domain's getSelectedVariant) and the URL that follows it. Pure.
 */
import { getSelectedVariant, productUrl, type ProductConfiguration } from '@shop/domain';
import type { ConfigurableOptionView, VariantItem } from './types.ts';

/** Chosen option ids by attribute code, e.g. `{ taglia: '20403' }`. */
export type Configuration = Readonly<Record<string, string>>;

/** The configuration a child stands for: its value of every configurable attribute. */
export function configurationOf(child: VariantItem | undefined, options: readonly ConfigurableOptionView[]): Record<string, string> {
  const configuration: Record<string, string> = {};
  if (!child) return configuration;
  for (const option of options) {
    const value = child[option.code];
    if (value !== undefined && value !== null && value !== '') configuration[option.code] = String(value);
  }
  return configuration;
}

/**
 * The variant of a configuration among enabled, in-stock children: exact sku first, then the
 * most matching attributes, ties to the lower price_incl_tax. With `fallback` the best partial
 * match (the first available child at worst); without it only a full match, else undefined —
 * the "No such configuration" case.
 */
export function chooseVariant(
  children: readonly VariantItem[],
  configuration: ProductConfiguration | null,
  { fallback }: { fallback: boolean },
): VariantItem | undefined {
  return getSelectedVariant({ configurable_children: [...children] }, configuration, {
    fallbackToDefaultWhenNoAvailable: fallback,
  }) as VariantItem | undefined;
}

/**
 * The variant a product URL shows: the URL's child when it is available, else the available
 * child closest to it (same attribute values first), else — without a child in the URL — the
 * cheapest available child. Undefined when no child is available ("No available product variants").
 */
export function initialVariant(
  children: readonly VariantItem[],
  options: readonly ConfigurableOptionView[],
  childSku: string | undefined,
): VariantItem | undefined {
  const requested = childSku ? children.find((child) => child.sku === childSku) : undefined;
  const configuration = requested ? { ...configurationOf(requested, options), sku: requested.sku } : null;
  return chooseVariant(children, configuration, { fallback: true });
}

/**
 * True when choosing `valueId` for `code`, keeping the other chosen values, leads to an
 * available child (the picker marks the other values as not available).
 */
export function isValueAvailable(
  children: readonly VariantItem[],
  configuration: Configuration,
  code: string,
  valueId: string,
): boolean {
  return chooseVariant(children, { ...configuration, [code]: valueId }, { fallback: false }) !== undefined;
}

/**
 * The address of a chosen child, keeping the store-code prefix the shopper's URL has
 * (`/it/p/…` stays under `/it`).
 */
export function variantPath(currentPath: string, parentSku: string, slug: string, childSku: string | undefined): string {
  const prefix = /^\/([a-z]{2})\/p\//.exec(currentPath)?.[1];
  return productUrl({ parentSku, slug, childSku, storeCode: prefix ?? null });
}
