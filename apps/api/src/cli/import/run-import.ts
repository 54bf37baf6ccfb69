import { CATALOG_IMPORT_MAX_DOCS } from '@shop/contracts';
import { IMPORT_ORDER, prepareDoc, readDump, type ImportEntity } from '@shop/db';
import type { DumpFile } from './dump-files.ts';
import type { Progress } from './progress.ts';
import type { BatchEntry, ImportSink } from './sinks.ts';
import { ImportSummary } from './summary.ts';

/** JSON text per batch: well below the API's body limit, whatever the documents weigh. */
const MAX_BATCH_CHARS = 16 * 1024 * 1024;

/**
 * Reads the files in order and writes their documents in batches of one entity (up to 500
 * documents or 16 MB), keeping one batch in flight while the next is read. A file's remaining
 * batches are written in entity order when it ends. Skipped records are counted with their
 * `file:line`; the first failing batch stops the run, and what was written before stays.
 */
export async function runImport(files: readonly DumpFile[], sink: ImportSink, progress: Progress): Promise<ImportSummary> {
  const summary = new ImportSummary(sink.target);
  const started = performance.now();
  const pending = new Map<ImportEntity, { entries: BatchEntry[]; chars: number }>();
  // Categories found only in a parent's children_data are written last, and only when their
  // own document is not in the run: a nested copy never replaces it, whatever the order.
  const ownCategories = new Set<number>();
  const nestedCategories = new Map<number, { doc: Record<string, unknown>; derived: string[]; source: string }>();
  let inFlight: Promise<void> = Promise.resolve();
  let failure: unknown;

  const flush = async (entity: ImportEntity) => {
    const batch = pending.get(entity);
    if (!batch) return;
    pending.delete(entity);
    await inFlight;
    if (failure) throw failure;
    inFlight = sink.send(entity, batch.entries).then(
      (result) => summary.addBatch(result, batch.entries.map((e) => e.source)),
      (error: unknown) => {
        failure = error;
      },
    );
  };

  const enqueue = async (entity: ImportEntity, doc: Record<string, unknown>, derived: string[], source: string) => {
    summary.counts(entity).read++;
    summary.addDerived(entity, derived);
    const json = JSON.stringify(doc);
    const batch = pending.get(entity) ?? { entries: [], chars: 0 };
    pending.set(entity, batch);
    batch.entries.push({ doc, json, source });
    batch.chars += json.length;
    if (batch.entries.length >= CATALOG_IMPORT_MAX_DOCS || batch.chars >= MAX_BATCH_CHARS) await flush(entity);
  };

  try {
    for (const file of files) {
      summary.files++;
      progress.startFile(file.path);
      for await (const record of readDump(file.path, { onBytes: progress.addBytes })) {
        progress.addRecord();
        if (record.kind === 'skip') {
          summary.skip(record.source, record.reason);
          continue;
        }
        const { entity, source } = record;
        const { docs, problems } = prepareDoc(entity, record.doc, record.esId);
        for (const problem of problems) summary.skip(source, problem, entity);
        for (const { doc, nested, derived } of docs) {
          const id = doc.id as number;
          if (entity === 'category' && nested) {
            if (!ownCategories.has(id) && !nestedCategories.has(id)) nestedCategories.set(id, { doc, derived, source });
            continue;
          }
          if (entity === 'category') {
            ownCategories.add(id);
            nestedCategories.delete(id);
          }
          await enqueue(entity, doc, derived, source);
        }
      }
      for (const entity of IMPORT_ORDER) await flush(entity);
    }
    for (const { doc, derived, source } of nestedCategories.values()) await enqueue('category', doc, derived, source);
    await flush('category');
    await inFlight;
    if (failure) throw failure;
  } catch (error) {
    summary.fatal = error instanceof Error ? error.message : String(error);
  } finally {
    await inFlight;
    progress.finish();
    summary.milliseconds = Math.round(performance.now() - started);
  }
  return summary;
}
