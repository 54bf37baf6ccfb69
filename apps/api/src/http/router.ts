import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestContext } from '@shop/observability';
import { z } from 'zod';
import { DEFAULT_MAX_BODY_BYTES, drainRefusedBody, readBodyBytes, readJsonBody, readTextBody, refuseDeclaredOversize } from './body.ts';
import { clientAddressResolver, perAddressKey, type ClientAddress } from './client-address.ts';
import { describeZodError, HttpError, isDatabaseUnavailable } from './errors.ts';
import { countsAsWrite, EdgeCached, FileAnswer, PrivateAnswer, WithMeta, type AnyRoute } from './route.ts';
import type { WriteLimit } from './write-limit.ts';

interface CompiledRoute {
  route: AnyRoute;
  pattern: RegExp;
  names: string[];
}

function compile(route: AnyRoute): CompiledRoute {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((part) => {
      const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (!part.startsWith(':')) return escape(part);
      // A parameter may end with a fixed suffix: `:id.xml` is the parameter id followed by ".xml".
      const [, name, suffix] = /^:([A-Za-z_]+)(.*)$/.exec(part)!;
      names.push(name!);
      // `:path+` is the rest of the path, slashes and all (a picture's path).
      if (suffix === '+') return '(.+)';
      return suffix ? `([^/]+?)${escape(suffix)}` : '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}/?$`), names };
}

/** Query string as an object: a repeated key becomes an array. */
function queryObject(search: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const all = search.getAll(key);
    out[key] = all.length === 1 ? all[0]! : all;
  }
  return out;
}

/**
 * Headers of every API answer: JSON and files are data, never a page: not sniffed into HTML,
 * never framed, nothing loaded or run if one is opened in a browser. (Node sends no Server or
 * X-Powered-By header; none is added.)
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

/** Edge tags: the shared cache keeps these a day at most, browsers never (ADR 0024). */
const EDGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=86400';

/** Cache-Control of an answer, and its `xkey` tags when the edge cache may keep it. */
function cacheHeaders(answer: unknown): Record<string, string> {
  if (answer instanceof PrivateAnswer) return { 'cache-control': 'private, no-store' };
  if (answer instanceof EdgeCached && answer.tags.length > 0) return { 'cache-control': EDGE_CACHE_CONTROL, xkey: answer.tags.join(' ') };
  return { 'cache-control': 'no-store' };
}

export function send(res: ServerResponse, status: number, answer: unknown): void {
  const result = answer instanceof PrivateAnswer || answer instanceof EdgeCached ? answer.result : answer;
  const body = JSON.stringify(result instanceof WithMeta ? { code: status, result: result.result, meta: result.meta } : { code: status, result });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...cacheHeaders(answer),
    ...SECURITY_HEADERS,
  });
  res.end(body);
}

/**
 * A file route's bytes as they are; its headers (lower-cased) may replace the defaults, e.g.
 * Cache-Control. A stream is written chunk by chunk, waiting while the client is slower than the
 * source, so memory holds a chunk or two whatever the size; a failure midway ends the connection.
 */
async function sendFile(res: ServerResponse, status: number, contentType: string, file: FileAnswer): Promise<void> {
  const extra = Object.entries(file.headers).map(([name, value]) => [name.toLowerCase(), value]);
  const headers = { 'content-type': contentType, 'cache-control': 'no-store', ...SECURITY_HEADERS, ...Object.fromEntries(extra) };
  if (file.body instanceof Uint8Array) {
    res.writeHead(status, { ...headers, 'content-length': file.body.byteLength });
    res.end(file.body);
    return;
  }
  const chunks = file.body[Symbol.asyncIterator]();
  // The first chunk comes before the head: an error there is still answered as an envelope.
  let next = await chunks.next();
  res.writeHead(status, headers);
  const closed = new Promise<void>((resolve) => res.once('close', resolve));
  while (!next.done) {
    if (res.destroyed) {
      await chunks.return?.();
      return;
    }
    if (!res.write(next.value)) await Promise.race([new Promise((resolve) => res.once('drain', resolve)), closed]);
    next = await chunks.next();
  }
  res.end();
}

function parse<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, describeZodError(where, parsed.error));
  return parsed.data;
}

function decodePathSegment(name: string, segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, `Invalid path: ${name}: malformed percent-encoding`);
  }
}

export type Logger = Pick<Console, 'error' | 'warn' | 'info'>;

export interface RouterOptions {
  logger?: Logger;
  /** The address per-address limits count a request against; default: the socket peer behind loopback proxies. */
  clientAddress?: ClientAddress;
  /** Counts a POST/PUT/DELETE against its address's write limit (Route.limitWrites); unset: writes are not limited. */
  writeLimit?: WriteLimit;
}

/** The only text a 500 answers: what failed inside (a message, a stack, a query) goes to the log, never to the client. */
const INTERNAL_ERROR_TEXT = 'Internal server error';
const DATABASE_UNAVAILABLE_TEXT = 'The shop is not answering right now: please try again in a moment';
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Dispatches /api requests to routes; answers every outcome in the `{ code, result }` envelope, but a file route's file. */
export function createRouter(routes: readonly AnyRoute[], { logger = console, clientAddress = clientAddressResolver(), writeLimit }: RouterOptions = {}) {
  const compiled = routes.map(compile);

  /**
   * `context` (the request's log line and metrics, @shop/observability) learns the route pattern
   * that answered and what failed; log lines here name the pattern and the request id, never the
   * path, which may carry an e-mail address or a token.
   */
  return async function handle(req: IncomingMessage, res: ServerResponse, context?: RequestContext): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://localhost');
    let where = `${method} ${context?.route ?? 'unmatched'}`;
    let matched: AnyRoute | undefined;
    try {
      const candidates = compiled
        .map((c) => ({ c, match: c.pattern.exec(url.pathname) }))
        .filter((x) => x.match !== null);
      if (candidates.length === 0) throw new HttpError(404, `No API route ${method} ${url.pathname}`);
      const found = candidates.find((x) => x.c.route.method === method);
      if (context) context.route = (found ?? candidates[0]!).c.route.path;
      where = `${method} ${(found ?? candidates[0]!).c.route.path}${context ? ` (request ${context.reqId})` : ''}`;
      if (!found) {
        const allowed = [...new Set(candidates.map((x) => x.c.route.method))].join(', ');
        res.setHeader('allow', allowed);
        throw new HttpError(405, `Method ${method} is not allowed on ${url.pathname}; use ${allowed}`);
      }
      const { route, names } = found.c;
      matched = route;
      const params = Object.fromEntries(names.map((n, i) => [n, decodePathSegment(n, found.match![i + 1]!)]));
      let body: unknown;
      let raw = '';
      let bytes: Buffer = Buffer.alloc(0);
      const maxBodyBytes = route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
      refuseDeclaredOversize(req, maxBodyBytes, route.tooLargeMessage);
      // Who may call comes first: a caller without the right is refused before anything is read of the request.
      await route.authorize?.(req);
      const query = route.query ? parse(route.query, queryObject(url.searchParams), 'query') : undefined;
      const address = perAddressKey(clientAddress(req));
      // Counted before the body is read: a client over its limit costs one small query.
      if (writeLimit && countsAsWrite(route)) await writeLimit(address);
      if (route.rawBody) {
        raw = await readTextBody(req, maxBodyBytes);
      } else if (route.binaryBody) {
        bytes = await readBodyBytes(req, maxBodyBytes, route.tooLargeMessage);
      } else if (route.body) {
        const raw = await readJsonBody(req, maxBodyBytes);
        if (raw === undefined) throw new HttpError(400, 'Invalid request body: a JSON body is required');
        body = parse(route.body, raw, 'request body');
      }
      const result = await route.handler({ query, body, params, req, raw, bytes, clientAddress: address, setHeader: (name, value) => res.setHeader(name, value) });
      if (result instanceof FileAnswer) await sendFile(res, route.status ?? 200, route.produces ?? 'application/octet-stream', result);
      else send(res, route.status ?? 200, result);
    } catch (error) {
      if (res.headersSent) {
        // Nothing can be answered any more: the client sees the connection end.
        if (context) context.errorKind = 'after_answer';
        logger.error(`${where} failed after answering:`, error);
        res.destroy();
        return;
      }
      if (error instanceof HttpError) {
        if (error.status === 413) await drainRefusedBody(req);
        for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
        send(res, error.status, matched?.refusal ? await matched.refusal(req, error.message) : error.message);
        return;
      }
      if (isDatabaseUnavailable(error)) {
        if (context) context.errorKind = 'database_unavailable';
        logger.warn(`${where}: the database is not answering (${error instanceof Error ? error.message : String(error)})`);
        res.setHeader('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        send(res, 503, DATABASE_UNAVAILABLE_TEXT);
        return;
      }
      if (context) context.errorKind = 'internal';
      logger.error(`${where} failed:`, error);
      send(res, 500, INTERNAL_ERROR_TEXT);
    }
  };
}
