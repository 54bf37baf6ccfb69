import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { readJsonBody, readTextBody } from './body.ts';
import { clientAddressResolver, type ClientAddress } from './client-address.ts';
import { describeZodError, HttpError } from './errors.ts';
import { FileAnswer, PrivateAnswer, WithMeta, type AnyRoute } from './route.ts';

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
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/]+)';
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

export function send(res: ServerResponse, status: number, answer: unknown): void {
  const result = answer instanceof PrivateAnswer ? answer.result : answer;
  const body = JSON.stringify(result instanceof WithMeta ? { code: status, result: result.result, meta: result.meta } : { code: status, result });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': answer instanceof PrivateAnswer ? 'private, no-store' : 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(body);
}

/** A file route's bytes as they are; its headers (lower-cased) may replace the defaults, e.g. Cache-Control. */
function sendFile(res: ServerResponse, status: number, contentType: string, file: FileAnswer): void {
  const extra = Object.entries(file.headers).map(([name, value]) => [name.toLowerCase(), value]);
  res.writeHead(status, {
    'content-type': contentType,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...Object.fromEntries(extra),
    'content-length': file.body.byteLength,
  });
  res.end(file.body);
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

/** Dispatches /api requests to routes; answers every outcome in the `{ code, result }` envelope, but a file route's file. */
export function createRouter(routes: readonly AnyRoute[], logger: Logger = console, clientAddress: ClientAddress = clientAddressResolver()) {
  const compiled = routes.map(compile);

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      const candidates = compiled
        .map((c) => ({ c, match: c.pattern.exec(url.pathname) }))
        .filter((x) => x.match !== null);
      if (candidates.length === 0) throw new HttpError(404, `No API route ${method} ${url.pathname}`);
      const found = candidates.find((x) => x.c.route.method === method);
      if (!found) {
        const allowed = [...new Set(candidates.map((x) => x.c.route.method))].join(', ');
        res.setHeader('allow', allowed);
        throw new HttpError(405, `Method ${method} is not allowed on ${url.pathname}; use ${allowed}`);
      }
      const { route, names } = found.c;
      const params = Object.fromEntries(names.map((n, i) => [n, decodePathSegment(n, found.match![i + 1]!)]));
      const query = route.query ? parse(route.query, queryObject(url.searchParams), 'query') : undefined;
      let body: unknown;
      let raw = '';
      route.authorize?.(req);
      if (route.rawBody) {
        raw = await readTextBody(req, route.maxBodyBytes);
      } else if (route.body) {
        const raw = await readJsonBody(req, route.maxBodyBytes);
        if (raw === undefined) throw new HttpError(400, 'Invalid request body: a JSON body is required');
        body = parse(route.body, raw, 'request body');
      }
      const result = await route.handler({ query, body, params, req, raw, clientAddress: clientAddress(req) });
      if (result instanceof FileAnswer) sendFile(res, route.status ?? 200, route.produces ?? 'application/octet-stream', result);
      else send(res, route.status ?? 200, result);
    } catch (error) {
      if (error instanceof HttpError) {
        for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
        send(res, error.status, error.message);
        return;
      }
      logger.error(`${method} ${url.pathname} failed:`, error);
      send(res, 500, 'Internal server error');
    }
  };
}
