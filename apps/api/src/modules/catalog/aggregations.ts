import {
  DEFAULT_PRICE_RANGES,
  type AggregationBucket,
  type AttributeMetadata,
  type CatalogAggregations,
  type CatalogQueryResult,
} from '@shop/contracts';
import { CatalogQueryError, type AggregationCounts, type AggregationRequest } from '@shop/db';
import type { AttributeDoc } from '@shop/domain';

/**
 * Inputs with options, which products carry as option ids in `attrs`. Boolean attributes (options
 * "1"/"0") are filterable too; they count once packages/db indexes them (selectAttributeCodes).
 */
const AGGREGATABLE_INPUTS = new Set(['select', 'multiselect', 'boolean']);

/** Label data of an attribute row, as clients need it to name filter options. */
export function attributeMetadataOf(attributeId: number, frontendInput: string, doc: AttributeDoc): AttributeMetadata {
  return {
    attribute_id: attributeId,
    attribute_code: doc.attribute_code,
    default_frontend_label: String(doc.default_frontend_label ?? doc.attribute_code),
    frontend_input: frontendInput,
    options: (doc.options ?? []).map((o) => ({
      value: String(o.value),
      label: String(o.label),
      ...(o.sort_order === undefined ? {} : { sort_order: Number(o.sort_order) }),
    })),
  };
}

/** Checks the requested codes (unknown or not a select attribute: the caller's mistake) and fills defaults. */
export function planAggregations(
  input: CatalogAggregations,
  attributes: ReadonlyMap<string, AttributeMetadata>,
): AggregationRequest {
  input.terms.forEach((code, i) => {
    const attribute = attributes.get(code);
    if (!attribute) throw new CatalogQueryError(`aggregations.terms.${i}: unknown attribute ${code}`);
    if (!AGGREGATABLE_INPUTS.has(attribute.frontend_input)) {
      throw new CatalogQueryError(
        `aggregations.terms.${i}: ${code} is a ${attribute.frontend_input} attribute; only attributes with options can be aggregated`,
      );
    }
  });
  return { codes: [...new Set(input.terms)], size: input.size, ranges: input.priceRanges ?? DEFAULT_PRICE_RANGES };
}

/** A range bound as Elasticsearch wrote it in keys: 50 → "50.0", 49.9 → "49.9", open → "*". */
const bound = (euros: number | undefined) => (euros === undefined ? '*' : Number.isInteger(euros) ? euros.toFixed(1) : String(euros));

/**
 * The answer's facets in VSF's reading format (catalogue.md §7): `agg_terms_{code}` buckets of
 * option ids, `agg_range_price` buckets keyed like "0.0-50.0" and "150.0-*" with from/to in
 * euros, and the metadata that labels the aggregated attributes' options.
 */
export function presentAggregations(
  request: AggregationRequest,
  counts: AggregationCounts,
  attributes: ReadonlyMap<string, AttributeMetadata>,
): Pick<CatalogQueryResult, 'aggregations' | 'attributeMetadata'> {
  const aggregations: Record<string, { buckets: AggregationBucket[] }> = {};
  for (const [code, buckets] of counts.terms) aggregations[`agg_terms_${code}`] = { buckets };
  aggregations.agg_range_price = {
    buckets: request.ranges.map((range, i) => ({
      key: `${bound(range.from)}-${bound(range.to)}`,
      ...(range.from === undefined ? {} : { from: range.from }),
      ...(range.to === undefined ? {} : { to: range.to }),
      doc_count: counts.rangeCounts[i] ?? 0,
    })),
  };
  const attributeMetadata = request.codes.flatMap((code) => attributes.get(code) ?? []);
  return { aggregations, attributeMetadata };
}
