import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM helpers shared with the npm scripts
import { ExitedBeforeReady, waitForUrl } from './processes.mjs';

let server: Server | undefined;
afterEach(
  () =>
    new Promise<void>((resolve) => {
      server?.closeAllConnections();
      return server ? server.close(() => resolve()) : resolve();
    }),
);

/** Another process's server on a port: it answers 200 to anything. */
async function foreignServer(): Promise<string> {
  server = createServer((_, res) => res.end('ok'));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/health`;
}

describe('waitForUrl', () => {
  it('does not take an answer on the port for the child until the child says it listens', async () => {
    const url = await foreignServer();
    await expect(waitForUrl(url, { timeoutMs: 800, listening: () => false })).rejects.toThrow(`Timed out waiting for ${url}`);
    let said = false;
    setTimeout(() => (said = true), 300);
    await expect(waitForUrl(url, { timeoutMs: 5_000, listening: () => said })).resolves.toBeUndefined();
  });

  it('stops waiting with a clear error when the child has exited', async () => {
    const url = await foreignServer();
    const waiting = waitForUrl(url, { timeoutMs: 5_000, listening: () => false, isAlive: () => false });
    await expect(waiting).rejects.toThrow(`The process serving ${url} exited before it was ready`);
    // What startShopOnFreePorts starts again on new ports (and nothing else).
    await expect(waiting).rejects.toBeInstanceOf(ExitedBeforeReady);
  });
});
