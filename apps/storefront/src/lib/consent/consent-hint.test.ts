import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { CONSENT_COOKIE, formatConsent, REJECT_ALL } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { CONSENT_HINT_HASH, CONSENT_HINT_SCRIPT } from './consent-hint.ts';

/** Runs the hint as the browser would, on a document with these cookies; true when it asks for the banner. */
function asksForBanner(cookie: string): boolean {
  const attributes = new Map<string, string>();
  const document = { cookie, documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } };
  runInNewContext(CONSENT_HINT_SCRIPT, { document });
  return attributes.has('data-consent-needed');
}

describe('consent hint script', () => {
  it('asks for the banner until the consent cookie is there, whatever other cookies the browser holds', () => {
    expect(asksForBanner('')).toBe(true);
    expect(asksForBanner('cart=abc; theme=dark')).toBe(true);
    expect(asksForBanner(`x${CONSENT_COOKIE}=1`)).toBe(true);
    const answered = `${CONSENT_COOKIE}=${formatConsent(REJECT_ALL, Date.now())}`;
    expect(asksForBanner(answered)).toBe(false);
    expect(asksForBanner(`cart=abc; ${answered}`)).toBe(false);
    expect(asksForBanner(`cart=abc;${answered}`)).toBe(false);
  });

  it('is allowed by the hash the strict CSP carries', () => {
    const hash = createHash('sha256').update(CONSENT_HINT_SCRIPT, 'utf8').digest('base64');
    expect(CONSENT_HINT_HASH).toBe(`'sha256-${hash}'`);
  });
});
