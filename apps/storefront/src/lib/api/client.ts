/**
 * SERVER ONLY — never import this module from a 'use client' file (the `server-only` package is
 * not installed, so this comment is the guard). All commerce API access lives in src/lib/api/.
 */
import type { ApiEnvelope, CatalogQueryInput, CatalogQueryResult } from '@shop/contracts';
import { normalizeTags } from '@/lib/cache-tags.ts';
import { CACHE_TTL_SECONDS } from '@/lib/shop-config.ts';
import { apiRequestHeaders } from '@/lib/observability.ts';
import { availableApi, markApiDown } from './api-instances.ts';

/**
 * Base URL of the commerce API as this server reaches it (not the browser): of the instances in
 * API_INTERNAL_URL, the first that answers (api-instances.ts). Read per request.
 */
export function apiInternalUrl(): string {
  return availableApi(process.env.API_INTERNAL_URL ?? 'http://127.0.0.1:3001');
}

/** Client time-out of catalogue reads (catalogue.md §9: search client timeout 5000 ms). */
const REQUEST_TIMEOUT_MS = 5000;

/** The API answered with an error, or could not be reached. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    /** HTTP status, or 0 when the API could not be reached. */
    readonly status: number,
  ) {
    super(message);
  }
}

function isEnvelope(value: unknown): value is ApiEnvelope<unknown> {
  return typeof value === 'object' && value !== null && 'code' in value && 'result' in value;
}

/**
 * POSTs a catalogue query to the API's /api/catalog. The answer goes to Next's data cache
 * (`force-cache`; Next 16 caches POST fetches when asked, keyed by URL, method, headers and
 * body) for CACHE_TTL_SECONDS under `tags`; only 200 answers are stored. A page rendered with
 * ISR inherits these tags, so `revalidateTag(tag, 'max')` refreshes data and pages together.
 */
export async function catalogQuery<T = Record<string, unknown>>(
  body: CatalogQueryInput,
  tags: readonly string[],
  /** `uncached`: skip the data cache (answers that vary without bound, e.g. filtered lists). */
  options: { uncached?: boolean } = {},
): Promise<CatalogQueryResult<T>> {
  return apiPost<CatalogQueryResult<T>>('/api/catalog', body, options.uncached ? null : tags);
}

/**
 * POSTs JSON to an API path and returns the envelope's result. `tags` null: not cached (per
 * request); otherwise cached under the tags for CACHE_TTL_SECONDS.
 */
export async function apiPost<T>(path: string, body: unknown, tags: readonly string[] | null): Promise<T> {
  const api = apiInternalUrl();
  const url = `${api}${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...apiRequestHeaders() },
      body: JSON.stringify(body),
      ...(tags === null
        ? { cache: 'no-store' as const }
        : { cache: 'force-cache' as const, next: { tags: normalizeTags(tags), revalidate: CACHE_TTL_SECONDS } }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    // The next request goes to another instance, if one answers.
    markApiDown(api);
    throw new ApiError(`The commerce API at ${url} is not reachable: ${String(error)}`, 0);
  }

  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    throw new ApiError(`The commerce API answered ${response.status} without a JSON body`, response.status);
  }
  if (!response.ok || !isEnvelope(payload) || payload.code !== 200) {
    const message = isEnvelope(payload) && typeof payload.result === 'string' ? payload.result : 'unexpected answer';
    throw new ApiError(`${path} failed (${response.status}): ${message}`, response.status);
  }
  return payload.result as T;
}
