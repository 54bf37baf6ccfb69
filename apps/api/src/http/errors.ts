import { formatMessage } from '@shop/domain';
import type { z } from 'zod';

/** An error the client caused or must know about; its message is safe to show. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra answer headers, e.g. Retry-After of a 429. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A 429 that says, in its message (`{minutes}` or `{seconds}`) and in Retry-After, when to try again. */
export function tooManyRequests(template: string, waitMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const message = formatMessage(template, { minutes: Math.ceil(seconds / 60), seconds });
  return new HttpError(429, message, { 'retry-after': String(seconds) });
}

/** "size: Too small: expected number to be >=0; filters.x.eq: …" — names each field and problem. */
export function describeZodError(where: string, error: z.ZodError): string {
  const problems = error.issues.slice(0, 5).map((issue) => {
    const path = issue.path.map(String).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const more = error.issues.length > 5 ? ` (and ${error.issues.length - 5} more)` : '';
  return `Invalid ${where}: ${problems.join('; ')}${more}`;
}

/**
 * The database is not reachable (restarting, failing over, network): node's socket errors,
 * PostgreSQL's connection-exception class 08 and its shutdown/starting codes (57P01–57P03), and
 * the pg driver's own words for a connection that ended. The pool reconnects by itself, so the
 * client may simply try again: 503 with Retry-After, not a 500 (ADR 0024).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  const code = String((error as { code?: unknown }).code ?? '');
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', '57P01', '57P02', '57P03'].includes(code) ||
    code.startsWith('08') ||
    /^Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(error.message)
  );
}
