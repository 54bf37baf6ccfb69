import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface XkeyEdge {
  /** Where shoppers (and the API's PURGE, as EDGE_PURGE_URL) reach it. */
  url: string;
  /** The shop behind it; set once the shop has started (it needs `url` to start). */
  origin: string;
  /** The tags of every PURGE so far, in order. */
  purges: string[][];
  stop(): Promise<void>;
}

interface Copy {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  tags: string[];
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'xkey'];

/**
 * A stand-in for the shop's edge cache (ADR 0024: Varnish with xkey, deploy/varnish/shop.vcl) where
 * Varnish is not installed, as in the browser tests. A GET answer the shop sends with `xkey` tags is
 * kept and served again (`x-edge: hit`) for ever, until a `PURGE` whose `xkey-purge` names one of
 * its tags: the harshest edge there is, fresh only by the purges the API sends. It reaches the shop
 * from `localAddress`, which the shop trusts as its front proxy (SHOP_TRUSTED_PROXIES): only to
 * that address does the shop send its tags.
 */
export async function startXkeyEdge(localAddress: string): Promise<XkeyEdge> {
  const kept = new Map<string, Copy>();
  const edge: XkeyEdge = { url: '', origin: '', purges: [], stop: async () => {} };
  const server = createServer((req, res) => {
    if (req.method === 'PURGE') {
      const tags = String(req.headers['xkey-purge'] ?? '').split(/\s+/).filter(Boolean);
      edge.purges.push(tags);
      for (const [url, copy] of kept) if (copy.tags.some((tag) => tags.includes(tag))) kept.delete(url);
      res.writeHead(200).end();
      return;
    }
    const copy = req.method === 'GET' ? kept.get(req.url ?? '/') : undefined;
    if (copy) {
      res.writeHead(copy.status, { ...copy.headers, 'content-length': copy.body.length, 'x-edge': 'hit' }).end(copy.body);
      return;
    }
    const origin = new URL(edge.origin);
    const upstream = request({ host: origin.hostname, port: origin.port, path: req.url, method: req.method, headers: { ...req.headers, host: origin.host }, localAddress }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.concat(chunks);
        const tags = String(answer.headers['xkey'] ?? '').split(/\s+/).filter(Boolean);
        const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.includes(name)));
        if (req.method === 'GET' && answer.statusCode === 200 && tags.length > 0) kept.set(req.url ?? '/', { status: 200, headers, body, tags });
        res.writeHead(answer.statusCode ?? 502, { ...headers, 'content-length': body.length, 'x-edge': 'miss' }).end(body);
      });
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  edge.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  edge.stop = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return edge;
}
