import { DEFAULT_PRICE_RANGES, NO_AGGREGATIONS, catalogQuery, type AttributeMetadata, type CatalogQuery, type CatalogQueryResult, type FieldCondition } from '@shop/contracts';
import { aggregateProducts, countCatalog, countDisjunctive, filtersOnClockPrice, findProductDocs, queryCatalog, type AggregationCounts, type AggregationRequest, type CatalogQueryRows, type Db } from '@shop/db';
import { fieldProjection, type AttributeDoc, type ProductDoc } from '@shop/domain';
import { cachedLoader } from '../../cache/cached-loader.ts';
import { attributeMetadataOf, planAggregations, presentAggregations } from './aggregations.ts';
import { withSafeContent } from '../cms/service.ts';
import { ProductPricing, type ProductPricingOptions } from './product-pricing.ts';
import { TtlCache } from '../../cache/ttl-cache.ts';
import { shopMetrics } from '../../observability/metrics.ts';

/** Facet counts, totals and pages of catalogue product queries from the in-memory index; null where it cannot answer. */
export interface CatalogIndex {
  aggregate(filters: Record<string, FieldCondition>, attributeCodes: ReadonlySet<string>, request: AggregationRequest): Promise<AggregationCounts | null>;
  count(filters: Record<string, FieldCondition>, attributeCodes: ReadonlySet<string>): Promise<number | null>;
  list(filters: Record<string, FieldCondition>, attributeCodes: ReadonlySet<string>, sort: CatalogQuery['sort'], start: number, size: number): Promise<{ total: number; ids: number[] } | null>;
}

export interface CatalogServiceOptions extends ProductPricingOptions {
  catalogIndex?: CatalogIndex | null;
}

/**
 * Facet counts scan every matching product (0.1–1 s over thousands in the embedded database)
 * and change only with the catalogue: kept until invalidate(), and at most 5 minutes in case
 * another process wrote to the database.
 */
const FACET_CACHE = { entries: 500, ttlMs: 5 * 60_000 };

/**
 * Product totals (how many match a set of filters) that the in-memory index cannot count are
 * kept the same way: a category page asks for its total twice (facets and list) and every page
 * of a list again, and counting thousands of matches is most of a list query's time. Not for
 * price filters: which products an active special price puts in a range changes with the clock,
 * not with the catalogue.
 */
const TOTAL_CACHE = { entries: 2000, ttlMs: FACET_CACHE.ttlMs };

/** Categories whose first page the API reads once its index is built (see rehearse()). */
const REHEARSED_CATEGORIES = 8;

export interface Attributes {
  /** Codes products may be filtered on. */
  codes: Set<string>;
  byCode: Map<string, AttributeMetadata>;
}

/**
 * Catalogue reads: the query layer of catalogue.md §7. Product prices are taxed here, on the
 * server, by the shop's tax rules; CMS content is sanitised; field projection comes last so it
 * can drop those fields too.
 */
export class CatalogService {
  readonly pricing: ProductPricing;
  private readonly attributes: ReturnType<typeof cachedLoader<Attributes>>;
  private readonly facets = new TtlCache<AggregationCounts>(FACET_CACHE.entries, FACET_CACHE.ttlMs).observed((hit) => shopMetrics.cacheLookup('catalog-facets', hit));
  private readonly totals = new TtlCache<number>(TOTAL_CACHE.entries, TOTAL_CACHE.ttlMs).observed((hit) => shopMetrics.cacheLookup('catalog-totals', hit));
  private readonly index: CatalogIndex | null;

  constructor(
    private readonly db: Db,
    options: CatalogServiceOptions,
  ) {
    this.pricing = new ProductPricing(db, options);
    this.index = options.catalogIndex ?? null;
    this.attributes = cachedLoader(async () => {
      const rows = await db.selectFrom('attribute').select(['attribute_id', 'attribute_code', 'frontend_input', 'doc']).execute();
      return {
        codes: new Set(rows.map((r) => r.attribute_code)),
        byCode: new Map(
          rows.map((r) => [r.attribute_code, attributeMetadataOf(r.attribute_id, r.frontend_input, r.doc as unknown as AttributeDoc)]),
        ),
      };
    });
  }

  /** Attribute codes products may be filtered on, and their label data (cached). */
  attributeIndex(): Promise<Attributes> {
    return this.attributes.get();
  }

  /** Forgets cached tax rules, attributes and facet counts after the catalogue changed. */
  invalidate(): void {
    this.attributes.clear();
    this.facets.clear();
    this.totals.clear();
    this.pricing.invalidate();
  }

  /**
   * Reads the first page of the `categories` categories with most products, with the facets of
   * every filterable attribute and the price ranges, as a category page asks: run once the
   * in-memory index is built, so that the start pays for V8 compiling the index's list and facet
   * code rather than the first shoppers. At a million products those first counts ran unoptimised:
   * the first category pages after a start took 150–320 ms where the rest took ~100 (ADR 0019).
   */
  async rehearse(categories = REHEARSED_CATEGORIES): Promise<void> {
    if (!this.index) return;
    const [largest, filterable] = await Promise.all([
      this.db.selectFrom('category').select('id').where('is_active', '=', true).orderBy('product_count', 'desc').orderBy('id').limit(categories).execute(),
      this.db.selectFrom('attribute').select('attribute_code').where('is_filterable', '=', true).where('frontend_input', 'not in', ['price', 'text']).execute(),
    ]);
    for (const { id } of largest) {
      await this.query(
        catalogQuery.parse({
          entityType: 'product',
          filters: { category_ids: { in: [id] }, visibility: { in: [2, 3, 4] }, status: { in: [0, 1] } },
          size: 48,
          aggregations: { terms: filterable.map((a) => a.attribute_code), size: 10, priceRanges: DEFAULT_PRICE_RANGES.map((range) => ({ ...range })) },
        }),
      );
    }
  }

  /** A catalogue read; products priced for `customerGroupId` (default guests) at one unit. */
  async query(query: CatalogQuery, customerGroupId?: number): Promise<CatalogQueryResult> {
    const attributes = await this.attributes.get();
    const aggregation = query.aggregations && planAggregations(query.aggregations, attributes.byCode);
    const [{ docs, total }, counts] = await Promise.all([this.rows(query, attributes.codes), aggregation && this.aggregate(query, attributes.codes, aggregation)]);
    const items = (await this.present(query, docs, customerGroupId)).map(fieldProjection(query.includeFields, query.excludeFields));
    return {
      items,
      total,
      start: query.start,
      perPage: query.size,
      ...(aggregation && counts ? presentAggregations(aggregation, counts, attributes.byCode) : NO_AGGREGATIONS),
    };
  }

  /**
   * The page's documents and total. A product page is ordered and counted by the in-memory index
   * where it can (its documents then read by id): at a million products the database's walk along
   * a sort index passes thousands of other categories' rows for each page of a small category.
   */
  private async rows(query: CatalogQuery, codes: ReadonlySet<string>): Promise<CatalogQueryRows> {
    const listed = query.entityType === 'product' ? await this.index?.list(query.filters, codes, query.sort, query.start, query.size) : null;
    if (listed) {
      const docs = await findProductDocs(this.db, listed.ids);
      // A product deleted since the index last read the changes: the database answers instead.
      if (docs.length === listed.ids.length) return { docs, total: query.trackTotalHits ? listed.total : query.start + docs.length };
    }
    const counted = this.separateTotal(query, codes);
    const [rows, countedTotal] = await Promise.all([queryCatalog(this.db, counted ? { ...query, trackTotalHits: false } : query, codes), counted]);
    return { docs: rows.docs, total: countedTotal ?? rows.total };
  }

  /**
   * The total of a product query counted apart from its page: by the in-memory index where it
   * can (milliseconds, current within a second of a write in any API instance), else from the
   * cache (counted on a miss). Undefined where the page's own statement counts: without the
   * index, for price filters, as their matches change with the clock.
   */
  private separateTotal(query: CatalogQuery, codes: ReadonlySet<string>): Promise<number> | undefined {
    if (query.entityType !== 'product' || !query.trackTotalHits) return undefined;
    const clockPriced = filtersOnClockPrice(query);
    const kept = () => this.totals.getOrLoad(JSON.stringify(query.filters), () => countCatalog(this.db, query, codes));
    const index = this.index;
    if (!index) return clockPriced ? undefined : kept();
    return index.count(query.filters, codes).then((counted) => counted ?? (clockPriced ? countCatalog(this.db, query, codes) : kept()));
  }

  /**
   * Facet counts, each part counted by the in-memory index where it can (milliseconds, current within a second of a write
   * in any API instance: not kept), else by the database and kept.
   */
  private aggregate(query: CatalogQuery, codes: ReadonlySet<string>, request: AggregationRequest): Promise<AggregationCounts> {
    // Each facet under every filter but its own (disjunctive, issue 42 point 8).
    return countDisjunctive(query.filters, request, async (filters, part) => {
      const counted = query.entityType === 'product' ? await this.index?.aggregate(filters, codes, part) : null;
      if (counted) return counted;
      const key = JSON.stringify([filters, part]);
      return this.facets.getOrLoad(key, () => aggregateProducts(this.db, { ...query, filters }, codes, part));
    });
  }

  private async present(query: CatalogQuery, docs: Record<string, unknown>[], customerGroupId: number | undefined): Promise<Record<string, unknown>[]> {
    switch (query.entityType) {
      case 'product':
        return this.pricing.price(docs as ProductDoc[], { userGroupId: query.userGroupId, customerGroupId });
      case 'cms_page':
      case 'cms_block':
        return docs.map(withSafeContent);
      default:
        return docs;
    }
  }
}
