import { describe, expect, it } from 'vitest';
import { needsStrictCsp, newNonce, strictCsp } from './csp.ts';

describe('strict CSP of the payment pages', () => {
  it('covers the checkout and the payment return pages only', () => {
    expect(['/checkout', '/thank-you', '/payment-cancelled', '/instalment-return', '/checkout/'].map(needsStrictCsp)).toEqual([true, true, true, true, true]);
    expect(['/', '/c/coltelli', '/shoppingcart', '/p/x/y'].map(needsStrictCsp)).toEqual([false, false, false, false]);
  });

  it('allows scripts only with the nonce: no inline script, no eval in production, no third-party origin', () => {
    const nonce = newNonce();
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/);
    expect(newNonce()).not.toBe(nonce);
    const policy = strictCsp(nonce);
    const scripts = policy.split('; ').find((d) => d.startsWith('script-src'))!;
    expect(scripts).toBe(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/https?:/);
    expect(strictCsp(nonce, { dev: true })).toContain("'unsafe-eval'");
  });
});
