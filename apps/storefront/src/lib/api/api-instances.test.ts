import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { availableApi, markApiDown } from './api-instances.ts';

/**
 * A stand-in API whose readiness (/api/health/ready) answers, or hangs as a frozen process
 * (SIGSTOP) does; other paths are not found, as the counting /api/health is no probe's to ask.
 */
interface StandIn {
  url: string;
  server: Server;
  answers: boolean;
  probes: number;
}

async function standIn(): Promise<StandIn> {
  const api = { url: '', server: createServer(), answers: true, probes: 0 };
  api.server.on('request', (req, res) => {
    if (req.url !== '/api/health/ready') return void res.writeHead(404).end();
    api.probes += 1;
    if (api.answers) res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":200,"result":{"status":"ok"}}');
  });
  await new Promise<void>((resolve) => api.server.listen(0, '127.0.0.1', resolve));
  api.url = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
  return api;
}

let preferred: StandIn;
let other: StandIn;
let list: string;
beforeAll(async () => {
  [preferred, other] = [await standIn(), await standIn()];
  list = `${preferred.url}, ${other.url}/`;
});
afterAll(async () => {
  for (const { server } of [preferred, other]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
beforeEach(() => {
  preferred.answers = true;
  other.answers = true;
});

/** Two probe intervals and a little. */
const failover = { timeout: 2_500, interval: 50 };

describe('availableApi with two API instances', () => {
  it('prefers the first, leaves it while it does not answer and comes back once it does', async () => {
    expect(availableApi(list)).toBe(preferred.url);
    await vi.waitFor(() => expect(preferred.probes).toBeGreaterThan(0), failover);
    expect(availableApi(list)).toBe(preferred.url);

    preferred.answers = false;
    await vi.waitFor(() => expect(availableApi(list)).toBe(other.url), failover);

    preferred.answers = true;
    await vi.waitFor(() => expect(availableApi(list)).toBe(preferred.url), failover);
  });

  it('leaves an instance at once when a request could not reach it, until a probe finds it answering', async () => {
    await vi.waitFor(() => expect(availableApi(list)).toBe(preferred.url), failover);
    markApiDown(preferred.url);
    expect(availableApi(list)).toBe(other.url);
    await vi.waitFor(() => expect(availableApi(list)).toBe(preferred.url), failover);
  });

  it("probes without the global fetch, which Next patches and fails outside the render that started the probes", async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new Error('no-store fetch after the render ended')));
    try {
      await vi.waitFor(() => expect(availableApi(list)).toBe(preferred.url), failover);
      preferred.answers = false;
      await vi.waitFor(() => expect(availableApi(list)).toBe(other.url), failover);
      preferred.answers = true;
      await vi.waitFor(() => expect(availableApi(list)).toBe(preferred.url), failover);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps the first when none answers, so that errors read as with one API', () => {
    markApiDown(preferred.url);
    markApiDown(other.url);
    expect(availableApi(list)).toBe(preferred.url);
  });
});

describe('availableApi with one API', () => {
  it('always answers it, and probes nothing', async () => {
    expect(availableApi(`${preferred.url}/`)).toBe(preferred.url);
    markApiDown(preferred.url);
    expect(availableApi(`${preferred.url}/`)).toBe(preferred.url);
    // A probe the two-instance loop sent before it stopped may still arrive.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const probesBefore = preferred.probes;
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(preferred.probes).toBe(probesBefore);
  });
});
