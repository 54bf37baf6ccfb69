import { describe, expect, it } from 'vitest';
import { CONSENT_HINT_HASH } from './consent/consent-hint.ts';
import { CSP_REPORT_GROUP, CSP_REPORT_PATH, TAG_MANAGER_ORIGIN, cachedPageCsp, needsNonce, newNonce, strictCsp } from './csp.ts';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `) || d === name);

describe('page CSP', () => {
  it('gives a nonce to the pages rendered per request: payment, search, cart, password reset', () => {
    const perRequest = ['/checkout', '/thank-you', '/payment-cancelled', '/instalment-return', '/checkout/', '/search', '/shoppingcart', '/reset-password'];
    expect(perRequest.map(needsNonce)).toEqual(perRequest.map(() => true));
    expect(['/', '/c/coltelli', '/p/x/y', '/i/chi-siamo', '/my-account', '/compare'].map(needsNonce)).toEqual([false, false, false, false, false, false]);
  });

  it('allows scripts only with the nonce, and the consent hint by its hash: no other inline script, no eval in production, no third-party origin', () => {
    const nonce = newNonce();
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/);
    expect(newNonce()).not.toBe(nonce);
    const policy = strictCsp(nonce);
    expect(directive(policy, 'script-src')).toBe(`script-src 'self' 'nonce-${nonce}' ${CONSENT_HINT_HASH} 'strict-dynamic'`);
    expect(policy).not.toContain('unsafe-inline\' \'strict');
    expect(policy).not.toMatch(/https?:/);
    expect(strictCsp(nonce, { dev: true })).toContain("'unsafe-eval'");
  });

  it('gives any other page, as the proxy sends it, a nonce (which the front server replaces by hashes on a whole page) and never the inline allowance, with everything else as locked', () => {
    const cached = cachedPageCsp('n');
    expect(directive(cached, 'script-src')).toBe(`script-src 'self' 'nonce-n' ${CONSENT_HINT_HASH}`);
    expect(cached).not.toMatch(/script-src[^;]*unsafe-inline/);
    const strict = strictCsp('n');
    const others = (policy: string) => policy.split('; ').filter((d) => !d.startsWith('script-src'));
    expect(others(cached)).toEqual(others(strict));
    for (const locked of ["default-src 'self'", "object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "form-action 'self'", "connect-src 'self'", "img-src 'self' data: blob:", "worker-src 'self'"]) {
      expect(cached).toContain(locked);
    }
    expect(cached).not.toMatch(/https?:|unsafe-eval/);
  });

  it('sends violations to the report endpoint, by report-uri and report-to', () => {
    for (const policy of [cachedPageCsp('n'), strictCsp('n')]) {
      expect(directive(policy, 'report-uri')).toBe(`report-uri ${CSP_REPORT_PATH}`);
      expect(directive(policy, 'report-to')).toBe(`report-to ${CSP_REPORT_GROUP}`);
    }
  });

  it('asks for https subresources only when the shop is served over TLS', () => {
    expect(directive(cachedPageCsp('n'), 'upgrade-insecure-requests')).toBeUndefined();
    expect(directive(cachedPageCsp('n', { tls: true }), 'upgrade-insecure-requests')).toBe('upgrade-insecure-requests');
    expect(directive(strictCsp('n', { tls: true }), 'upgrade-insecure-requests')).toBe('upgrade-insecure-requests');
  });

  it('allows the tag manager\'s hosts only when a container is configured, and nothing else', () => {
    for (const policy of [cachedPageCsp('n'), strictCsp('n')]) expect(policy).not.toContain('google');
    const cached = cachedPageCsp('n', { tagManager: true });
    expect(directive(cached, 'script-src')).toBe(`script-src 'self' 'nonce-n' ${CONSENT_HINT_HASH} ${TAG_MANAGER_ORIGIN}`);
    expect(directive(cached, 'connect-src')).toBe("connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com");
    expect(directive(cached, 'img-src')).toBe("img-src 'self' data: blob: https://*.google-analytics.com https://*.googletagmanager.com");
    expect(directive(strictCsp('n', { tagManager: true }), 'script-src')).toBe(`script-src 'self' 'nonce-n' ${CONSENT_HINT_HASH} 'strict-dynamic' ${TAG_MANAGER_ORIGIN}`);
    for (const locked of ["default-src 'self'", "frame-ancestors 'none'", "form-action 'self'", "object-src 'none'"]) expect(cached).toContain(locked);
  });

  it('lets error reports go only to the configured DSN\'s origin', () => {
    expect(directive(cachedPageCsp('n'), 'worker-src')).toBe("worker-src 'self'");
    const policy = cachedPageCsp('n', { reporting: 'https://o42.ingest.de.sentry.io' });
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://o42.ingest.de.sentry.io");
    expect(directive(policy, 'worker-src')).toBe("worker-src 'self' blob:");
    expect(directive(strictCsp('n', { reporting: 'https://o42.ingest.de.sentry.io', tagManager: true }), 'connect-src')).toBe(
      "connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com https://o42.ingest.de.sentry.io",
    );
  });
});
