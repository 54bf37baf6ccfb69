/**
 * What error reports may not carry (ADR 0022): the shopper's personal text. Pure, shared by the
 * browser and the server SDK: e-mail addresses, Italian fiscal codes and VAT numbers, IBANs,
 * phone-like digit runs, and the secrets of URLs (order keys, tokens, cart ids) are masked in
 * messages, exception values, breadcrumbs and request URLs; cookies, headers, request bodies
 * and the user go entirely.
 */

/** The SDK's own collection (Sentry's `dataCollection`): no user, cookies, headers, bodies or query strings. */
export const DATA_COLLECTION = { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [] as never[], urlQueryParams: false, genAI: { inputs: false, outputs: false } };

const PATTERNS: readonly [RegExp, string][] = [
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '[email]'],
  [/\b[A-Za-z]{2}\d{2}[A-Za-z0-9]{11,30}\b/g, '[iban]'],
  [/\b[A-Za-z]{6}\d{2}[A-Za-z]\d{2}[A-Za-z]\d{3}[A-Za-z]\b/g, '[codice fiscale]'],
  [/\+?\d[\d ./-]{5,}\d/g, '[numero]'],
];

/** URL parameters whose values are secrets or identify a shopper. */
const SECRET_PARAMS = /([?&](?:key|token|cartId|order|email|resetToken|paypalToken|pid)=)[^&#\s]*/gi;

export function maskText(text: string): string {
  let masked = text.replace(SECRET_PARAMS, '$1[filtered]');
  for (const [pattern, replacement] of PATTERNS) masked = masked.replace(pattern, replacement);
  return masked;
}

/** The parts of a Sentry event this touches (structurally: the browser and server SDKs share it). */
export interface ScrubbableEvent {
  message?: string;
  user?: unknown;
  request?: { url?: string; query_string?: unknown; cookies?: unknown; headers?: unknown; data?: unknown };
  exception?: { values?: { value?: string }[] };
  breadcrumbs?: ScrubbableBreadcrumb[];
}

export interface ScrubbableBreadcrumb {
  message?: string;
  data?: { [key: string]: unknown };
}

export function scrubBreadcrumb<B extends ScrubbableBreadcrumb>(breadcrumb: B): B {
  if (breadcrumb.message) breadcrumb.message = maskText(breadcrumb.message);
  if (breadcrumb.data) {
    for (const [name, value] of Object.entries(breadcrumb.data)) if (typeof value === 'string') breadcrumb.data[name] = maskText(value);
  }
  return breadcrumb;
}

export function scrubEvent<E extends ScrubbableEvent>(event: E): E {
  if (event.message) event.message = maskText(event.message);
  for (const value of event.exception?.values ?? []) if (value.value) value.value = maskText(value.value);
  for (const breadcrumb of event.breadcrumbs ?? []) scrubBreadcrumb(breadcrumb);
  delete event.user;
  if (event.request) {
    if (event.request.url) event.request.url = maskText(event.request.url);
    delete event.request.query_string;
    delete event.request.cookies;
    delete event.request.headers;
    delete event.request.data;
  }
  return event;
}
