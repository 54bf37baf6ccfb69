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
