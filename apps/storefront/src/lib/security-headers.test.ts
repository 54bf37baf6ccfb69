import { getPathMatch } from 'next/dist/shared/lib/router/utils/path-match';
import { describe, expect, it } from 'vitest';
import nextConfig from '../../next.config.ts';
import { CONSENT_HINT_HASH } from './consent/consent-hint.ts';
import { cachedPageCsp, strictCsp } from './csp.ts';
import { HSTS, pageSecurityHeaders, STATIC_SECURITY_HEADERS, TRUSTED_SCRIPTS_HEADER } from './security-headers.ts';

describe('page security headers (proxy.ts)', () => {
  const nonce = () => 'fixed-nonce';

  it('gives every page a fresh nonce: a page that may be cached its fixed scripts for the front server too, a payment page the strict policy', () => {
    expect(pageSecurityHeaders('/c/coltelli', { shopUrl: 'http://localhost:3000', nonce })).toEqual({
      nonce: 'fixed-nonce',
      headers: { 'content-security-policy': cachedPageCsp('fixed-nonce'), [TRUSTED_SCRIPTS_HEADER]: CONSENT_HINT_HASH },
    });
    expect(pageSecurityHeaders('/checkout', { shopUrl: 'http://localhost:3000', nonce })).toEqual({
      nonce: 'fixed-nonce',
      headers: { 'content-security-policy': strictCsp('fixed-nonce') },
    });
  });

  it('adds HSTS and upgrade-insecure-requests only when the public address is https', () => {
    const tls = pageSecurityHeaders('/', { shopUrl: 'https://shop.example.it', nonce });
    expect(tls.headers['strict-transport-security']).toBe(HSTS);
    expect(tls.headers['content-security-policy']).toBe(cachedPageCsp('fixed-nonce', { tls: true }));
    expect(pageSecurityHeaders('/search', { shopUrl: 'https://shop.example.it', nonce }).headers['content-security-policy']).toBe(strictCsp('fixed-nonce', { tls: true }));
    expect(pageSecurityHeaders('/', { shopUrl: 'http://shop.example.it', nonce }).headers).not.toHaveProperty('strict-transport-security');
  });

  it('puts the development eval allowance only in development', () => {
    expect(pageSecurityHeaders('/', { shopUrl: 'http://localhost:3000', dev: true, nonce }).headers['content-security-policy']).toContain("'unsafe-eval'");
  });
});

describe('next.config.ts headers()', () => {
  it('puts nosniff, referrer policy, no framing and no device features on every answer but the API\'s', async () => {
    const rules = await nextConfig.headers!();
    expect(rules).toHaveLength(1);
    const [rule] = rules;
    expect(Object.fromEntries(rule!.headers.map((h) => [h.key, h.value]))).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
      'Reporting-Endpoints': 'csp="/api/csp-report"',
    });
    expect(rule!.headers).toEqual(STATIC_SECURITY_HEADERS);
    // Matched as Next matches header rules.
    const matches = getPathMatch(rule!.source);
    for (const path of ['/', '/c/coltelli', '/checkout', '/_next/static/chunks/app.js', '/media/demo/a.jpg', '/robots.txt', '/apis']) expect(matches(path), path).not.toBe(false);
    for (const path of ['/api/cart/create', '/api/catalog']) expect(matches(path), path).toBe(false);
  });
});
