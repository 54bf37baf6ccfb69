import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import { HttpError, tooManyRequests } from '../../http/errors.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import type { Logger } from '../../http/router.ts';
import { parseCspReports, violationLine } from './reports.ts';

/** Report limits (README settings): a page with a broken policy reports on every view, a script can report forever. */
export interface CspReportLimits {
  /** Reports one client address may send per window. */
  perAddress: number;
  /** Reports logged per window by this API process, whoever sends them. */
  perProcess: number;
  windowSeconds: number;
  /** Largest report body (a report is well under 2 KiB; the Reporting API batches a few). */
  maxBodyBytes: number;
}

export const DEFAULT_CSP_REPORT_LIMITS: CspReportLimits = { perAddress: 20, perProcess: 300, windowSeconds: 60, maxBodyBytes: 16 * 1024 };

const TOO_MANY_REPORTS = 'Too many reports from this address. Please try again in {seconds} seconds.';

/**
 * `POST /api/csp-report`: the storefront's policy sends violations here; each is logged (a warning
 * line). Counted in memory, not in the database: a report writes nothing, and a flood of them must
 * cost no query; nor against the shopper's write limit (a browser sends them unasked).
 */
export function cspReportRoutes(logger: Logger, limits: CspReportLimits = DEFAULT_CSP_REPORT_LIMITS): AnyRoute[] {
  const byAddress = new RateLimiterMemory({ keyPrefix: 'csp-address', points: limits.perAddress, duration: limits.windowSeconds });
  const overall = new RateLimiterMemory({ keyPrefix: 'csp-process', points: limits.perProcess, duration: limits.windowSeconds });
  return [
    defineRoute({
      method: 'POST',
      path: '/api/csp-report',
      tag: 'security',
      summary: `Receives Content Security Policy violation reports (application/csp-report or application/reports+json) and logs them. At most ${limits.maxBodyBytes} bytes (413); ${limits.perAddress} reports per ${limits.windowSeconds} s per client address (429)`,
      rawBody: true,
      maxBodyBytes: limits.maxBodyBytes,
      limitWrites: false,
      status: 202,
      response: z.literal('recorded'),
      handler: async ({ raw, clientAddress }) => {
        try {
          await byAddress.consume(clientAddress);
          await overall.consume('all');
        } catch (error) {
          if (error instanceof RateLimiterRes) throw tooManyRequests(TOO_MANY_REPORTS, error.msBeforeNext);
          throw error;
        }
        const violations = parseCspReports(raw);
        if (violations === null) throw new HttpError(400, 'Invalid request body: a CSP report ({"csp-report": {…}}) or a list of Reporting API reports is required');
        for (const violation of violations) logger.warn(violationLine(violation));
        return 'recorded' as const;
      },
    }),
  ];
}
