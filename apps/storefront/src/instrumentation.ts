import type { Instrumentation } from 'next';

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
  // Error reporting (ADR 0022) only with a DSN: otherwise its SDK is never loaded.
  const { startServerReporting } = await import('./lib/error-reporting/server.ts');
  await startServerReporting();
}

/** A render or route error, for error reporting when it runs. */
export const onRequestError: Instrumentation.onRequestError = async (...args) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { reportRequestError } = await import('./lib/error-reporting/server.ts');
  await reportRequestError(...args);
};
