// Lighthouse before/after: two running shops (e.g. a checkout of an earlier commit started with
// `PORT=3100 API_PORT=3101 npm start`, and this one), the same pages on each, audits interleaved
// so that the machine's load falls on both alike. Prints the median run of each.
// Usage: node --import tsx bench/lighthouse-compare.ts <before URL> <after URL> [path ...]
import { formatLighthouse, lighthouseScores, medianRun, type LighthouseScores } from './lighthouse.ts';

const [before, after, ...given] = process.argv.slice(2);
if (!before || !after) {
  console.error('Usage: node --import tsx bench/lighthouse-compare.ts <before URL> <after URL> [path ...]');
  process.exit(2);
}
const paths = given.length ? given : ['/', '/c/coltelli', await firstProductPath(after)];
const rounds = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

/** A product page of the shop: the first tile of the knives category. */
async function firstProductPath(shop: string): Promise<string> {
  const html = await (await fetch(`${shop}/c/coltelli`)).text();
  const path = /href="(\/p\/[^"]+)"/.exec(html)?.[1];
  if (!path) throw new Error(`No product link on ${shop}/c/coltelli`);
  return path;
}

for (const path of paths) {
  const runs: Record<'before' | 'after', LighthouseScores[]> = { before: [], after: [] };
  for (let i = 0; i < rounds; i += 1) {
    runs.before.push(await lighthouseScores(`${before}${path}`, 1));
    runs.after.push(await lighthouseScores(`${after}${path}`, 1));
  }
  console.log(`\n${path}`);
  console.log(`  before: ${formatLighthouse(medianRun(runs.before))}`);
  console.log(`  after:  ${formatLighthouse(medianRun(runs.after))}`);
}
