/**
 * The shopper's cookie choice (Garante per la protezione dei dati personali, guidelines of
 * 10 June 2021): strictly necessary storage always, every other purpose only after an explicit
 * opt-in, and the choice — a refusal too — remembered for six months before asking again. Kept
 * in one first-party cookie, itself strictly necessary (it is how the refusal is honoured), so
 * the storefront and the API (which decides whether a contact may go to the CRM) read the same
 * thing. Pure: the browser and the API do the reading and writing.
 */

/** The cookie's name. */
export const CONSENT_COOKIE = 'bp_consent';

/** Six months: the Garante's "do not ask again before" period, and the cookie's life. */
export const CONSENT_MAX_AGE_SECONDS = 183 * 24 * 60 * 60;

/** What a shopper may opt into; strictly necessary storage needs no consent. */
export const CONSENT_PURPOSES = ['analytics', 'marketing'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

export interface ConsentChoice {
  /** Statistics: the GA4 events and the tag manager. */
  analytics: boolean;
  /** Marketing: the CRM contact profile (SALESmanago). */
  marketing: boolean;
}

export interface StoredConsent extends ConsentChoice {
  /** When the choice was made, seconds since the epoch. */
  at: number;
}

export const REJECT_ALL: ConsentChoice = { analytics: false, marketing: false };
export const ACCEPT_ALL: ConsentChoice = { analytics: true, marketing: true };

const VERSION = '1';
const bit = (on: boolean) => (on ? '1' : '0');

/** The cookie value of a choice made at `nowMs`: `1.<analytics><marketing>.<seconds>`. */
export function formatConsent(choice: ConsentChoice, nowMs: number): string {
  return `${VERSION}.${bit(choice.analytics)}${bit(choice.marketing)}.${Math.floor(nowMs / 1000)}`;
}

/**
 * The choice a cookie value holds, or null — ask again — when it is missing, malformed, of
 * another version, older than six months or from the future (a clock moved back by more than a
 * day).
 */
export function parseConsent(value: string | null | undefined, nowMs: number): StoredConsent | null {
  const match = /^1\.([01])([01])\.(\d{1,12})$/.exec(value ?? '');
  if (!match) return null;
  const at = Number(match[3]);
  const now = Math.floor(nowMs / 1000);
  if (at > now + 86400 || now - at > CONSENT_MAX_AGE_SECONDS) return null;
  return { analytics: match[1] === '1', marketing: match[2] === '1', at };
}

/** The consent cookie's value in a `Cookie` header (or `document.cookie`), if any. */
export function consentCookieValue(cookieHeader: string | null | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.split('=');
    if (name?.trim() === CONSENT_COOKIE) return rest.join('=').trim();
  }
  return null;
}

/** Whether a request or page may use a purpose: only with a valid, current opt-in. */
export function consentGiven(cookieHeader: string | null | undefined, purpose: ConsentPurpose, nowMs: number): boolean {
  return parseConsent(consentCookieValue(cookieHeader), nowMs)?.[purpose] === true;
}
