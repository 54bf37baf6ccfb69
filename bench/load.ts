import { Agent, request } from 'node:http';

export interface LoadRequest {
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
  /** The status this request must answer with (a refusal measured as such); any below 400 when unset. */
  status?: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  /** Requests per second over the whole run. */
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function once(agent: Agent, base: URL, req: LoadRequest): Promise<number> {
  const body = req.body === undefined ? undefined : JSON.stringify(req.body);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const r = request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path: req.path,
        method: req.method ?? (body ? 'POST' : 'GET'),
        headers: { ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}), ...req.headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => (res.statusCode && (req.status === undefined ? res.statusCode < 400 : res.statusCode === req.status) ? resolve(performance.now() - started) : reject(new Error(`HTTP ${res.statusCode} for ${req.path}`))));
      },
    );
    r.on('error', reject);
    r.end(body);
  });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Sends `total` requests from `connections` keep-alive connections, each one request at a time,
 * cycling through `requests`. Bounded in count: it always stops by itself.
 */
export async function load(baseUrl: string, requests: LoadRequest[], total: number, connections = 1): Promise<LoadResult> {
  const base = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < total) {
        const i = next++;
        try {
          latencies.push(await once(agent, base, requests[i % requests.length]!));
        } catch {
          errors++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: total,
    errors,
    throughput: total / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
  };
}

export function formatResult(name: string, r: LoadResult): string {
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  return `${name.padEnd(58)} p50 ${ms(r.p50).padStart(9)}  p95 ${ms(r.p95).padStart(9)}  p99 ${ms(r.p99).padStart(9)}  ${r.throughput.toFixed(0).padStart(5)} req/s  ${r.errors} errors`;
}
