import { catalogImportResult, type CatalogImportResult } from '@shop/contracts';
import { openDatabase, type ImportEntity } from '@shop/db';
import type { ApiConfig } from '../../config.ts';
import { CacheInvalidator } from '../../cache/invalidation.ts';
import { CatalogImportService } from '../../modules/catalog/import.ts';

/** One document of a batch: as an object, as JSON text, and where it came from. */
export interface BatchEntry {
  doc: Record<string, unknown>;
  json: string;
  source: string;
}

/** Where a run writes its batches. */
export interface ImportSink {
  /** For the report: the API's URL or the database's location. */
  readonly target: string;
  send(entity: ImportEntity, entries: readonly BatchEntry[]): Promise<CatalogImportResult>;
  close(): Promise<void>;
}

/** True when something answers HTTP at the API's health route. */
export async function apiAnswers(apiUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${apiUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

/** Batches to the running API's admin endpoint, which owns the (possibly embedded) database. */
export function apiSink(apiUrl: string, token: string): ImportSink {
  const endpoint = `${apiUrl}/api/admin/catalog/import`;
  return {
    target: `the API at ${apiUrl}`,
    async send(entity, entries) {
      // The documents are serialised once, when batched; the body is put together from them.
      const body = `{"entity":${JSON.stringify(entity)},"docs":[${entries.map((e) => e.json).join(',')}]}`;
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
        signal: AbortSignal.timeout(10 * 60_000),
      });
      const payload = (await response.json().catch(() => undefined)) as { result?: unknown } | undefined;
      if (response.status === 401) throw new Error(`The API at ${apiUrl} refused the admin token (401); set ADMIN_TOKEN to the API's token`);
      if (!response.ok) throw new Error(`The API at ${apiUrl} answered ${response.status}: ${String(payload?.result ?? 'no message')}`);
      const parsed = catalogImportResult.safeParse(payload?.result);
      if (!parsed.success) throw new Error(`The API at ${apiUrl} answered an unexpected import result`);
      return parsed.data;
    },
    close: async () => {},
  };
}

/** Batches written straight to the database, when no API runs (the embedded one is locked to one process). */
export async function databaseSink(config: ApiConfig): Promise<ImportSink> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.poolSize });
  const service = new CatalogImportService(
    database.db,
    new CacheInvalidator({ url: config.storefrontInternalUrl, secret: config.revalidateSecret, edgeUrl: config.edgePurgeUrl }),
  );
  return {
    target: `the ${database.kind === 'pglite' ? 'embedded database' : 'database'} at ${database.location}`,
    send: (entity, entries) => service.importBatch(entity, entries.map((e) => e.doc)),
    close: () => database.close(),
  };
}
