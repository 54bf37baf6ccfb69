// Patches installed Next.js for a cost it has on every ISR render (ADR 0024), run after install.
//
// IncrementalCache.set measures every entry with `JSON.stringify(entry).length`, though only
// data-cache (fetch) entries are ever checked against the 2 MB limit. For a rendered page the
// entry holds the RSC payload as a Buffer, which JSON.stringify turns into an array of numbers:
// 12-14 ms of CPU and ~1 MB of garbage a category page on the 2-core machine, for a value that is
// thrown away. The patch measures fetch entries only; nothing else changes. Idempotent; a Next
// release without the pattern is left as it is (and said so).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);

/** The measuring statement, minified (`let i=JSON.stringify(t).length;if(r.fetchCache&&i>2097152`) or not. */
const PATTERNS = [
  [/let (\w+)=JSON\.stringify\((\w+)\)\.length;if\((\w+)\.fetchCache&&\1>2097152/g, 'let $1=$3.fetchCache?JSON.stringify($2).length:0;if($3.fetchCache&&$1>2097152'],
  [/const itemSize = JSON\.stringify\(data\)\.length;/g, 'const itemSize = ctx.fetchCache ? JSON.stringify(data).length : 0;'],
];

/** Whether `text` holds the patched statement. */
export const isPatched = (text) => text.includes('.fetchCache?JSON.stringify(') || text.includes('ctx.fetchCache ? JSON.stringify(data).length : 0');

/** Rewrites `text`; returns it with the number of statements changed. */
export function patchIncrementalCacheSet(text) {
  let changed = 0;
  let result = text;
  for (const [pattern, replacement] of PATTERNS) {
    changed += result.match(pattern)?.length ?? 0;
    result = result.replace(pattern, replacement);
  }
  return { text: result, changed };
}

/** The files of the installed Next that hold IncrementalCache.set. */
export function nextCacheFiles(nextDir = dirname(require.resolve('next/package.json'))) {
  const compiled = join(nextDir, 'dist/compiled/next-server');
  return [
    join(nextDir, 'dist/server/lib/incremental-cache/index.js'),
    join(nextDir, 'dist/esm/server/lib/incremental-cache/index.js'),
    ...readdirSync(compiled).filter((name) => name.endsWith('.js')).map((name) => join(compiled, name)),
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  let patched = 0;
  let already = 0;
  for (const file of nextCacheFiles()) {
    const original = readFileSync(file, 'utf8');
    const { text, changed } = patchIncrementalCacheSet(original);
    if (changed > 0) {
      writeFileSync(file, text);
      patched += 1;
    } else if (isPatched(original)) already += 1;
  }
  console.log(
    patched + already > 0
      ? `patch-next: IncrementalCache.set measures data-cache entries only (${patched} files patched, ${already} already)`
      : 'patch-next: this Next release has no unconditional measuring in IncrementalCache.set; nothing patched',
  );
}
