import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM script
import { isPatched, nextCacheFiles, patchIncrementalCacheSet } from './patch-next.mjs';

const MINIFIED =
  'n=oM(e,t),a=i}let i=JSON.stringify(t).length;if(r.fetchCache&&i>2097152&&!this.hasCustomCacheHandler&&!r.isImplicitBuildTimeCache){let t=`Failed';
const SOURCE = '        // FetchCache has upper limit of 2MB per-entry currently\n        const itemSize = JSON.stringify(data).length;\n        if (ctx.fetchCache && itemSize > 2 * 1024 * 1024 &&';

describe('patch-next', () => {
  it('measures only data-cache entries, in the minified runtimes and in the source', () => {
    const minified = patchIncrementalCacheSet(MINIFIED);
    expect(minified.changed).toBe(1);
    expect(minified.text).toContain('let i=r.fetchCache?JSON.stringify(t).length:0;if(r.fetchCache&&i>2097152&&');
    const source = patchIncrementalCacheSet(SOURCE);
    expect(source.changed).toBe(1);
    expect(source.text).toContain('const itemSize = ctx.fetchCache ? JSON.stringify(data).length : 0;');
    expect(isPatched(minified.text) && isPatched(source.text)).toBe(true);
  });

  it('changes nothing a second time, nor text without the statement', () => {
    const once = patchIncrementalCacheSet(MINIFIED).text;
    expect(patchIncrementalCacheSet(once)).toEqual({ text: once, changed: 0 });
    expect(patchIncrementalCacheSet('let i=JSON.stringify(t);')).toEqual({ text: 'let i=JSON.stringify(t);', changed: 0 });
  });

  // Fails after an upgrade of Next whose IncrementalCache.set no longer matches: the patch
  // (ADR 0024) must then be brought up to date or dropped.
  it('is applied to the installed Next (npm install runs it)', () => {
    const files: string[] = nextCacheFiles();
    const runtime = files.find((file) => file.endsWith(join('next-server', 'app-page-turbo.runtime.prod.js')));
    expect(runtime).toBeDefined();
    for (const file of [runtime!, files[0]!]) {
      const text = readFileSync(file, 'utf8');
      expect(isPatched(text), file).toBe(true);
      expect(patchIncrementalCacheSet(text).changed, file).toBe(0);
    }
  });
});
