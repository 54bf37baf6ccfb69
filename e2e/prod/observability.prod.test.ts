import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

/*
 * Issue #46 point 6 (ADR 0033) in the production topology: the edge makes a request's id and
 * its access log, the storefront instance that answered and the API instance it called log the
 * same id; every instance serves its metrics on an internal port.
 */
const edge = inject('edgeUrl');
const logDir = inject('logDir');

/** The JSON lines with this request id in each log file, by file (edge, storefront-1, api-2, …). */
function logged(reqId: string): Record<string, Record<string, unknown>[]> {
  const found: Record<string, Record<string, unknown>[]> = {};
  for (const file of readdirSync(logDir)) {
    const entries = readFileSync(join(logDir, file), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.reqId === reqId);
    if (entries.length > 0) found[file.replace(/\.log$/, '')] = entries;
  }
  return found;
}

const sources = (found: Record<string, unknown>) => Object.keys(found).map((name) => name.replace(/-\d+$/, '')).sort();

describe('a request id through the edge', () => {
  it('is made by the edge and appears in the edge, storefront and API logs', async () => {
    const res = await fetch(`${edge}/api/cart/create`, { method: 'POST' });
    expect(res.status).toBe(200);
    const id = res.headers.get('x-request-id')!;
    // Made by the edge (host, time, transaction), not by the storefront (a UUID).
    expect(id).toMatch(/^[A-Za-z0-9.-]+-\d{10}-\d+$/);
    await expect.poll(() => sources(logged(id)), { timeout: 10_000 }).toEqual(['api', 'edge', 'storefront']);
    const found = logged(id);
    const one = (prefix: string) => Object.entries(found).find(([name]) => name.startsWith(prefix))![1];
    expect(one('edge')).toEqual([expect.objectContaining({ service: 'edge', method: 'POST', path: '/api/cart/create', status: 200, cache: 'pass' })]);
    expect(one('storefront')).toEqual([expect.objectContaining({ service: 'storefront', route: '/api/*', status: 200 })]);
    expect(one('api')).toEqual([expect.objectContaining({ service: 'api', route: '/api/cart/create', status: 200 })]);
  });

  it('keeps the id a proxy in front sent, answers it from the cache too, and masks an e-mail address in the path', async () => {
    const first = await fetch(`${edge}/`, { headers: { 'x-request-id': 'lb-0001' } });
    await first.text();
    expect(first.headers.get('x-request-id')).toBe('lb-0001');
    const again = await fetch(`${edge}/`, { headers: { 'x-request-id': 'lb-0002' } });
    await again.text();
    expect(again.headers.get('x-edge-cache')).toBe('hit');
    expect(again.headers.get('x-request-id')).toBe('lb-0002');
    await expect.poll(() => logged('lb-0002').edge, { timeout: 10_000 }).toEqual([expect.objectContaining({ path: '/', status: 200, cache: 'hit' })]);
    const masked = await fetch(`${edge}/p/mario.rossi@example.it`, { headers: { 'x-request-id': 'lb-0003' } });
    await masked.text();
    await expect.poll(() => logged('lb-0003').edge, { timeout: 10_000 }).toEqual([expect.objectContaining({ path: '/p/:email' })]);
    for (const file of readdirSync(logDir)) expect(readFileSync(join(logDir, file), 'utf8')).not.toContain('example.it');
  });
});

describe('the metrics of every instance', () => {
  it('are served on internal ports, with the requests each answered', async () => {
    const metrics = inject('metrics');
    expect(metrics).toHaveLength(4);
    const texts = await Promise.all(metrics.map(async (url) => (await fetch(url)).text()));
    for (const text of texts) {
      expect(text).toMatch(/^process_resident_memory_bytes \d/m);
      expect(text).toMatch(/^http_requests_total\{/m);
    }
    expect(texts.some((text) => /^shop_search_index_ready 1$/m.test(text))).toBe(true);
  });
});
