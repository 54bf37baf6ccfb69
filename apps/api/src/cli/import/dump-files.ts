import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { IMPORT_ORDER, entityFromName, readDump, type ImportEntity } from '@shop/db';

export interface DumpFile {
  path: string;
  bytes: number;
  /** The entity of its first document, for ordering; undefined when none is recognisable. */
  entity: ImportEntity | undefined;
}

/** What a folder contributes: dump files by their extension. */
const DUMP_FILE = /\.(json|ndjson|jsonl|bulk)$/i;

/** Records looked at to tell a file's entity when its name does not say. */
const PEEK_RECORDS = 20;

async function peekEntity(path: string): Promise<ImportEntity | undefined> {
  let seen = 0;
  for await (const record of readDump(path)) {
    if (record.kind === 'doc') return record.entity;
    if (++seen >= PEEK_RECORDS) break;
  }
  return undefined;
}

function rank(entity: ImportEntity | undefined): number {
  return entity ? IMPORT_ORDER.indexOf(entity) : IMPORT_ORDER.length;
}

/**
 * The dump files of the given files and folders (folders searched recursively), sorted into
 * entity order so that attributes are written before the products they make filterable.
 * Throws when a path cannot be read.
 */
export async function listDumpFiles(paths: readonly string[]): Promise<DumpFile[]> {
  const found: string[] = [];
  for (const path of paths) {
    const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
      throw new Error(`Cannot read ${path}: ${error.code === 'ENOENT' ? 'no such file or folder' : error.message}`);
    });
    if (!info.isDirectory()) {
      found.push(path);
      continue;
    }
    const names = (await readdir(path, { recursive: true })).filter((name) => DUMP_FILE.test(name)).sort();
    if (names.length === 0) throw new Error(`No dump files (*.json, *.ndjson, *.jsonl, *.bulk) in ${path}`);
    found.push(...names.map((name) => join(path, name)));
  }
  const files: DumpFile[] = [];
  for (const path of [...new Set(found)]) {
    const info = await stat(path);
    if (info.isFile()) files.push({ path, bytes: info.size, entity: entityFromName(basename(path)) ?? (await peekEntity(path)) });
  }
  return files.sort((a, b) => rank(a.entity) - rank(b.entity));
}
