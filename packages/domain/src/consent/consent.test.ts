import { describe, expect, it } from 'vitest';
import { ACCEPT_ALL, CONSENT_MAX_AGE_SECONDS, REJECT_ALL, consentCookieValue, consentGiven, formatConsent, parseConsent } from './consent.ts';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);

describe('consent cookie', () => {
  it('round-trips a granular choice with its date', () => {
    const value = formatConsent({ analytics: true, marketing: false }, NOW);
    expect(value).toBe(`1.10.${NOW / 1000}`);
    expect(parseConsent(value, NOW)).toEqual({ analytics: true, marketing: false, at: NOW / 1000 });
    expect(parseConsent(formatConsent(REJECT_ALL, NOW), NOW)).toMatchObject(REJECT_ALL);
    expect(parseConsent(formatConsent(ACCEPT_ALL, NOW), NOW)).toMatchObject(ACCEPT_ALL);
  });

  it('asks again after six months, and for anything malformed or from the future', () => {
    const value = formatConsent(ACCEPT_ALL, NOW);
    expect(parseConsent(value, NOW + CONSENT_MAX_AGE_SECONDS * 1000)).not.toBeNull();
    expect(parseConsent(value, NOW + (CONSENT_MAX_AGE_SECONDS + 1) * 1000)).toBeNull();
    expect(parseConsent(value, NOW - 2 * 86400_000)).toBeNull();
    for (const bad of [null, undefined, '', 'yes', '2.11.1', '1.21.1', '1.11.', '1.11.1x', ' 1.11.1']) expect(parseConsent(bad, NOW)).toBeNull();
  });

  it('reads the cookie from a Cookie header and grants only what was opted into', () => {
    const header = `a=1; bp_consent=${formatConsent({ analytics: true, marketing: false }, NOW)}; b=2`;
    expect(consentCookieValue(header)).toBe(`1.10.${NOW / 1000}`);
    expect(consentCookieValue('bp_consentx=1')).toBeNull();
    expect(consentGiven(header, 'analytics', NOW)).toBe(true);
    expect(consentGiven(header, 'marketing', NOW)).toBe(false);
    expect(consentGiven(undefined, 'analytics', NOW)).toBe(false);
  });
});
