import type { CatalogImportResult } from '@shop/contracts';
import type { ImportEntity } from '@shop/db';

export interface EntityCounts {
  /** Documents found (category trees count each category once). */
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: number;
}

export interface Skip {
  source: string;
  reason: string;
}

/** Skipped records listed one by one in the report; the rest are counted. */
export const LISTED_SKIPS = 50;

/** Everything the final report says about a run. */
export class ImportSummary {
  readonly entities = new Map<ImportEntity, EntityCounts>();
  readonly productTypes: Record<string, number> = {};
  readonly derived = new Map<ImportEntity, Record<string, number>>();
  readonly skips: Skip[] = [];
  skippedTotal = 0;
  readonly cache = { tags: 0, sent: 0, notConfigured: 0, failures: [] as string[] };
  files = 0;
  milliseconds = 0;
  /** Why the run stopped early. */
  fatal: string | undefined;

  constructor(readonly target: string) {}

  counts(entity: ImportEntity): EntityCounts {
    let counts = this.entities.get(entity);
    if (!counts) this.entities.set(entity, (counts = { read: 0, inserted: 0, updated: 0, unchanged: 0, skipped: 0 }));
    return counts;
  }

  skip(source: string, reason: string, entity?: ImportEntity): void {
    this.skippedTotal++;
    if (this.skips.length < LISTED_SKIPS) this.skips.push({ source, reason });
    if (entity) {
      this.counts(entity).read++;
      this.counts(entity).skipped++;
    }
  }

  addDerived(entity: ImportEntity, fields: readonly string[] | Record<string, number>): void {
    const into = this.derived.get(entity) ?? {};
    const pairs = Array.isArray(fields) ? fields.map((f) => [f, 1] as const) : Object.entries(fields);
    for (const [field, n] of pairs) into[field] = (into[field] ?? 0) + n;
    if (pairs.length) this.derived.set(entity, into);
  }

  /** Adds the answer for a batch whose documents came from `sources`. */
  addBatch(result: CatalogImportResult, sources: readonly string[]): void {
    const counts = this.counts(result.entity);
    counts.inserted += result.inserted;
    counts.updated += result.updated;
    counts.unchanged += result.unchanged;
    for (const { index, reason } of result.skipped) {
      this.skip(sources[index] ?? `batch document ${index}`, reason);
      counts.skipped++;
    }
    for (const [type, n] of Object.entries(result.productTypes)) this.productTypes[type] = (this.productTypes[type] ?? 0) + n;
    this.addDerived(result.entity, result.derived);
    this.cache.tags += result.cache.tags;
    if (result.cache.status === 'sent') this.cache.sent++;
    if (result.cache.status === 'skipped' && result.cache.tags > 0) this.cache.notConfigured++;
    if (result.cache.error && !this.cache.failures.includes(result.cache.error)) this.cache.failures.push(result.cache.error);
  }
}
