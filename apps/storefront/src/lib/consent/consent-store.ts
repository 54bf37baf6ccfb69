/**
 * BROWSER: the shopper's cookie choice as a tiny external store (`useSyncExternalStore`), kept
 * in the first-party cookie of @shop/domain's consent codec (the API reads the same cookie).
 * Also carries the request to open the preferences again (the footer link).
 */
import { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS, consentCookieValue, formatConsent, parseConsent, type ConsentChoice, type StoredConsent } from '@shop/domain';

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** The cookie's raw value: a stable snapshot (a string) for React. */
export const consentSnapshot = (): string | null => consentCookieValue(document.cookie);
export const serverConsentSnapshot = (): string | null => null;

/** The current, valid choice; null while the shopper has not chosen (or chose over six months ago). */
export const readConsent = (raw: string | null = typeof document === 'undefined' ? null : consentSnapshot()): StoredConsent | null => parseConsent(raw, Date.now());

/** Whether the GA4 events may be pushed now. */
export const analyticsAllowed = (): boolean => typeof document !== 'undefined' && readConsent()?.analytics === true;

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Cookies the tag manager sets once allowed (Google Analytics, Ads): removed when consent is withdrawn. */
const TRACKING_COOKIE = /^(_ga|_gid|_gat|_gcl|_gac)/;

function dropTrackingCookies(): void {
  const host = location.hostname;
  const domains = ['', host, `.${host}`, `.${host.split('.').slice(-2).join('.')}`];
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim() ?? '';
    if (!TRACKING_COOKIE.test(name)) continue;
    for (const domain of domains) document.cookie = `${name}=; Max-Age=0; Path=/${domain ? `; Domain=${domain}` : ''}`;
  }
}

/**
 * Saves a choice for six months. Withdrawing analytics consent also deletes the tag's cookies and
 * reloads the page: a tag script already running cannot be unloaded otherwise.
 */
export function saveConsent(choice: ConsentChoice): void {
  const before = readConsent();
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${formatConsent(choice, Date.now())}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
  settingsRequested = false;
  emit();
  if (before?.analytics && !choice.analytics) {
    dropTrackingCookies();
    location.reload();
  }
}

/* The preferences opened again from the footer link. */
let settingsRequested = false;
export const settingsSnapshot = (): boolean => settingsRequested;
export const serverSettingsSnapshot = (): boolean => false;

export function openConsentSettings(): void {
  settingsRequested = true;
  emit();
}

export function closeConsentSettings(): void {
  settingsRequested = false;
  emit();
}
