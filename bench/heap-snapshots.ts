// The soak's look inside a process whose resident memory rises slowly: V8 heap snapshots at two
// moments, summed by kind of object, and what grew between them. A leak shows as the application's
// own objects (a Map's entries, strings, closures) growing with the requests; compiled code and
// V8's bookkeeping of it grow while the JIT keeps optimizing hot functions, and stop.
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The part of a V8 heap snapshot (the `.heapsnapshot` JSON) read here. */
export interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: unknown[] } };
  nodes: number[];
  strings: string[];
}

export interface HeapKind {
  bytes: number;
  count: number;
}

const STRING_TYPES = new Set(['string', 'concatenated string', 'sliced string']);

/**
 * Self size and count of the snapshot's nodes by kind: "type:constructor" for objects, arrays
 * and closures; all strings as one kind and all compiled code as another (their names are their
 * contents, one kind each).
 */
export function heapKinds(snapshot: HeapSnapshot): Map<string, HeapKind> {
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0] as string[];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field)) as [number, number, number];
  const kinds = new Map<string, HeapKind>();
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const type = types[snapshot.nodes[i + typeAt]!] ?? 'unknown';
    const key = STRING_TYPES.has(type)
      ? 'string:(strings)'
      : type === 'code'
        ? 'code:(compiled code)'
        : `${type}:${(snapshot.strings[snapshot.nodes[i + nameAt]!] ?? '').slice(0, 60)}`;
    const kind = kinds.get(key) ?? { bytes: 0, count: 0 };
    kind.bytes += snapshot.nodes[i + sizeAt]!;
    kind.count += 1;
    kinds.set(key, kind);
  }
  return kinds;
}

export interface HeapGrowth {
  process: string;
  beforeMb: number;
  afterMb: number;
  /** The kinds that grew most, in bytes, with the change of their count. */
  top: { kind: string; bytes: number; count: number }[];
}

const totalBytes = (kinds: Map<string, HeapKind>): number => [...kinds.values()].reduce((sum, k) => sum + k.bytes, 0);

/** Heap size before and after, and the `top` kinds that grew most between them. */
export function heapGrowth(process: string, before: Map<string, HeapKind>, after: Map<string, HeapKind>, top = 5): HeapGrowth {
  const grown = [...new Set([...before.keys(), ...after.keys()])].map((kind) => ({
    kind,
    bytes: (after.get(kind)?.bytes ?? 0) - (before.get(kind)?.bytes ?? 0),
    count: (after.get(kind)?.count ?? 0) - (before.get(kind)?.count ?? 0),
  }));
  grown.sort((a, b) => b.bytes - a.bytes);
  return { process, beforeMb: totalBytes(before) / 2 ** 20, afterMb: totalBytes(after) / 2 ** 20, top: grown.slice(0, top).filter((g) => g.bytes > 0) };
}

/** Node's options that let the soak ask a process for a snapshot (written into `dir`). */
export const heapSnapshotNodeOptions = (dir: string): string => `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${dir}`;

/**
 * Asks the node process `pid` (started with heapSnapshotNodeOptions(dir)) for a heap snapshot and
 * reads its kinds once the file is whole; the file is removed (tens of MB each). The process
 * stops answering while V8 writes it: a second or two for an API's heap.
 */
export async function snapshotKinds(pid: number, dir: string, timeoutMs = 120_000): Promise<Map<string, HeapKind>> {
  const ours = (): string[] => readdirSync(dir).filter((file) => file.includes(`.${pid}.`) && file.endsWith('.heapsnapshot'));
  const before = new Set(ours());
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + timeoutMs;
  let lastSize = -1;
  while (Date.now() < deadline) {
    await sleep(500);
    const file = ours().find((name) => !before.has(name));
    if (!file) continue;
    const path = join(dir, file);
    const size = statSync(path).size;
    // Whole when its size held for half a second and it parses (V8 writes it in chunks).
    if (size > 0 && size === lastSize) {
      try {
        const kinds = heapKinds(JSON.parse(readFileSync(path, 'utf8')) as HeapSnapshot);
        rmSync(path);
        return kinds;
      } catch {
        // not whole yet
      }
    }
    lastSize = size;
  }
  throw new Error(`No heap snapshot of process ${pid} within ${timeoutMs / 1000} s`);
}
