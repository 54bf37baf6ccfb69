/**
 * SERVER: Sentry in the storefront's server (rendering and route errors), started by
 * instrumentation.ts only when a DSN is configured; without one the SDK is never loaded.
 * Server reports involve no shopper's device, so no consent is asked; they are scrubbed like
 * the browser's (no cookies, headers, bodies or user; personal text masked).
 */
import type { Instrumentation } from 'next';
import { currentErrorReporting } from './config.ts';
import { DATA_COLLECTION, scrubBreadcrumb, scrubEvent } from './scrub.ts';

let sentry: typeof import('@sentry/nextjs') | null = null;

export async function startServerReporting(): Promise<void> {
  const config = currentErrorReporting();
  if (!config || sentry) return;
  sentry = await import('@sentry/nextjs');
  sentry.init({
    dsn: config.dsn,
    environment: config.environment,
    sampleRate: config.sampleRate,
    tracesSampleRate: config.tracesSampleRate,
    dataCollection: DATA_COLLECTION,
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
  });
}

/** Next's onRequestError hook: the error of a render or route, reported when Sentry runs. */
export const reportRequestError: Instrumentation.onRequestError = (error, request, context) => {
  sentry?.captureRequestError(error, request, context);
};
