import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { startShopOnFreePorts, storefrontDir } from '../scripts/lib/processes.mjs';

export interface OwnShop {
  url: string;
  apiPort: number;
  dataDir: string;
  /** With `logs`: the lines each process has written to standard output so far (its request log). */
  logs?: { api: string[]; storefront: string[] };
  stop(): Promise<void>;
}

/** The lines a stream has carried so far, kept as they come. */
function linesOf(stream: NodeJS.ReadableStream): string[] {
  const lines: string[] = [];
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop() ?? '';
    lines.push(...parts);
  });
  return lines;
}

/**
 * A shop of its own beside the shared one (its own embedded database and settings). It serves a
 * private copy of the storefront build: Next keeps rendered pages on disk inside the build folder,
 * and two shops on one folder would serve each other's pages (another catalogue, other URLs).
 */
export async function startOwnShop(label: string, env: Record<string, string>, options: { logs?: boolean } = {}): Promise<OwnShop> {
  const dataDir = mkdtempSync(join(tmpdir(), `shop-e2e-${label}-`));
  const distName = copyBuild(label);
  const shop = (await startShopOnFreePorts({
    // The newsletter popup would cover what tests click: on only where a test asks (e2e/newsletter.e2e.test.ts).
    env: { DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_TOKEN: '', CART_CREATE_LIMIT: '100000', REGISTER_LIMIT: '100000', REGISTER_CHALLENGE_AFTER: '100000', REGISTER_DOMAIN_LIMIT: '100000', NEWSLETTER_POPUP: 'false', ...env, NEXT_DIST_DIR: distName },
    stdio: ['ignore', options.logs ? 'pipe' : 'ignore', 'inherit'],
  })) as { url: string; apiPort: number; stop: () => Promise<void>; api: { stdout: NodeJS.ReadableStream }; web: { stdout: NodeJS.ReadableStream } };
  return {
    url: shop.url,
    apiPort: shop.apiPort,
    dataDir,
    ...(options.logs ? { logs: { api: linesOf(shop.api.stdout), storefront: linesOf(shop.web.stdout) } } : {}),
    async stop() {
      await shop.stop();
      rmSync(dataDir, { recursive: true, force: true });
      removeBuild(distName);
    },
  };
}

/** A private copy of the storefront build (without its page cache); the name for NEXT_DIST_DIR. */
export function copyBuild(label: string): string {
  const distName = `.next-e2e-${label}-${process.pid}`;
  const source = join(storefrontDir as string, process.env.NEXT_DIST_DIR ?? '.next');
  cpSync(source, join(storefrontDir as string, distName), {
    recursive: true,
    filter: (path) => !path.startsWith(join(source, 'cache')),
  });
  return distName;
}

export function removeBuild(distName: string): void {
  rmSync(join(storefrontDir as string, distName), { recursive: true, force: true });
}
