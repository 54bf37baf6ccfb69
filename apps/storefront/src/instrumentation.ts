/**
 * Runs once when the storefront server starts. It empties the page and data cache that Next
 * keeps on disk, so a restart starts cold: a catalogue changed while the storefront was down
 * (an import, another database) can never be served from a stale copy. Optimised images are
 * derived from their URL alone and keep their cache.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { clearPageCache } = await import('./instrumentation-node.ts');
  await clearPageCache();
}
