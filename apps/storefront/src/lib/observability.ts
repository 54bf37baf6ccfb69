/**
 * SERVER ONLY (see api/client.ts). What the storefront's bundled server code tells the front
 * server's request log and metrics (front-server.mjs, @shop/observability, ADR 0033). Both live
 * on globalThis, as the front server, the proxy and the pages are loaded apart.
 */
import { requestIdTraceState } from '@shop/observability/request-id';

/** The front server's store of the request being answered (cache/cache-handler.mjs `answerTags`). */
interface AnswerStore {
  requestId?: string;
}
interface Metrics {
  cacheLookup(cache: string, result: 'hit' | 'miss'): void;
}
const shared = globalThis as typeof globalThis & {
  [key: symbol]: unknown;
};

function currentRequestId(): string | undefined {
  const store = shared[Symbol.for('shop.answerTags')] as { getStore(): AnswerStore | undefined } | undefined;
  return store?.getStore()?.requestId;
}

/**
 * Headers of a call to the API that carry the id of the request being answered, so that the
 * API's log line for it has the same id. As a `tracestate` member: Next's data cache keys a cached
 * read by its headers but the trace context's, so the read stays one entry for every request.
 */
export function apiRequestHeaders(): Record<string, string> {
  const id = currentRequestId();
  return id ? { tracestate: requestIdTraceState(id) } : {};
}

/** Counts one lookup of an in-process cache of the storefront (none counted under `next dev`, which has no front server). */
export function countCacheLookup(cache: string, hit: boolean): void {
  (shared[Symbol.for('shop.metrics')] as Metrics | undefined)?.cacheLookup(cache, hit ? 'hit' : 'miss');
}
