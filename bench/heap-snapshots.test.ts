import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { heapGrowth, heapKinds, heapSnapshotNodeOptions, snapshotKinds, type HeapSnapshot } from './heap-snapshots.ts';

/** A snapshot of the given nodes ([type, name, self size]), laid out as V8 writes one. */
function snapshot(nodes: [string, string, number][]): HeapSnapshot {
  const types = ['hidden', 'array', 'string', 'object', 'code', 'closure', 'concatenated string'];
  const strings = [...new Set(nodes.map(([, name]) => name))];
  return {
    snapshot: { meta: { node_fields: ['type', 'name', 'id', 'self_size', 'edge_count'], node_types: [types, 'string'] } },
    nodes: nodes.flatMap(([type, name, size], id) => [types.indexOf(type), strings.indexOf(name), id, size, 0]),
    strings,
  };
}

describe('heapKinds', () => {
  it('sums self sizes by type and constructor, all strings and all code as one kind each', () => {
    const kinds = heapKinds(
      snapshot([
        ['object', 'Map', 32],
        ['object', 'Map', 32],
        ['object', 'Cart', 80],
        ['string', 'coltello', 24],
        ['concatenated string', 'a b', 32],
        ['code', 'cartTotals', 500],
        ['code', 'price', 300],
      ]),
    );
    expect(Object.fromEntries(kinds)).toEqual({
      'object:Map': { bytes: 64, count: 2 },
      'object:Cart': { bytes: 80, count: 1 },
      'string:(strings)': { bytes: 56, count: 2 },
      'code:(compiled code)': { bytes: 800, count: 2 },
    });
  });
});

describe('heapGrowth', () => {
  it('names the kinds that grew most, with their count, and the heap before and after', () => {
    const before = heapKinds(snapshot([['object', 'Map', 1 << 20], ['object', 'Cart', 80], ['code', 'f', 100]]));
    const after = heapKinds(snapshot([['object', 'Map', 1 << 20], ['code', 'f', 100], ['code', 'g', 400], ['object', 'Entry', 96], ['object', 'Entry', 96]]));
    const growth = heapGrowth('API 1', before, after, 3);
    expect(growth.process).toBe('API 1');
    expect(growth.beforeMb).toBeCloseTo((2 ** 20 + 180) / 2 ** 20);
    expect(growth.afterMb).toBeCloseTo((2 ** 20 + 692) / 2 ** 20);
    // Cart shrank: not among the kinds that grew.
    expect(growth.top).toEqual([
      { kind: 'code:(compiled code)', bytes: 400, count: 1 },
      { kind: 'object:Entry', bytes: 192, count: 2 },
    ]);
  });
});

describe('snapshotKinds', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("reads a running node process's heap by kind, and removes the file", async () => {
    dir = mkdtempSync(join(tmpdir(), 'heap-snapshot-test-'));
    const child = spawn(process.execPath, ['-e', 'class SoakMarker {}; globalThis.kept = Array.from({ length: 3000 }, () => new SoakMarker()); setInterval(() => {}, 1000); console.log("ready")'], {
      env: { ...process.env, NODE_OPTIONS: heapSnapshotNodeOptions(dir) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      await new Promise((resolve) => child.stdout.once('data', resolve));
      const kinds = await snapshotKinds(child.pid!, dir, 30_000);
      expect(kinds.get('object:SoakMarker')?.count).toBe(3000);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      child.kill();
    }
  });
});
