import { basename } from 'node:path';
import { entityFromName, resolveEntity, type HitMeta, type ImportEntity } from './entities.ts';
import { splitJsonValues } from './json-values.ts';
import { readHead, readText, splitLines } from './text-stream.ts';

/** A document found in a dump, with where it came from (`file:line`). */
export interface DumpDoc {
  kind: 'doc';
  entity: ImportEntity;
  doc: Record<string, unknown>;
  /** The hit's `_id`, a fallback for a document without `id`. */
  esId?: string;
  source: string;
}

/** Something in a dump that is not an importable document, and why. */
export interface DumpSkip {
  kind: 'skip';
  source: string;
  reason: string;
}

export type DumpRecord = DumpDoc | DumpSkip;

export interface ReadDumpOptions {
  /** Called with the size of every chunk read, for progress. */
  onBytes?: (bytes: number) => void;
  /** How sources name the file; defaults to the path. */
  label?: string;
}

/** One JSON value per line (ES hits, bare documents, bulk files), or free-form JSON text. */
export type DumpFormat = 'lines' | 'json';

const HEAD_BYTES = 4 * 1024 * 1024;

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Line mode when the file starts with an object on a line of its own (NDJSON, bulk), even if
 * that first line is damaged: then the next line starts an object too. Anything else, such as
 * a JSON array or a pretty-printed object, is read as free-form JSON text.
 */
export async function detectFormat(path: string): Promise<DumpFormat> {
  const head = await readHead(path, HEAD_BYTES);
  const lines = head.split('\n').map((l) => l.trim()).filter(Boolean);
  const first = lines[0] ?? '';
  if (!first.startsWith('{')) return 'json';
  // A first line longer than the head is no pretty-printed opening brace.
  if (lines.length === 1 && !head.trimEnd().endsWith('}')) return 'lines';
  return parses(first) || (lines[1] ?? '').startsWith('{') ? 'lines' : 'json';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{"index": {"_index": …, "_id": …}}` — the action line of an Elasticsearch bulk file. */
function bulkAction(value: Record<string, unknown>): { op: string; meta: HitMeta } | undefined {
  const keys = Object.keys(value);
  if (keys.length !== 1 || !['index', 'create', 'update', 'delete'].includes(keys[0]!)) return undefined;
  const meta = value[keys[0]!];
  return isObject(meta) ? { op: keys[0]!, meta } : undefined;
}

function malformed(error: unknown): string {
  return `malformed JSON: ${error instanceof Error ? error.message : String(error)}`;
}

/** Turns parsed JSON into records: an ES hit, a bare document, or a list or search answer of either. */
function* recordsOf(
  value: unknown,
  source: string,
  fileEntity: ImportEntity | undefined,
  meta?: HitMeta,
): Generator<DumpRecord> {
  if (Array.isArray(value)) {
    for (const item of value) yield* recordsOf(item, source, fileEntity);
    return;
  }
  if (!isObject(value)) {
    yield { kind: 'skip', source, reason: 'not a JSON object' };
    return;
  }
  const hits = isObject(value.hits) ? value.hits.hits : undefined;
  if (Array.isArray(hits)) {
    yield* recordsOf(hits, source, fileEntity);
    return;
  }
  const isHit = isObject(value._source);
  const doc = isHit ? (value._source as Record<string, unknown>) : value;
  const hitMeta = meta ?? (isHit ? value : undefined);
  const resolved = resolveEntity(hitMeta, fileEntity, doc);
  if ('reason' in resolved) {
    yield { kind: 'skip', source, reason: resolved.reason };
    return;
  }
  const id = hitMeta?._id;
  yield {
    kind: 'doc',
    entity: resolved.entity,
    doc,
    source,
    ...(typeof id === 'string' || typeof id === 'number' ? { esId: String(id) } : {}),
  };
}

/** NDJSON hits, bare documents and bulk files: one JSON value a line. */
async function* readLines(chunks: AsyncIterable<string>, label: string, fileEntity: ImportEntity | undefined): AsyncGenerator<DumpRecord> {
  let action: { op: string; meta: HitMeta; line: number } | undefined;
  for await (const { text, line } of splitLines(chunks)) {
    if (text.trim() === '') continue;
    const source = `${label}:${line}`;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const of = action ? ` (document of the bulk action on line ${action.line})` : '';
      action = undefined;
      yield { kind: 'skip', source, reason: `${malformed(error)}${of}` };
      continue;
    }
    if (action) {
      const { op, meta } = action;
      action = undefined;
      if (op === 'update') yield { kind: 'skip', source, reason: 'bulk "update" actions carry partial documents; not imported' };
      else yield* recordsOf(value, source, fileEntity, meta);
      continue;
    }
    const bulk = isObject(value) ? bulkAction(value) : undefined;
    if (bulk?.op === 'delete') yield { kind: 'skip', source, reason: 'bulk "delete" action: deletions are not imported' };
    else if (bulk) action = { ...bulk, line };
    else yield* recordsOf(value, source, fileEntity);
  }
  if (action) yield { kind: 'skip', source: `${label}:${action.line}`, reason: `bulk "${action.op}" action without a document` };
}

/** Pretty-printed objects, JSON arrays, a single object. */
async function* readJson(chunks: AsyncIterable<string>, label: string, fileEntity: ImportEntity | undefined): AsyncGenerator<DumpRecord> {
  for await (const piece of splitJsonValues(chunks)) {
    const source = `${label}:${piece.line}`;
    if (piece.kind === 'stray') {
      yield { kind: 'skip', source, reason: `unexpected text outside a document: ${JSON.stringify(piece.text)}` };
    } else if (piece.kind === 'truncated') {
      yield { kind: 'skip', source, reason: 'the file ends inside a document' };
    } else {
      let value: unknown;
      try {
        value = JSON.parse(piece.text);
      } catch (error) {
        yield { kind: 'skip', source, reason: malformed(error) };
        continue;
      }
      yield* recordsOf(value, source, fileEntity);
    }
  }
}

/**
 * Streams the records of a Vue Storefront 1 index dump, never holding more than one document:
 * NDJSON Elasticsearch hits, JSON arrays of hits or bare documents, single objects, and bulk
 * files. Each record says which entity it is (see resolveEntity) and where it was, or why it
 * was skipped; a malformed line is reported with its number and reading goes on.
 */
export async function* readDump(path: string, options: ReadDumpOptions = {}): AsyncGenerator<DumpRecord> {
  const label = options.label ?? path;
  const fileEntity = entityFromName(basename(path));
  const chunks = readText(path, options.onBytes);
  if ((await detectFormat(path)) === 'lines') yield* readLines(chunks, label, fileEntity);
  else yield* readJson(chunks, label, fileEntity);
}
