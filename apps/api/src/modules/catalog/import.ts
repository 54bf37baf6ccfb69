import type { CatalogImportResult } from '@shop/contracts';
import { announceCatalogChange, importBatch, type AfterBatchWrite, type BatchDocs, type Db, type ImportEntity } from '@shop/db';
import { HttpError } from '../../http/errors.ts';
import type { Logger } from '../../http/router.ts';
import { tagsForChange, type CacheInvalidator } from '../../cache/invalidation.ts';

/** PostgreSQL's "data exception" errors (SQLSTATE class 22): a value of the wrong kind or out of range. */
const isDataException = (error: unknown): error is Error =>
  error instanceof Error && String((error as { code?: unknown }).code).startsWith('22');

/**
 * Catalogue imports, batch by batch (the admin endpoint and the CLI without a running API
 * both come here): writes one batch in a transaction, drops what this process caches about the
 * catalogue and tells the other API instances to (@shop/db change-feed.ts), and expires exactly
 * the storefront cache tags the batch made stale.
 */
export class CatalogImportService {
  constructor(
    private readonly db: Db,
    private readonly invalidator: CacheInvalidator,
    /** In-process caches of catalogue data (tax rules, attributes). */
    private readonly caches: { invalidate(): void } = { invalidate: () => {} },
    private readonly logger?: Logger,
  ) {}

  /**
   * `docs` may also be a reader that runs in the batch's transaction, and `after` runs there once
   * they are written (the back office's edits: read under lock, change, re-import, audit; ADR 0032).
   */
  async importBatch(entity: ImportEntity, docs: BatchDocs, after?: AfterBatchWrite): Promise<CatalogImportResult> {
    const { change, ...counts } = await importBatch(this.db, entity, docs, after).catch((error: unknown) => {
      // A value PostgreSQL cannot store (a NUL byte, a number or a date beyond its types) is the
      // batch's fault, and its transaction wrote nothing: a 400 with the database's reason, not a 500.
      if (isDataException(error)) throw new HttpError(400, `Invalid request body: a document holds a value the database cannot store: ${error.message}`);
      throw error;
    });
    if (change.ids.length > 0) {
      this.caches.invalidate();
      await announceCatalogChange(this.db);
    }
    const cache = await this.invalidator.invalidate(tagsForChange(change));
    if (cache.error) this.logger?.warn(cache.error);
    const received = counts.inserted + counts.updated + counts.unchanged + new Set(counts.skipped.map((s) => s.index)).size;
    return { entity, received: typeof docs === 'function' ? received : docs.length, ...counts, cache };
  }
}
