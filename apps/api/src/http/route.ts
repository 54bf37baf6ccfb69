import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteInput<Q, B> {
  query: Q;
  body: B;
  params: Record<string, string>;
  req: IncomingMessage;
  /** The client per-address limits count against (http/client-address.ts): an IPv4 address, or an IPv6 client's /64. */
  clientAddress: string;
  /** The body exactly as sent, for routes with `rawBody` (signed webhooks verify these bytes). */
  raw: string;
  /** The body's bytes, for routes with `binaryBody` (an uploaded picture); empty otherwise. */
  bytes: Buffer;
  /** Adds a header to the answer (e.g. Set-Cookie); set it last: an error answer sends it too. */
  setHeader(name: string, value: string | string[]): void;
}

/** A route: its schemas validate input at the edge and describe it in the OpenAPI document. */
export interface Route<Q = unknown, B = unknown, R = unknown> {
  method: Method;
  /** Path with `:name` segments, e.g. /api/stock/check. */
  path: string;
  summary: string;
  tag: string;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  response: z.ZodType<R>;
  /** HTTP status of a successful answer. */
  status?: number;
  /** Runs before the body is read; throws (or rejects with) an HttpError (e.g. 401) to refuse the request. */
  authorize?(req: IncomingMessage): void | Promise<void>;
  /** A back-office route a program may call with an API key holding this scope (ADR 0030); listed in the OpenAPI document. */
  apiKeyScope?: string;
  /** Read the body as text, unparsed (into `raw`): a signature covers the exact bytes. */
  rawBody?: boolean;
  /**
   * Read the body as bytes, unparsed (into `bytes`): a file sent as it is, of these media types
   * (listed in the OpenAPI document; the handler judges the bytes, not the declared type).
   */
  binaryBody?: readonly string[];
  /** The media type of a `rawBody` that is a document (e.g. text/csv), for the OpenAPI document. */
  consumes?: string;
  /** Largest request body accepted, in bytes (default DEFAULT_MAX_BODY_BYTES, 64 KiB). */
  maxBodyBytes?: number;
  /** The 413's text for a body over maxBodyBytes, where a person reads it (default: the API's English one). */
  tooLargeMessage?: string;
  /**
   * A POST, PUT or DELETE counts against the per-address write limit (http/write-limit.ts)
   * unless this is false: a query sent as POST (catalogue, search: reads, which the storefront's
   * server renders pages with), a payment provider's signed webhook, and the admin routes, whose
   * `authorize` has admitted the admin token before the count.
   */
  limitWrites?: false;
  /**
   * The media type of a file route (e.g. application/pdf): its `response` is `z.instanceof(FileAnswer)`
   * and the handler's FileAnswer is sent as it is; errors stay envelopes.
   */
  produces?: string;
  /**
   * The result, or the result with the envelope's `meta` (WithMeta), or one customer's result
   * (PrivateAnswer), or a public read the edge cache may keep until its tags are purged (EdgeCached).
   */
  /**
   * The `result` of a refusal (an HttpError, the body's validation included) when this route's
   * caller reads it elsewhere than as the text itself: Vue Storefront 1 reads `result.errorMessage`
   * on its profile and password calls (accounts/routes.ts). Must not throw.
   */
  refusal?(req: IncomingMessage, message: string): Promise<unknown>;
  handler(input: RouteInput<Q, B>): Promise<Answer<R>> | Answer<R>;
}

/** Keeps the handler's input and output typed by the route's schemas. */
export function defineRoute<Q = undefined, B = undefined, R = unknown>(route: Route<Q, B, R>): Route<Q, B, R> {
  return route;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = Route<any, any, any>;

/** Whether a request to the route counts against the per-address write limit. */
export const countsAsWrite = (route: AnyRoute) => route.method !== 'GET' && route.limitWrites !== false;

/**
 * An answer with the envelope's `meta` beside `result` (Vue Storefront 1: login answers the token
 * in `result` and the refresh token in `meta.refreshToken`).
 */
export class WithMeta<R> {
  constructor(
    readonly result: R,
    readonly meta: Readonly<Record<string, unknown>>,
  ) {}
}

/**
 * The bytes of a file route (`produces`), sent without the envelope, with extra headers such as
 * Content-Disposition; or a stream of chunks (an export), written as they come, without a length.
 */
export class FileAnswer {
  constructor(
    readonly body: Uint8Array | AsyncIterable<string | Uint8Array>,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}

/**
 * An answer for one signed-in customer, such as prices of their customer group: sent with
 * `Cache-Control: private, no-store`, so no shared cache keeps it or hands it to anyone else.
 */
export class PrivateAnswer<R> {
  constructor(readonly result: R) {}
}

/**
 * A public catalogue read, the same for every shopper: sent with `Cache-Control: public,
 * max-age=0, s-maxage=86400` and its cache tags as `xkey` (the storefront's tags, ADR 0005), so
 * the edge cache keeps it until a catalogue change purges one of them (ADR 0024). Browsers ask
 * again every time, as for every other answer.
 */
export class EdgeCached<R> {
  constructor(
    readonly result: R,
    readonly tags: readonly string[],
  ) {}
}

export type Answer<R> = R | WithMeta<R> | PrivateAnswer<R> | EdgeCached<R>;
