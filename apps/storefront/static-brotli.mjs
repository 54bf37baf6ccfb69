// The build's scripts and styles in brotli (ADR 0010, issue #46 point 2): `npm run build` writes a
// `.br` beside each (scripts/precompress.mjs), and the front server answers a browser that takes
// brotli with it, before Next, which compresses with gzip only. The answer carries what Next's own
// would: the headers next.config's headers() gives the path (read from the build's
// routes-manifest.json), its type, and a year's immutable caching. Anything else (a file without
// a `.br`, a client without brotli, another method) is left to Next.
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, sep } from 'node:path';

export const STATIC_PREFIX = '/_next/static/';
const TYPES = { '.js': 'application/javascript; charset=UTF-8', '.css': 'text/css; charset=UTF-8' };

/** Whether an Accept-Encoding header takes brotli: it names `br` with no q, or a q above 0. */
export function acceptsBrotli(header) {
  if (typeof header !== 'string') return false;
  return header.split(',').some((entry) => {
    const [coding = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    return coding === 'br' && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** The build's header rules (next.config's headers()): a path's headers. */
function configuredHeaders(distDir) {
  const manifest = JSON.parse(readFileSync(join(distDir, 'routes-manifest.json'), 'utf8'));
  const rules = (manifest.headers ?? []).map((rule) => ({ regex: new RegExp(rule.regex), headers: rule.headers }));
  return (path) => Object.fromEntries(rules.filter((rule) => rule.regex.test(path)).flatMap((rule) => rule.headers.map(({ key, value }) => [key, value])));
}

/**
 * Reads the build's `.br` files (a few hundred KB) with their answers' headers; the function it
 * returns answers a request for one of them when the client takes brotli, and says whether it did.
 */
export function brotliStatic(distDir) {
  const root = join(distDir, 'static');
  const headersOf = configuredHeaders(distDir);
  const files = new Map();
  for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const original = name.slice(0, -'.br'.length);
    const type = TYPES[extname(original)];
    if (!name.endsWith('.br') || !type) continue;
    const path = STATIC_PREFIX + original.split(sep).join('/');
    const body = readFileSync(join(root, name));
    const headers = {
      ...headersOf(path),
      'content-type': type,
      'content-encoding': 'br',
      'content-length': body.length,
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
    };
    files.set(path, { body, headers });
  }
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const file = files.get((req.url ?? '').split('?')[0]);
    if (!file || !acceptsBrotli(req.headers['accept-encoding'])) return false;
    res.writeHead(200, file.headers);
    res.end(req.method === 'HEAD' ? undefined : file.body);
    return true;
  };
}
