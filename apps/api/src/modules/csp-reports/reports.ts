/**
 * Content Security Policy violation reports (issue #43 item 5): what a browser sends to the
 * storefront's `report-uri` (`application/csp-report`, one `{ "csp-report": {…} }`) or `report-to`
 * (`application/reports+json`, a list of `{ type: "csp-violation", body: {…} }`), read into one
 * short log line each. Every field is the browser's (or an attacker's) text: control characters
 * go, each field is cut, and at most MAX_REPORTS_PER_BODY are read.
 */

export interface CspViolation {
  document: string;
  directive: string;
  blocked: string;
  source: string;
}

export const MAX_REPORTS_PER_BODY = 10;
const MAX_FIELD = 200;

const clean = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number'
    ? String(value)
        .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
        .slice(0, MAX_FIELD)
    : '';

const record = (value: unknown): Record<string, unknown> | null => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null);

/** One violation from either format's body (kebab-case of report-uri, camelCase of the Reporting API). */
function violation(body: Record<string, unknown>): CspViolation {
  const source = clean(body['source-file'] ?? body['sourceFile']);
  const line = clean(body['line-number'] ?? body['lineNumber']);
  return {
    document: clean(body['document-uri'] ?? body['documentURL']),
    directive: clean(body['effective-directive'] ?? body['effectiveDirective'] ?? body['violated-directive']),
    blocked: clean(body['blocked-uri'] ?? body['blockedURL']) || 'inline',
    source: source && line ? `${source}:${line}` : source,
  };
}

/** The violations of a report body; null when it is neither format (a 400). */
export function parseCspReports(text: string): CspViolation[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const single = record(record(parsed)?.['csp-report']);
  if (single) return [violation(single)];
  if (!Array.isArray(parsed)) return null;
  return parsed
    .slice(0, MAX_REPORTS_PER_BODY)
    .map(record)
    .flatMap((report) => {
      const body = record(report?.['body']);
      return report?.['type'] === 'csp-violation' && body ? [violation(body)] : [];
    });
}

/** The log line of a violation. */
export const violationLine = (v: CspViolation) =>
  `CSP violation: ${v.directive || 'unknown directive'} blocked ${v.blocked} on ${v.document || 'an unknown page'}${v.source ? ` (${v.source})` : ''}`;
