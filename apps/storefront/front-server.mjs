// The storefront's public HTTP server (what `npm start` listens with): Next's own request handler
// (the same one `next start` uses) behind a thin edge that only this process can be, because only
// it sees the shopper's socket:
// - X-Forwarded-For is set to the peer's address, replacing whatever the request carried, so the
//   API (which believes X-Forwarded-For from loopback only, TRUSTED_PROXIES) counts per-address
//   limits against the shopper and never against a name the shopper chose. Only a peer listed in
//   SHOP_TRUSTED_PROXIES (a TLS terminator in front of the shop) keeps its X-Forwarded-For, with
//   its own address appended, as any proxy does; the API then reads it from the right;
// - methods the shop does not serve (TRACE, PROPFIND, …) answer 405 with Allow instead of a 500;
// - requests Node cannot parse (headers over 16 KB, malformed lines) answer a small
//   `{ code, result }` envelope instead of a bare status line;
// - Next's internal x-middleware-* answer headers (the API's internal address on every /api
//   answer) are dropped;
// - an /api request the API does not answer (down, restarting) gets a 502 envelope, not Next's
//   plain-text 500;
// - the cache tags of an answer (a cached page's, from cache/cache-handler.mjs, or the API's
//   own) go out as `xkey` to a trusted front proxy only: the edge cache purges by them (ADR 0024);
// - a page sent whole (a cached page, a 404) gets the hashes of its own inline scripts in its
//   script policy in place of the request's nonce (inline-scripts.mjs, ADR 0018), and its ETag
//   is hashed natively;
// - /admin is the back office (apps/admin's build, back-office.mjs), answered here without Next;
// - the build's scripts and styles go in brotli to a browser that takes it (static-brotli.mjs:
//   copies the build made; Next compresses with gzip only);
// - every request gets an id (the edge's, from a trusted front proxy, else a new one), passed to
//   the API and answered as X-Request-Id, and one JSON log line on standard output when its answer
//   ends (LOG_REQUESTS=false: none), under its route pattern; with STOREFRONT_METRICS_PORT the
//   Prometheus metrics are served on that internal port (@shop/observability, ADR 0033);
// - with WARM_UP=1 (the production topology) it renders the pages a shop is asked first before
//   it takes traffic (warm-up.mjs): until then its health answers 503, so the edge cache's probe
//   keeps shoppers on the instances already running.
// Usage (cwd: apps/storefront): node front-server.mjs -p <port> -H <host>
import { createHash } from 'node:crypto';
import { createServer, STATUS_CODES } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { observeRequest, processMetrics, serveMetrics } from '@shop/observability';
import { isBackOfficePath, serveBackOffice } from './back-office.mjs';
import { answerTags } from './cache/cache-handler.mjs';
import { brotliStatic } from './static-brotli.mjs';
import { TRUSTED_SCRIPTS_HEADER, withInlineScriptHashes } from './inline-scripts.mjs';
import { warmUp } from './warm-up.mjs';

process.env.NODE_ENV = 'production';
const { default: next } = await import('next');

/** Methods by path: /api/* is the commerce API (it answers 405 itself for a known path); pages are read. */
const API_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const PAGE_METHODS = ['GET', 'HEAD', 'POST'];

function sendEnvelope(res, status, message, headers = {}) {
  const body = JSON.stringify({ code: status, result: message });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/**
 * The API always answers JSON; a 5xx head without a content type is Next's own answer when
 * proxying to the API failed (connection refused, 30 s without an answer). That answer is
 * replaced, head and body (Next's compression may already be wrapping the response: whatever it
 * writes after the head is dropped).
 */
function withApiUnreachableEnvelope(res) {
  const { writeHead, write, end } = res;
  const body = JSON.stringify({ code: 502, result: 'The shop is not answering right now: please try again in a moment' });
  let replaced = false;
  res.writeHead = function (status, ...rest) {
    const headers = rest.find((arg) => arg !== null && typeof arg === 'object');
    const typed = this.hasHeader('content-type') || Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'content-type');
    if (status < 500 || typed) return writeHead.call(this, status, ...rest);
    replaced = true;
    for (const name of this.getHeaderNames()) this.removeHeader(name);
    return writeHead.call(this, 502, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
    });
  };
  res.write = function (...args) {
    return replaced ? true : write.apply(this, args);
  };
  res.end = function (...args) {
    return replaced ? end.call(this, this.req.method === 'HEAD' ? undefined : body) : end.apply(this, args);
  };
}

/** The same envelope written straight to a socket Node could not parse a request from. */
function clientErrorAnswer(error) {
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request header fields too large']
      : error.code === 'HPE_URI_TOO_LONG'
        ? [414, 'URI too long']
        : [400, 'Bad request'];
  return rawEnvelope(status, message);
}

/** A whole answer in the envelope, as bytes for a socket the request handler never sees. */
function rawEnvelope(status, message, headers = []) {
  const body = JSON.stringify({ code: status, result: message });
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    ...headers,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** `::ffff:203.0.113.5` (an IPv4 peer on a dual-stack socket) is `203.0.113.5`. */
const unmapped = (address) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

/** Exact addresses of the proxies in front of the shop; none by default (the shop is the edge). */
const frontProxies = new Set(
  (process.env.SHOP_TRUSTED_PROXIES ?? '')
    .split(',')
    .map((address) => unmapped(address.trim()))
    .filter(Boolean),
);

/** The X-Forwarded-For the API gets: the peer, after what a trusted front proxy said. */
function forwardedFor(req) {
  const peer = unmapped(req.socket.remoteAddress ?? '');
  const said = [req.headers['x-forwarded-for'] ?? []].flat().join(', ').trim();
  return frontProxies.has(peer) && said !== '' ? `${said}, ${peer}` : peer;
}

/** The route pattern of a page, set by proxy.ts (src/lib/route-label.ts) for the log and the metrics, never sent. */
const ROUTE_LABEL_HEADER = 'x-shop-route';

/** Next's internal headers, the shop's own, and cache tags for anyone but the edge cache. */
const isInternalHeader = (name, edge) => name.startsWith('x-middleware-') || name === TRUSTED_SCRIPTS_HEADER || name === ROUTE_LABEL_HEADER || (!edge && name === 'xkey');

const metrics = processMetrics();
const logRequest = process.env.LOG_REQUESTS === 'false' ? undefined : (line) => process.stdout.write(`${line}\n`);

/** Answers the proxy does not see (its matcher leaves them out), by what they are: never the path itself. */
const FIXED_ROUTES = ['/_next/static', '/_next/image', '/_next', '/media', '/fonts', '/map-tiles', '/serwist', '/sitemaps', '/internal/health', '/internal/revalidate'];
const FILES = new Set(['/favicon.ico', '/robots.txt', '/manifest.webmanifest', '/service-worker.js', '/sitemap.xml']);

function routeBeforeProxy(url) {
  const path = (url ?? '/').split('?')[0];
  if (FILES.has(path)) return path;
  return FIXED_ROUTES.find((prefix) => path === prefix || path.startsWith(`${prefix}/`)) ?? (/\.[A-Za-z0-9]{1,5}$/.test(path) ? 'file' : undefined);
}

/**
 * Reads what the answer says about itself as its head goes out: the route pattern the proxy
 * named, and whether Next's page cache answered (`x-nextjs-cache`), counted per answer. Installed
 * after withoutInternalHeaders, so it reads the pattern before that drops it.
 */
function observeAnswer(res, context) {
  const writeHead = res.writeHead;
  res.writeHead = function (status, ...rest) {
    const headers = rest.find((arg) => arg !== null && typeof arg === 'object' && !Array.isArray(arg)) ?? {};
    const read = (name) => this.getHeader(name) ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
    const route = read(ROUTE_LABEL_HEADER);
    if (typeof route === 'string') context.route = route;
    const cache = String(read('x-nextjs-cache') ?? '').toLowerCase();
    if (cache) {
      context.cache = cache;
      metrics.cacheLookup('page', cache === 'hit' || cache === 'stale' ? cache : 'miss');
    }
    return writeHead.call(this, status, ...rest);
  };
}

/**
 * Drops internal headers from an answer, however it is written; to the edge cache, adds the
 * page's cache tags (`store.tags`, comma-separated as Next keeps them) as `xkey`.
 */
function withoutInternalHeaders(res, edge, store) {
  const writeHead = res.writeHead;
  res.writeHead = function (status, ...rest) {
    for (const name of this.getHeaderNames()) if (isInternalHeader(name, edge)) this.removeHeader(name);
    const headers = rest.find((arg) => arg !== null && typeof arg === 'object');
    if (headers && !Array.isArray(headers)) {
      for (const name of Object.keys(headers)) if (isInternalHeader(name.toLowerCase(), edge)) delete headers[name];
    }
    if (edge && store.tags && !this.hasHeader('xkey')) this.setHeader('xkey', store.tags.split(',').join(' '));
    return writeHead.call(this, status, ...rest);
  };
}

/** Whether an If-None-Match header names `etag` (weak or strong, or `*`). */
const ifNoneMatch = (header, etag) =>
  typeof header === 'string' && header.split(',').some((tag) => ['*', etag, `W/${etag}`].includes(tag.trim()));

/**
 * Headers that depend on a cached page's bytes, set when Next sends it whole (one `res.end` of
 * its HTML): the script policy names the hashes of the page's inline scripts (inline-scripts.mjs)
 * instead of allowing every inline script, and the ETag is a SHA-1 of the bytes (Next's own,
 * turned off in next.config.ts, hashed a category page's 200 KB in JavaScript: 4.5 ms of every
 * render, against 0.3 ms here), with a 304 for a request that already has them.
 * Next sends through its compression, which replaces `res.end` after this point: the property
 * is kept so that Next's call, whoever wrapped it, reaches this function first, with the HTML as
 * Next wrote it. Compression's wrapper took this function as the end to call when it has
 * finished: that second call goes straight to the end below it.
 */
function withPageHeaders(req, res) {
  const own = res.end;
  let outer = own;
  let called = false;
  function end(chunk, ...rest) {
    if (called) return own.call(this, chunk, ...rest);
    called = true;
    // A streamed answer (a page rendered per request) has sent its head already: nothing to do.
    // Its policy keeps the request's nonce, which Next put on the scripts it streamed.
    if (this.headersSent) return outer.call(this, chunk, ...rest);
    // Only pages the proxy marked (not the payment pages' strict policy) get their scripts' hashes.
    const marked = this.hasHeader(TRUSTED_SCRIPTS_HEADER);
    const trusted = String(this.getHeader(TRUSTED_SCRIPTS_HEADER) ?? '').split(' ');
    this.removeHeader(TRUSTED_SCRIPTS_HEADER);
    const html = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : null;
    if (html === null || !/^text\/html/.test(String(this.getHeader('content-type')))) return outer.call(this, chunk, ...rest);
    if (this.statusCode === 200) {
      const etag = `"${createHash('sha1').update(html).digest('base64url')}"`;
      this.setHeader('etag', etag);
      if (ifNoneMatch(req.headers['if-none-match'], etag)) {
        // A 304 updates the headers the browser keeps: the page's own policy stays.
        this.statusCode = 304;
        this.removeHeader('content-security-policy');
        this.removeHeader('content-length');
        return outer.call(this);
      }
    }
    const policy = this.getHeader('content-security-policy');
    // Any status: a 404 is a whole page too. A page that may be kept by a cache (its Cache-Control
    // neither private nor no-store) loses the nonce, which would then be the same for everyone.
    const keepNonce = /\b(private|no-store)\b/.test(String(this.getHeader('cache-control') ?? ''));
    if (marked && typeof policy === 'string') this.setHeader('content-security-policy', withInlineScriptHashes(policy, html, trusted, { keepNonce }));
    return outer.call(this, chunk, ...rest);
  }
  Object.defineProperty(res, 'end', {
    configurable: true,
    get: () => end,
    set: (replacement) => {
      outer = replacement;
    },
  });
}

const { values } = parseArgs({ options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } } });
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname ?? '0.0.0.0';

// Next's request URLs (NextURL) spell a loopback address `localhost`; told `127.0.0.1`, Next sees
// every rewrite in proxy.ts as going to another origin and answers it with a redirect to itself.
const app = next({ dev: false, dir: process.cwd(), hostname: hostname === '127.0.0.1' ? 'localhost' : hostname, port });
await app.prepare();
const handle = app.getRequestHandler();
const sendBrotli = brotliStatic(join(process.cwd(), process.env.NEXT_DIST_DIR ?? '.next'));

/**
 * Work the cache handler holds back until an answer has gone (cache-handler.mjs): run once it
 * closes, or at once if it already has (a page revalidated in the background after its answer).
 */
function afterAnswerOf(res) {
  let tasks;
  return (task) => {
    if (res.writableFinished || res.destroyed) return void setImmediate(task);
    if (!tasks) {
      tasks = [];
      res.once('close', () => tasks.forEach((run) => run()));
    }
    tasks.push(task);
  };
}

let warming = process.env.WARM_UP === '1';

const server = createServer((req, res) => {
  const fromFrontProxy = frontProxies.has(unmapped(req.socket.remoteAddress ?? ''));
  const context = observeRequest(req, res, { service: 'storefront', log: logRequest, metrics, trustIncoming: fromFrontProxy });
  context.route = routeBeforeProxy(req.url);
  if (warming && req.url === '/internal/health') {
    sendEnvelope(res, 503, 'Warming up', { 'retry-after': '1' });
    return;
  }
  if (isBackOfficePath(req.url)) {
    context.route = '/admin';
    void serveBackOffice(req, res).catch(() => sendEnvelope(res, 500, 'The back office could not be read'));
    return;
  }
  const isApi = (req.url ?? '/').startsWith('/api/');
  // The API logs its own route pattern under the same request id.
  if (isApi) context.route = '/api/*';
  const allowed = isApi ? API_METHODS : PAGE_METHODS;
  if (!allowed.includes(req.method ?? '')) {
    sendEnvelope(res, 405, `Method ${req.method} is not allowed`, { allow: allowed.join(', ') });
    return;
  }
  if (sendBrotli(req, res)) return;
  req.headers['x-forwarded-for'] = forwardedFor(req);
  const store = { afterAnswer: afterAnswerOf(res), requestId: context.reqId };
  withoutInternalHeaders(res, fromFrontProxy, store);
  observeAnswer(res, context);
  if (isApi) withApiUnreachableEnvelope(res);
  else withPageHeaders(req, res);
  void answerTags.run(store, () => handle(req, res));
});
server.on('clientError', (error, socket) => {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(clientErrorAnswer(error));
});
// CONNECT goes to a 'connect' listener, never to the request handler; without one Node drops the
// connection. It answers 405 like TRACE.
server.on('connect', (req, socket) => {
  socket.end(rawEnvelope(405, `Method ${req.method} is not allowed`, [`Allow: ${PAGE_METHODS.join(', ')}`]));
});
// Idle connections are kept open longer than a client or proxy keeps its own (undici's few seconds,
// Varnish's backend_idle_timeout of 4 s): at Node's default of 5 s a client reusing a connection
// just as this server closed it got "other side closed" (two browser tests, on a loaded machine).
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, async () => {
  if (warming) {
    const local = hostname === '0.0.0.0' || hostname === '::' ? '127.0.0.1' : hostname.includes(':') ? `[${hostname}]` : hostname;
    await warmUp(`http://${local}:${port}`);
    warming = false;
  }
  const metricsPort = process.env.STOREFRONT_METRICS_PORT;
  const served = metricsPort ? await serveMetrics({ port: Number(metricsPort), host: process.env.STOREFRONT_METRICS_HOST || '127.0.0.1', metrics }) : undefined;
  console.log(`Storefront on http://${hostname}:${port}${served ? `, metrics on ${served.url}` : ''}`);
  // For a parent that started this process with an IPC channel (startShop): its own word that it listens.
  process.send?.({ listening: true });
  process.channel?.unref();
});

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
