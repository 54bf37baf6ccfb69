// What the API and the storefront's front server share to be seen in production (ADR 0033): the
// request id carried from the edge to the API, one JSON log line per request, and the Prometheus
// metrics served on an internal port. Plain ESM, as front-server.mjs runs without a compiler;
// the types are in index.d.mts.
import { createServer } from 'node:http';
import client from 'prom-client';
import { REQUEST_ID_HEADER, requestIdFromTraceState, requestIdOf } from './request-id.mjs';

export * from './request-id.mjs';

/** Methods logged by name; anything else (a client's invention) is `OTHER`, not a new label. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
export const methodLabel = (method) => (METHODS.has(method) ? method : 'OTHER');

/**
 * One request's log line: JSON with fixed fields only. The route is the pattern that answered
 * (`/api/order/:number`), never the path or its query: ids, tokens, e-mail addresses and
 * addresses a URL may carry never reach the log. Cookies and headers are not read.
 */
export function requestLogLine({ time = new Date(), service, reqId, method, route, status, ms, cache, aborted }) {
  const entry = {
    time: time.toISOString(),
    level: status >= 500 ? 'error' : 'info',
    service,
    reqId,
    method: methodLabel(method),
    route,
    status,
    ms: Math.round(ms * 10) / 10,
  };
  if (cache) entry.cache = cache;
  if (aborted) entry.aborted = true;
  return JSON.stringify(entry);
}

/** Latency buckets in seconds: a cached answer in milliseconds up to a slow render or export. */
const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function createMetrics() {
  const registry = new client.Registry();
  const requests = new client.Counter({ name: 'http_requests_total', help: 'Requests answered, by method, route pattern and status', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const duration = new client.Histogram({ name: 'http_request_duration_seconds', help: 'Time from request to the end of the answer, by route pattern', labelNames: ['method', 'route'], buckets: DURATION_BUCKETS, registers: [registry] });
  const errors = new client.Counter({ name: 'http_request_errors_total', help: 'Requests that failed on the server (5xx, or the connection ended before the answer did), by route pattern and kind', labelNames: ['route', 'kind'], registers: [registry] });
  const cacheLookups = new client.Counter({ name: 'shop_cache_lookups_total', help: 'Lookups of a cache, by cache and result (hit, shared_hit, stale, miss)', labelNames: ['cache', 'result'], registers: [registry] });
  let defaults = false;
  /** A metric of this registry: the one already registered under its name (a module loaded again), or a new one. */
  const metric = (Type, config) => {
    const existing = registry.getSingleMetric(config.name);
    if (!existing) return new Type({ ...config, registers: [registry] });
    if (config.collect) existing.collect = config.collect;
    return existing;
  };
  return {
    registry,
    counter: (config) => metric(client.Counter, config),
    gauge: (config) => metric(client.Gauge, config),
    /** Counts one answered request; a 5xx or an unfinished answer also as an error of `errorKind`. */
    request({ method, route, status, seconds, errorKind }) {
      const labels = { method: methodLabel(method), route };
      requests.inc({ ...labels, status: String(status) });
      duration.observe(labels, seconds);
      if (errorKind) errors.inc({ route, kind: errorKind });
    },
    /** One lookup of an in-process cache. */
    cacheLookup(cache, result) {
      cacheLookups.inc({ cache, result });
    },
    /** The process's own figures (event-loop delay, heap, RSS, GC, handles), collected once per process. */
    collectProcessMetrics() {
      if (defaults) return;
      defaults = true;
      client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
    },
  };
}

/**
 * This process's metrics: one registry per process (Prometheus scrapes processes), kept on
 * globalThis so that code Next bundles apart (the proxy, pages, the cache handler) counts into the
 * registry the front server serves.
 */
export function processMetrics() {
  const key = Symbol.for('shop.metrics');
  return (globalThis[key] ??= createMetrics());
}

/** Routes the edge and the storefronts probe every second. */
const HEALTH_ROUTES = new Set(['/internal/health', '/api/health', '/api/health/ready']);

/** The error kind of an answer for the errors counter, or undefined. */
const errorKindOf = (status, finished, kind) => (!finished ? 'aborted' : status >= 500 ? (kind ?? 'server') : undefined);

/**
 * Follows one request: takes its id (unless `trustIncoming` is false: a peer that is not a
 * proxy of the shop's) or makes one (set on the request, so a proxied request passes
 * it on, and on the answer), and when the answer ends writes its log line and counts it. The
 * caller fills `route` (the pattern that answered), and may fill `cache` and `errorKind`.
 */
export function observeRequest(req, res, { service, log, metrics = processMetrics(), now = () => performance.now(), trustIncoming = true }) {
  const started = now();
  const reqId = requestIdOf(trustIncoming ? (req.headers[REQUEST_ID_HEADER] ?? requestIdFromTraceState(req.headers.tracestate)) : undefined);
  req.headers[REQUEST_ID_HEADER] = reqId;
  res.setHeader(REQUEST_ID_HEADER, reqId);
  const context = { reqId, route: undefined, cache: undefined, errorKind: undefined };
  // Next adds its own listeners to the answer: one more than Node's default warning threshold of 10.
  res.setMaxListeners?.(res.getMaxListeners() + 1);
  res.once('close', () => {
    const ms = now() - started;
    const route = context.route ?? 'unmatched';
    const finished = res.writableFinished;
    const method = req.method ?? 'GET';
    const status = res.statusCode;
    metrics?.request({ method, route, status, seconds: ms / 1000, errorKind: errorKindOf(status, finished, context.errorKind) });
    // Health probes (every second, from the edge and the storefronts) are counted, not logged, while they answer.
    if (HEALTH_ROUTES.has(route) && status < 500) return;
    log?.(requestLogLine({ service, reqId, method, route, status, ms, cache: context.cache, aborted: !finished }));
  });
  return context;
}

/**
 * Serves `GET /metrics` (Prometheus text format) on its own port, apart from the public one;
 * starts collecting the process's own figures. Resolves once it listens.
 */
export async function serveMetrics({ port, host = '127.0.0.1', metrics = processMetrics() }) {
  metrics.collectProcessMetrics();
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '/').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: the metrics are at /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }).end(text),
      (error) => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`Metrics could not be collected: ${String(error)}\n`),
    );
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}/metrics`;
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export { client as promClient };
