// The request id alone, without the metrics: what the storefront's bundled server code (its API
// client, the proxy) imports to hand the id on. Types in request-id.d.mts.

/** The header carrying a request's id: from the edge (Varnish) to the storefront, from the storefront to the API, and back in every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** A request id another hop may hand on: letters, digits and `._:-`, up to 128 characters (a UUID, Varnish's). Anything else is replaced. */
const REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** The id a request came with when it is one, else a new one. */
export function requestIdOf(value) {
  const id = Array.isArray(value) ? value[0] : value;
  return typeof id === 'string' && REQUEST_ID.test(id) ? id : globalThis.crypto.randomUUID();
}

/**
 * The storefront's server-side calls to the API go through Next's data cache, whose key holds
 * every request header but the W3C trace context's: the id travels as a `tracestate` member so
 * that a cached read stays one entry for every request.
 */
const TRACESTATE_MEMBER = 'shop-rid';

/** The `tracestate` value carrying a request id. */
export const requestIdTraceState = (id) => `${TRACESTATE_MEMBER}=${id}`;

/** The request id a `tracestate` header carries, or undefined. */
export function requestIdFromTraceState(value) {
  if (typeof value !== 'string') return undefined;
  for (const member of value.split(',')) {
    const [key, id] = member.trim().split('=');
    if (key === TRACESTATE_MEMBER && id !== undefined && REQUEST_ID.test(id)) return id;
  }
  return undefined;
}
