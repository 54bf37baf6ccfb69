// Issue #16's hard search inputs through the storefront's port, as the browser sends them: a
// 5,000-character text (refused by the contract: its time and message), 8 misspelled words, and
// 200 searches at once with the API's health read every 20 ms meanwhile (is the process still
// answering while the burst queues for the two cores?).
import { formatResult, load, percentile, type LoadRequest } from './load.ts';

const TYPOS = 'coltelo guanit termometo bilanica tavolio padela pentla stivalli';

/** The refusal a client reads for `body`: status and message. */
async function answer(webUrl: string, body: unknown): Promise<string> {
  const response = await fetch(`${webUrl}/api/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const { result } = (await response.json()) as { result: unknown };
  return `${response.status} ${JSON.stringify(result)}`;
}

/** GETs `url` every `everyMs` until `done` settles; the latencies. */
async function probe(url: string, everyMs: number, done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.finally(() => (finished = true));
  const latencies: number[] = [];
  while (!finished) {
    const t = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`health answered ${response.status} during the burst`);
    latencies.push(performance.now() - t);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return latencies.sort((a, b) => a - b);
}

export async function benchSearchInputs(webUrl: string, apiUrl: string, searches: LoadRequest[]): Promise<string[]> {
  const huge = { q: 'coltello '.repeat(600).slice(0, 5000) };
  const typos: LoadRequest = { path: '/api/search', body: { q: TYPOS, aggregations: { terms: ['marca', 'colore', 'materiale'] } } };
  const lines = [
    `5,000-character search answers: ${(await answer(webUrl, huge)).slice(0, 120)}`,
    formatResult('search, 5,000-character text (400), storefront port', await load(webUrl, [{ path: '/api/search', body: huge, status: 400 }], 200, 1)),
    formatResult('search, 8 misspelled words, storefront port', await load(webUrl, [typos], 200, 1)),
  ];
  const burst = load(webUrl, searches.slice(0, 200), 200, 200);
  const health = await probe(`${apiUrl}/api/health`, 20, burst);
  lines.push(formatResult('search, 200 at once, storefront port', await burst));
  lines.push(
    `API health read during those 200 searches:`.padEnd(58) +
      ` p50 ${percentile(health, 50).toFixed(1).padStart(6)} ms  p99 ${percentile(health, 99).toFixed(1).padStart(6)} ms  max ${health.at(-1)!.toFixed(1)} ms (${health.length} reads)`,
  );
  return lines;
}
