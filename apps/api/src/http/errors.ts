import type { z } from 'zod';

/** An error the client caused or must know about; its message is safe to show. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
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
