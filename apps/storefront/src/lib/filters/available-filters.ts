/**
 * Filter groups of a category page from the catalogue's aggregations (VSF
 * `getAvailableFiltersFrom`, catalogue.md §7/§9): one group per attribute with the option ids of
 * its `agg_terms_{code}` buckets (labels from attributeMetadata, empty labels dropped, sorted by
 * label) and a price group from `agg_range_price` labelled '< €50', '€50 - 100', '€100 - 150',
 * '> €150'. Pure.
 */
import type { AggregationBucket, AttributeMetadata } from '@shop/contracts';
import { formatPriceRangeLabel, toCents } from '@shop/domain';
import type { CategoryQueryState } from './query-state.ts';
import { PRICE_PARAM } from './query-state.ts';

export interface FilterOption {
  id: string;
  label: string;
  /** Products of the whole category with this option; null when the answer did not say. */
  count: number | null;
  selected: boolean;
}

export interface FilterGroup {
  /** Attribute code, or 'price'. */
  code: string;
  label: string;
  type: 'attribute' | 'price';
  options: FilterOption[];
}

/** What the page knows about a filterable attribute before asking for aggregations. */
export interface FilterableAttribute {
  attribute_code: string;
  default_frontend_label?: string;
  frontend_input?: string;
  position?: number;
  options?: { value: string | number; label: string }[];
}

export type Aggregations = Readonly<Record<string, { buckets: readonly AggregationBucket[] }>>;

const byLabel = (a: FilterOption, b: FilterOption) => a.label.localeCompare(b.label, 'it', { numeric: true });

/** Attribute codes to ask term aggregations for: select-like filterable attributes, never price. */
export function termAttributeCodes(attributes: readonly FilterableAttribute[], max = 30): string[] {
  return attributes
    .filter((a) => a.attribute_code !== PRICE_PARAM && a.frontend_input !== 'price' && a.frontend_input !== 'text')
    .map((a) => a.attribute_code)
    .slice(0, max);
}

function attributeGroup(
  attribute: FilterableAttribute,
  buckets: readonly AggregationBucket[],
  metadata: AttributeMetadata | undefined,
  chosen: readonly string[],
): FilterGroup | null {
  const labels = new Map<string, string>();
  for (const o of attribute.options ?? []) labels.set(String(o.value), o.label);
  for (const o of metadata?.options ?? []) labels.set(String(o.value), o.label);
  const options = new Map<string, FilterOption>();
  for (const bucket of buckets) {
    const id = String(bucket.key);
    const label = labels.get(id)?.trim();
    if (!label || bucket.doc_count <= 0 || options.has(id)) continue;
    options.set(id, { id, label, count: bucket.doc_count, selected: chosen.includes(id) });
  }
  // A choice from the URL outside the top buckets stays visible, so it can be removed.
  for (const id of chosen) {
    const label = labels.get(id)?.trim();
    if (label && !options.has(id)) options.set(id, { id, label, count: null, selected: true });
  }
  if (options.size === 0) return null;
  const label = metadata?.default_frontend_label || attribute.default_frontend_label || attribute.attribute_code;
  return { code: attribute.attribute_code, label, type: 'attribute', options: [...options.values()].sort(byLabel) };
}

/**
 * The price group: one option per bucket, labelled by its index among all buckets (so the
 * first reads '< €50' and the last '> €150' even when some are empty); empty buckets are left
 * out unless chosen.
 */
export function priceGroup(buckets: readonly AggregationBucket[], chosen: string | null, label: string): FilterGroup | null {
  const options: FilterOption[] = [];
  buckets.forEach((bucket, index) => {
    const from = bucket.from ?? 0;
    const to = bucket.to ?? null;
    const id = String(bucket.key);
    if (bucket.doc_count <= 0 && id !== chosen) return;
    options.push({
      id,
      label: formatPriceRangeLabel(index, buckets.length, toCents(from), to === null ? null : toCents(to)),
      count: bucket.doc_count,
      selected: id === chosen,
    });
  });
  return options.length > 0 ? { code: PRICE_PARAM, label, type: 'price', options } : null;
}

/**
 * All filter groups: attributes in the order given (the catalogue's attribute positions),
 * then price. Attributes without any labelled bucket are left out.
 */
export function buildFilterGroups(input: {
  attributes: readonly FilterableAttribute[];
  aggregations: Aggregations | undefined;
  attributeMetadata: readonly AttributeMetadata[] | undefined;
  state: CategoryQueryState;
  priceLabel: string;
}): FilterGroup[] {
  const metadata = new Map((input.attributeMetadata ?? []).map((m) => [m.attribute_code, m]));
  const groups: FilterGroup[] = [];
  for (const attribute of input.attributes) {
    const code = attribute.attribute_code;
    if (code === PRICE_PARAM) continue;
    const buckets = input.aggregations?.[`agg_terms_${code}`]?.buckets ?? [];
    // VSF also reads `agg_terms_{code}_options` (configurable children's values): merged in.
    const optionBuckets = input.aggregations?.[`agg_terms_${code}_options`]?.buckets ?? [];
    const group = attributeGroup(attribute, [...buckets, ...optionBuckets], metadata.get(code), input.state.filters[code] ?? []);
    if (group) groups.push(group);
  }
  const price = priceGroup(input.aggregations?.agg_range_price?.buckets ?? [], input.state.price, input.priceLabel);
  if (price) groups.push(price);
  return groups;
}

/** The chosen options with their labels, for the "active filters" list. */
export function selectedOptions(groups: readonly FilterGroup[]): { group: FilterGroup; option: FilterOption }[] {
  return groups.flatMap((group) => group.options.filter((o) => o.selected).map((option) => ({ group, option })));
}
