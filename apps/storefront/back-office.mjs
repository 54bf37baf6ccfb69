// The back office (apps/admin, ADR 0029): its built files served at /admin by the front server,
// before Next sees the request. Every answer is the staff's own: `no-store` on the page, `private`
// on the hashed assets (no shared cache, the edge included, keeps them), `noindex, nofollow`, and
// a script policy that allows the app's own files only (no inline script, no eval, no other origin).
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { acceptsBrotli } from './static-brotli.mjs';

export const BACK_OFFICE_PREFIX = '/admin';

/** Where `npm run build` leaves the back office (vite's outDir). */
export const backOfficeDist = fileURLToPath(new URL('../admin/dist/', import.meta.url));

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
};

/**
 * Styles: MUI (emotion) writes its rules into <style> elements at run time, hence 'unsafe-inline'
 * for styles only; the QR code of TOTP enrolment is a data: image.
 */
export const BACK_OFFICE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const COMMON_HEADERS = {
  'x-robots-tag': 'noindex, nofollow',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

/** Whether a request path belongs to the back office: /admin, /admin/…, never /administrator. */
export const isBackOfficePath = (url) => /^\/admin(?:[/?#]|$)/.test(url ?? '');

function send(req, res, status, headers, body) {
  res.writeHead(status, { ...COMMON_HEADERS, 'content-length': Buffer.byteLength(body), ...headers });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Answers a back-office request: a file under assets/ as it is, any other path (the app's own
 * routes: /admin/ordini/123) with index.html, the app routing in the browser.
 */
export async function serveBackOffice(req, res, dist = backOfficeDist) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    send(req, res, 405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, 'Method not allowed');
    return;
  }
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(req.url, 'http://shop.invalid').pathname);
  } catch {
    send(req, res, 400, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, 'Bad request');
    return;
  }
  if (pathname === BACK_OFFICE_PREFIX) {
    // The app's base is /admin/: relative asset URLs need the slash.
    res.writeHead(308, { ...COMMON_HEADERS, location: '/admin/', 'cache-control': 'no-store', 'content-length': 0 });
    res.end();
    return;
  }
  const relative = pathname.slice(BACK_OFFICE_PREFIX.length + 1);
  const isFile = /\.[A-Za-z0-9]{1,5}$/.test(relative) && relative !== 'index.html';
  if (isFile) {
    const file = normalize(join(dist, relative));
    if (!file.startsWith(dist.endsWith(sep) ? dist : dist + sep) || !(await stat(file).catch(() => null))?.isFile()) {
      send(req, res, 404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, 'Not found');
      return;
    }
    const hashed = relative.startsWith('assets/');
    const headers = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': hashed ? 'private, max-age=31536000, immutable' : 'no-store' };
    // The build's brotli copy of a script or style (scripts/precompress.mjs), to a browser that takes it.
    const compressed = acceptsBrotli(req.headers['accept-encoding']) ? await readFile(`${file}.br`).catch(() => null) : null;
    if (compressed) send(req, res, 200, { ...headers, 'content-encoding': 'br', vary: 'Accept-Encoding' }, compressed);
    else send(req, res, 200, headers, await readFile(file));
    return;
  }
  const html = await readFile(join(dist, 'index.html')).catch(() => null);
  if (!html) {
    send(req, res, 503, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, 'The back office is not built: run npm run build');
    return;
  }
  send(req, res, 200, { 'content-type': TYPES['.html'], 'cache-control': 'no-store', 'content-security-policy': BACK_OFFICE_CSP }, html);
}
