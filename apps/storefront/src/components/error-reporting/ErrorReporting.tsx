'use client';

import { useEffect } from 'react';
import type { ErrorReportingConfig } from '@/lib/error-reporting/config.ts';
import { useAnalyticsAllowed } from '../analytics/tracking.tsx';

/**
 * Starts error reporting in the browser once a DSN is configured and the shopper allowed
 * statistics (ADR 0022): the SDK is fetched only then, so without either the page loads none.
 */
export function ErrorReporting({ config }: { config: ErrorReportingConfig | null }) {
  const allowed = useAnalyticsAllowed();
  useEffect(() => {
    if (!config || !allowed) return;
    void import('@/lib/error-reporting/browser.ts').then((reporting) => reporting.startBrowserReporting(config));
  }, [config, allowed]);
  return null;
}
