/**
 * BROWSER: Sentry in the page, started only with a DSN and the shopper's statistics consent
 * (components/error-reporting/ErrorReporting.tsx loads this module then, so the SDK is not in
 * the page otherwise). Session replay masks all text and inputs and blocks media; every event
 * and breadcrumb is scrubbed of personal text before it leaves (scrub.ts).
 */
import * as Sentry from '@sentry/nextjs';
import type { ErrorReportingConfig } from './config.ts';
import { DATA_COLLECTION, scrubBreadcrumb, scrubEvent } from './scrub.ts';

let started = false;

export function startBrowserReporting(config: ErrorReportingConfig): void {
  if (started) return;
  started = true;
  const replays = config.replaysSessionSampleRate > 0 || config.replaysOnErrorSampleRate > 0;
  Sentry.init({
    dsn: config.dsn,
    environment: config.environment,
    sampleRate: config.sampleRate,
    tracesSampleRate: config.tracesSampleRate,
    replaysSessionSampleRate: config.replaysSessionSampleRate,
    replaysOnErrorSampleRate: config.replaysOnErrorSampleRate,
    dataCollection: DATA_COLLECTION,
    integrations: [
      ...(replays ? [Sentry.replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: true })] : []),
      ...(config.tracesSampleRate > 0 ? [Sentry.browserTracingIntegration()] : []),
    ],
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
  });
}
