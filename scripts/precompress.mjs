// The last step of the storefront's and the back office's builds: writes a brotli copy
// (`<file>.br`, quality 11) beside each script and style under a folder of built files (Next's
// `.next/static`, Vite's `dist/assets`), which the front server sends to browsers that take
// brotli (apps/storefront/static-brotli.mjs, back-office.mjs). Next compresses its answers with
// gzip only, per answer; brotli at its highest quality costs seconds at build time and nothing at
// run time: a product page's first-load JS is ~14 % smaller on the wire (ADR 0010).
// Usage: node scripts/precompress.mjs <folder>
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

/** The kinds of file sent precompressed (fonts and pictures are compressed formats already). */
const PRECOMPRESSED = /\.(js|css)$/;

const brotli = (body) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });

/** Writes the `.br` of every script and style under `root`; returns their paths there. */
export function precompress(root) {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((name) => PRECOMPRESSED.test(name));
  for (const name of files) writeFileSync(join(root, `${name}.br`), brotli(readFileSync(join(root, name))));
  return files;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  if (!process.argv[2]) throw new Error('Usage: node scripts/precompress.mjs <folder>');
  const root = resolve(process.argv[2]);
  console.log(`Precompressed: ${precompress(root).length} scripts and styles of ${root} in brotli`);
}
