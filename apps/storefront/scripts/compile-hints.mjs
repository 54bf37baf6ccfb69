// Run after `next build` (the storefront's build script): marks the JavaScript that pages load
// with their first HTML with V8's compile hint, so that Chromium (136 and later) compiles all of
// it while it downloads, on a background thread, instead of each function on the main thread at
// its first call. Hydration calls most of these functions: without the hint, compiling them
// lazily took 40–65 ms of the category page's main thread on this machine (ADR 0010). Chunks
// loaded later (widgets on first use) are left lazy: most of their code never runs.
// Browsers without the hint read a comment. Usage: node scripts/compile-hints.mjs [distDir]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runInNewContext } from 'node:vm';

/** V8's explicit compile hint: it must be the file's first line. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The source with the hint in front, once. */
export function withCompileHint(source) {
  return source.startsWith(COMPILE_HINT) ? source : COMPILE_HINT + source;
}

/**
 * The chunks (paths under the build directory, e.g. `static/chunks/x.js`) that some page loads
 * with its first HTML: the framework's (`rootMainFiles` of build-manifest.json) and each route's
 * entry chunks (`entryJSFiles` of its client reference manifest, a script that assigns
 * `globalThis.__RSC_MANIFEST[route]`).
 */
export function firstLoadChunks(buildManifest, clientManifestScripts) {
  const chunks = new Set(buildManifest.rootMainFiles ?? []);
  for (const script of clientManifestScripts) {
    const context = {};
    runInNewContext(script, context);
    for (const manifest of Object.values(context.__RSC_MANIFEST ?? {})) {
      for (const files of Object.values(manifest.entryJSFiles ?? {})) for (const file of files) chunks.add(file);
    }
  }
  return [...chunks].filter((file) => file.endsWith('.js')).sort();
}

function clientManifestScripts(dir) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('_client-reference-manifest.js'))
    .map((name) => readFileSync(join(dir, name), 'utf8'));
}

/** Marks the first-load chunks of the build in `distDir`; returns them. */
export function markFirstLoadChunks(distDir) {
  const buildManifest = JSON.parse(readFileSync(join(distDir, 'build-manifest.json'), 'utf8'));
  const chunks = firstLoadChunks(buildManifest, clientManifestScripts(join(distDir, 'server/app')));
  for (const chunk of chunks) {
    const file = join(distDir, chunk);
    const source = readFileSync(file, 'utf8');
    const marked = withCompileHint(source);
    if (marked !== source) writeFileSync(file, marked);
  }
  return chunks;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const distDir = resolve(process.argv[2] ?? process.env.NEXT_DIST_DIR ?? '.next');
  const chunks = markFirstLoadChunks(distDir);
  console.log(`Compile hints: ${chunks.length} first-load chunks marked for eager compilation`);
}
