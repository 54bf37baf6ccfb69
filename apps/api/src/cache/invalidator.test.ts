import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CacheInvalidator } from './invalidation.ts';

/** Every request the stand-ins for storefront instances and edge caches got, in order. */
const log: { who: string; method: string; tags: string[] }[] = [];
const servers: Server[] = [];
/** What each edge cache answers a purge; 200 unless a test says otherwise. */
const edgeStatus = new Map<string, number>();

async function standIn(who: string): Promise<string> {
  const server = createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    const tags = req.method === 'PURGE' ? String(req.headers['xkey-purge']).split(' ') : (JSON.parse(text) as { tags: string[] }).tags;
    log.push({ who, method: req.method ?? '', tags });
    res.writeHead(edgeStatus.get(who) ?? 200).end('{}');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let storefronts: string[];
let edgeUrl: string;
let secondEdgeUrl: string;
beforeAll(async () => {
  storefronts = [await standIn('storefront 1'), await standIn('storefront 2')];
  edgeUrl = await standIn('edge');
  secondEdgeUrl = await standIn('edge 2');
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});
beforeEach(() => {
  log.length = 0;
  edgeStatus.clear();
});

const tags = Array.from({ length: 60 }, (_, i) => `P${i + 1}`);

describe('CacheInvalidator with several storefront instances and an edge cache', () => {
  it('expires the tags on every instance, then purges them at the edge, and all of it once more a moment later', async () => {
    const invalidator = new CacheInvalidator({ url: `${storefronts[0]}, ${storefronts[1]}/`, secret: 'x'.repeat(16), edgeUrl });
    expect(await invalidator.invalidate(tags)).toEqual({ tags: 60, status: 'sent' });
    expect(log.slice(0, 2).map((entry) => [entry.who, entry.tags]).sort()).toEqual([
      ['storefront 1', tags],
      ['storefront 2', tags],
    ]);
    // xkey-purge batches of 50 tags.
    expect(log.slice(2)).toEqual([
      { who: 'edge', method: 'PURGE', tags: tags.slice(0, 50) },
      { who: 'edge', method: 'PURGE', tags: tags.slice(50) },
    ]);
    // The second pass: both again, storefronts first.
    await vi.waitFor(() => expect(log).toHaveLength(8));
    expect(log.slice(4, 6).map((entry) => entry.who).sort()).toEqual(['storefront 1', 'storefront 2']);
    expect(log.slice(6).map((entry) => entry.who)).toEqual(['edge', 'edge']);
  });

  it('purges every edge cache listed, each in batches', async () => {
    const invalidator = new CacheInvalidator({ url: storefronts[0], secret: 'x'.repeat(16), edgeUrl: `${edgeUrl}, ${secondEdgeUrl}/` });
    expect(await invalidator.invalidate(tags)).toEqual({ tags: 60, status: 'sent' });
    const purges = (who: string) => log.slice(1, 5).filter((entry) => entry.who === who);
    for (const who of ['edge', 'edge 2']) {
      expect(purges(who)).toEqual([
        { who, method: 'PURGE', tags: tags.slice(0, 50) },
        { who, method: 'PURGE', tags: tags.slice(50) },
      ]);
    }
    await vi.waitFor(() => expect(log).toHaveLength(10));
  });

  it('reports an edge cache that refuses, and which one', async () => {
    edgeStatus.set('edge 2', 403);
    const outcome = await new CacheInvalidator({ url: storefronts[0], secret: 'x'.repeat(16), edgeUrl: `${edgeUrl},${secondEdgeUrl}` }).invalidate(['home']);
    expect(outcome).toMatchObject({ status: 'failed', error: expect.stringContaining(`the edge cache ${secondEdgeUrl} answered 403`) });
    // The other edge was purged all the same.
    expect(log.filter((entry) => entry.who === 'edge')).toEqual([{ who: 'edge', method: 'PURGE', tags: ['home'] }]);
  });
});
