import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in storefront: records each revalidate call, answers `status`. */
export interface FakeStorefront {
  url: string;
  calls: { path: string; secret: string | undefined; tags: string[] }[];
  status: number;
  server: Server;
  /** Every tag sent so far, sorted. */
  sentTags(): string[];
  close(): Promise<void>;
}

/** Listens on a free port of 127.0.0.1; give its `url` as the API's storefrontInternalUrl. */
export async function fakeStorefront(): Promise<FakeStorefront> {
  const fake: FakeStorefront = {
    url: '',
    calls: [],
    status: 200,
    server: createServer(),
    sentTags: () => fake.calls.flatMap((c) => c.tags).sort(),
    close: () => new Promise((resolve) => fake.server.close(() => resolve())),
  };
  fake.server.on('request', async (req, res) => {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    const secret = req.headers['x-revalidate-secret'];
    fake.calls.push({ path: req.url ?? '', secret: typeof secret === 'string' ? secret : undefined, tags: JSON.parse(text).tags });
    res.writeHead(fake.status, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  return fake;
}
