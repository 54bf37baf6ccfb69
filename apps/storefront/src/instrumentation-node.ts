import { rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Empties the page and data cache that Next keeps on disk (see instrumentation.ts). */
export async function clearPageCache(): Promise<void> {
  const distDir = join(/* turbopackIgnore: true */ process.cwd(), process.env.NEXT_DIST_DIR ?? '.next');
  await Promise.all(
    [join(distDir, 'server', 'route-cache'), join(distDir, 'cache', 'fetch-cache')].map((dir) =>
      rm(dir, { recursive: true, force: true }),
    ),
  );
}
