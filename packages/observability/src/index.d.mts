import type { IncomingMessage, ServerResponse } from 'node:http';
import client from 'prom-client';

export * from './request-id.mjs';

export declare function methodLabel(method: string): string;

export interface RequestLogEntry {
  time?: Date;
  service: string;
  reqId: string;
  method: string;
  /** The route pattern that answered, never the path. */
  route: string;
  status: number;
  ms: number;
  cache?: string | undefined;
  aborted?: boolean | undefined;
}
export declare function requestLogLine(entry: RequestLogEntry): string;

export interface ProcessMetrics {
  registry: client.Registry;
  /** A counter of this registry, the one already registered under its name if any. */
  counter<T extends string>(config: { name: string; help: string; labelNames?: readonly T[] }): client.Counter<T>;
  /** A gauge of this registry, the one already registered under its name if any (its `collect` replaced). */
  gauge<T extends string>(config: { name: string; help: string; labelNames?: readonly T[]; collect?: (this: client.Gauge<T>) => void | Promise<void> }): client.Gauge<T>;
  request(observed: { method: string; route: string; status: number; seconds: number; errorKind?: string | undefined }): void;
  cacheLookup(cache: string, result: 'hit' | 'shared_hit' | 'stale' | 'miss'): void;
  collectProcessMetrics(): void;
}
export declare function processMetrics(): ProcessMetrics;

export interface RequestContext {
  readonly reqId: string;
  /** The route pattern that answered; unset: `unmatched`. */
  route: string | undefined;
  /** hit / miss / stale where a cache answered or was asked. */
  cache: string | undefined;
  /** What failed, for a 5xx (e.g. internal, database_unavailable). */
  errorKind: string | undefined;
}
export declare function observeRequest(
  req: IncomingMessage,
  res: ServerResponse,
  options: { service: string; log?: ((line: string) => void) | undefined; metrics?: ProcessMetrics | null; now?: () => number; trustIncoming?: boolean },
): RequestContext;

export interface MetricsServer {
  /** Where the metrics are: http://host:port/metrics. */
  url: string;
  close(): Promise<void>;
}
export declare function serveMetrics(options: { port: number; host?: string; metrics?: ProcessMetrics }): Promise<MetricsServer>;

export declare const promClient: typeof client;
