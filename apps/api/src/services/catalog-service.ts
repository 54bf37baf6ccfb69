import type { CatalogQuery, CatalogQueryResult } from '@shop/contracts';
import { queryCatalog, type Db } from '@shop/db';
import { calculateProductTax, projectFields, type ProductDoc, type TaxRuleDoc } from '@shop/domain';

export interface CatalogServiceOptions {
  defaultCountry: string;
  now?: () => Date;
}

/**
 * Catalogue reads: the query layer of catalogue.md §7. Product prices are taxed here, on the
 * server, by the shop's tax rules; field projection comes last so it can drop tax fields too.
 */
export class CatalogService {
  private taxRules: Promise<TaxRuleDoc[]> | undefined;
  private attributeCodes: Promise<Set<string>> | undefined;
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly options: CatalogServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** Forgets cached tax rules and attribute codes after the catalogue changed. */
  invalidate(): void {
    this.taxRules = undefined;
    this.attributeCodes = undefined;
  }

  async query(query: CatalogQuery): Promise<CatalogQueryResult> {
    const { docs, total } = await queryCatalog(this.db, query, await this.loadAttributeCodes());
    const taxed =
      query.entityType === 'product'
        ? await this.applyTax(docs as ProductDoc[])
        : docs;
    const items = taxed.map((doc) => projectFields(doc, query.includeFields, query.excludeFields));
    return { items, total, start: query.start, perPage: query.size };
  }

  private async applyTax(docs: ProductDoc[]): Promise<Record<string, unknown>[]> {
    const rules = await this.loadTaxRules();
    const ctx = { country: this.options.defaultCountry, now: this.now() };
    return docs.map((doc) => calculateProductTax(doc, rules, ctx));
  }

  private loadTaxRules(): Promise<TaxRuleDoc[]> {
    this.taxRules ??= this.db
      .selectFrom('tax_rule')
      .select('doc')
      .orderBy('id')
      .execute()
      .then((rows) => rows.map((r) => r.doc as unknown as TaxRuleDoc))
      .catch((error: unknown) => {
        this.taxRules = undefined;
        throw error;
      });
    return this.taxRules;
  }

  private loadAttributeCodes(): Promise<Set<string>> {
    this.attributeCodes ??= this.db
      .selectFrom('attribute')
      .select('attribute_code')
      .execute()
      .then((rows) => new Set(rows.map((r) => r.attribute_code)))
      .catch((error: unknown) => {
        this.attributeCodes = undefined;
        throw error;
      });
    return this.attributeCodes;
  }
}
