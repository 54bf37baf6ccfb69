import { catalogQuery, searchQuery, type CatalogAggregationsInput, type CatalogQueryResult, type VsfEntityType, type VsfSearchBody, type VsfSearchParams } from '@shop/contracts';
import { CatalogQueryError } from '@shop/db';
import type { z } from 'zod';
import { describeZodError, HttpError } from '../../http/errors.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { SearchService } from '../search/service.ts';
import { DslError, translateAggregations, translateQuery, translateSort, type AggregationPlan } from './dsl.ts';
import { filterSource, patternsOf, type SourceFilter } from './source-filter.ts';

/** How `hits.total` reads: a number (Elasticsearch 5 and 6, vue-storefront-api's default 5.6) or ES 7's `{ value, relation }`. */
export type TotalFormat = 'number' | 'object';

/** Elasticsearch's default page size, when neither the URL nor the body names one. */
const ES_DEFAULT_SIZE = 10;

interface Bucket {
  key: string;
  doc_count: number;
  from?: number;
  to?: number;
}

export interface EsSearchAnswer {
  took: number;
  timed_out: false;
  _shards: { total: 1; successful: 1; skipped: 0; failed: 0 };
  hits: { total: number | { value: number; relation: 'eq' }; max_score: number | null; hits: EsHit[] };
  aggregations?: Record<string, { buckets: Bucket[]; doc_count_error_upper_bound?: 0; sum_other_doc_count?: 0 }>;
  attribute_metadata?: CatalogQueryResult['attributeMetadata'];
}

interface EsHit {
  _index: string;
  _type: string;
  _id: string;
  _score: number;
  _source: Record<string, unknown>;
}

function sourceFilterOf(params: VsfSearchParams, source: VsfSearchBody['_source']): SourceFilter {
  const includes = patternsOf(params._source_include, params._source_includes);
  const excludes = patternsOf(params._source_exclude, params._source_excludes);
  if (source === false) excludes.push('*');
  else if (typeof source === 'string' || Array.isArray(source)) includes.push(...patternsOf(source));
  else if (source && typeof source === 'object') {
    includes.push(...patternsOf(source.includes));
    excludes.push(...patternsOf(source.excludes));
  }
  return { includes, excludes };
}

/** The catalogue's facet request for the translated aggregations: one size (the largest), ranges laid end to end. */
function facetRequest(plans: readonly AggregationPlan[]): CatalogAggregationsInput | undefined {
  const terms = [...new Set(plans.flatMap((p) => (p.kind === 'terms' ? [p.code] : [])))];
  const ranges = plans.flatMap((p) => (p.kind === 'range' ? p.ranges : []));
  if (terms.length === 0 && ranges.length === 0) return undefined;
  const size = Math.max(10, ...plans.map((p) => (p.kind === 'terms' ? p.size : 0)));
  return { terms, size, ...(ranges.length ? { priceRanges: ranges } : {}) };
}

function presentAggregations(plans: readonly AggregationPlan[], counted: CatalogQueryResult['aggregations']): EsSearchAnswer['aggregations'] {
  const out: NonNullable<EsSearchAnswer['aggregations']> = {};
  let rangeOffset = 0;
  for (const plan of plans) {
    if (plan.kind === 'range') {
      out[plan.name] = { buckets: (counted.agg_range_price?.buckets ?? []).slice(rangeOffset, rangeOffset + plan.ranges.length) };
      rangeOffset += plan.ranges.length;
    } else {
      const buckets = plan.kind === 'terms' ? (counted[`agg_terms_${plan.code}`]?.buckets ?? []).slice(0, plan.size) : [];
      out[plan.name] = { doc_count_error_upper_bound: 0, sum_other_doc_count: 0, buckets };
    }
  }
  return out;
}

/** Nothing can match (an empty terms list): counts are zero without asking the database. */
function emptyResult(plans: readonly AggregationPlan[]): Pick<CatalogQueryResult, 'items' | 'total' | 'aggregations' | 'attributeMetadata'> {
  const ranges = plans.flatMap((p) => (p.kind === 'range' ? p.ranges : []));
  return { items: [], total: 0, aggregations: { agg_range_price: { buckets: ranges.map((r) => ({ key: '', ...r, doc_count: 0 })) } }, attributeMetadata: [] };
}

function validated<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new HttpError(400, describeZodError('query', parsed.error));
  return parsed.data;
}

/**
 * `_search` over the catalogue (ADR 0037): the query DSL translated into a catalogue query (or a
 * product search when it holds a text), run by the same services as `POST /api/catalog` and
 * `POST /api/search` — the same filters, prices, facets and limits — and answered in
 * Elasticsearch's format.
 */
export class VsfCatalogSearch {
  constructor(
    private readonly catalog: CatalogService,
    private readonly search: SearchService,
  ) {}

  async run(index: string, entityType: VsfEntityType, params: VsfSearchParams, body: VsfSearchBody, customerGroupId: number | undefined, totalFormat: TotalFormat): Promise<EsSearchAnswer> {
    const started = Date.now();
    try {
      if (body.aggs !== undefined && body.aggregations !== undefined) throw new DslError('aggs', 'send aggs or aggregations, not both');
      const query = translateQuery(body.query);
      const plans = translateAggregations(body.aggs ?? body.aggregations);
      if (plans.length > 0 && entityType !== 'product') throw new DslError('aggs', 'only products are aggregated');
      const sort = translateSort(params.sort, body.sort);
      const size = params.size ?? body.size ?? ES_DEFAULT_SIZE;
      const from = params.from ?? body.from ?? 0;
      const aggregations = facetRequest(plans);
      // size 0 asks for counts only; the catalogue's smallest page is one item.
      const page = { size: size === 0 ? 1 : size, start: from };
      let result: Pick<CatalogQueryResult, 'items' | 'total' | 'aggregations' | 'attributeMetadata'>;
      if (!query.matches) result = emptyResult(plans);
      else if (query.text !== undefined) {
        if (entityType !== 'product') throw new DslError('query', 'full-text search covers products only');
        const sorts = sort.filter((s) => !s.startsWith('_score'));
        if (sorts.length > 1) throw new DslError('sort', 'a text search sorts by relevance or by one field');
        const parsed = validated(searchQuery, { q: query.text, filters: query.filters, sort: sorts[0] ?? 'relevance', ...page, ...(aggregations ? { aggregations } : {}) });
        result = await this.search.search(parsed, customerGroupId);
      } else {
        const sorts = sort.filter((s) => !s.startsWith('_score'));
        const parsed = validated(catalogQuery, { entityType, filters: query.filters, ...(sorts.length ? { sort: sorts } : {}), ...page, ...(aggregations ? { aggregations } : {}) });
        result = await this.catalog.query(parsed, customerGroupId);
      }
      return this.present(index, entityType, size === 0 ? [] : result.items, result, plans, sourceFilterOf(params, body._source), started, totalFormat);
    } catch (error) {
      if (error instanceof DslError) throw new HttpError(400, `Invalid query: ${error.message}`);
      if (error instanceof CatalogQueryError) throw new HttpError(400, `Invalid query: ${error.message}`);
      throw error;
    }
  }

  private present(
    index: string,
    entityType: VsfEntityType,
    items: Record<string, unknown>[],
    result: Pick<CatalogQueryResult, 'total' | 'aggregations' | 'attributeMetadata'>,
    plans: readonly AggregationPlan[],
    source: SourceFilter,
    started: number,
    totalFormat: TotalFormat,
  ): EsSearchAnswer {
    const hits = items.map((item) => ({
      _index: index,
      _type: entityType,
      _id: String(item.id ?? item.attribute_id ?? ''),
      // The catalogue's order is the answer's: every hit scores alike (a filter context scores nothing).
      _score: 1,
      _source: filterSource(item, source),
    }));
    return {
      took: Date.now() - started,
      timed_out: false,
      _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
      hits: { total: totalFormat === 'object' ? { value: result.total, relation: 'eq' } : result.total, max_score: hits.length ? 1 : null, hits },
      ...(plans.length ? { aggregations: presentAggregations(plans, result.aggregations), attribute_metadata: result.attributeMetadata } : {}),
    };
  }
}
