import { describe, expect, it } from 'vitest';
import { cachedPageCsp, needsNonce, newNonce, strictCsp } from './csp.ts';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `) || d === name);

describe('page CSP', () => {
  it('gives a nonce to the pages rendered per request: payment, search, cart, password reset', () => {
    const perRequest = ['/checkout', '/thank-you', '/payment-cancelled', '/instalment-return', '/checkout/', '/search', '/shoppingcart', '/reset-password'];
    expect(perRequest.map(needsNonce)).toEqual(perRequest.map(() => true));
    expect(['/', '/c/coltelli', '/p/x/y', '/i/chi-siamo', '/my-account', '/compare'].map(needsNonce)).toEqual([false, false, false, false, false, false]);
  });

  it('allows scripts only with the nonce: no inline script, no eval in production, no third-party origin', () => {
    const nonce = newNonce();
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/);
    expect(newNonce()).not.toBe(nonce);
    const policy = strictCsp(nonce);
    expect(directive(policy, 'script-src')).toBe(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
    expect(policy).not.toContain('unsafe-inline\' \'strict');
    expect(policy).not.toMatch(/https?:/);
    expect(strictCsp(nonce, { dev: true })).toContain("'unsafe-eval'");
  });

  it('lets a cached page run only the shop\'s own scripts, inline ones included, with everything else as locked', () => {
    const cached = cachedPageCsp();
    expect(directive(cached, 'script-src')).toBe("script-src 'self' 'unsafe-inline'");
    const strict = strictCsp('n');
    const others = (policy: string) => policy.split('; ').filter((d) => !d.startsWith('script-src'));
    expect(others(cached)).toEqual(others(strict));
    for (const locked of ["default-src 'self'", "object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "form-action 'self'", "connect-src 'self'", "img-src 'self' data: blob:"]) {
      expect(cached).toContain(locked);
    }
    expect(cached).not.toMatch(/https?:|unsafe-eval/);
  });

  it('asks for https subresources only when the shop is served over TLS', () => {
    expect(directive(cachedPageCsp(), 'upgrade-insecure-requests')).toBeUndefined();
    expect(directive(cachedPageCsp({ tls: true }), 'upgrade-insecure-requests')).toBe('upgrade-insecure-requests');
    expect(directive(strictCsp('n', { tls: true }), 'upgrade-insecure-requests')).toBe('upgrade-insecure-requests');
  });
});
