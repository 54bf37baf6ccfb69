import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/api-harness.ts';

/**
 * Issue 13 item 17: every shopper reaches the API through the storefront, from 127.0.0.1. Per-address
 * limits must count the shopper the storefront names in X-Forwarded-For, and only a trusted proxy
 * may name one.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.dispose();
});

type Call = TestApi['call'];

/** Refused coupon codes from one client until the API answers 429 (or `max` tries). */
async function guessUntilThrottled(call: Call, headers: Record<string, string>, max = 30): Promise<number> {
  let cart = '';
  for (let i = 0; i < max; i++) {
    // The per-cart limit is 5: a fresh cart every 4 guesses leaves only the per-address limit.
    if (i % 4 === 0) cart = (await call('/api/cart/create', { method: 'POST', headers })).body.result as string;
    const res = await call(`/api/cart/apply-coupon?cartId=${cart}&coupon=GUESS-${i}`, { method: 'POST', headers });
    if (res.status === 429) return i;
    expect(res.status).toBe(400);
  }
  return max;
}

async function oneCouponTry(call: Call, headers: Record<string, string>): Promise<number> {
  const cart = (await call('/api/cart/create', { method: 'POST', headers })).body.result as string;
  return (await call(`/api/cart/apply-coupon?cartId=${cart}&coupon=ANOTHER`, { method: 'POST', headers })).status;
}

describe('coupon lockout through the storefront', () => {
  it('throttles two shoppers behind the same trusted proxy apart, by their X-Forwarded-For', async () => {
    const attacker = { 'x-forwarded-for': '203.0.113.7' };
    expect(await guessUntilThrottled(api.call, attacker)).toBe(20);
    expect(await oneCouponTry(api.call, attacker)).toBe(429);
    expect(await oneCouponTry(api.call, { 'x-forwarded-for': '198.51.100.20' })).toBe(400);
  });

  it('counts the right-most address a trusted proxy vouched for, not what the client prepended', async () => {
    // The shopper sent "X-Forwarded-For: 192.0.2.1"; a proxy appended the address it saw.
    const rotating = (i: number) => ({ 'x-forwarded-for': `192.0.2.${i}, 203.0.113.99` });
    for (let i = 0; i < 20; i++) expect(await oneCouponTry(api.call, rotating(i))).toBe(400);
    expect(await oneCouponTry(api.call, rotating(99))).toBe(429);
  });
});

describe('X-Forwarded-For from the public', () => {
  it('is ignored when the peer is not a trusted proxy: the socket address counts', async () => {
    const direct = await startTestApi({ trustedProxies: ['10.0.0.1'] });
    try {
      const spoofed = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}` });
      for (let i = 0; i < 20; i++) expect(await oneCouponTry(direct.call, spoofed(i))).toBe(400);
      expect(await oneCouponTry(direct.call, spoofed(200))).toBe(429);
    } finally {
      await direct.dispose();
    }
  });
});

describe('IPv6 clients (issue 43)', () => {
  it('counts every address of one /64 as one client, and another /64 apart', async () => {
    // A client with a /64 takes a fresh address for each guess.
    for (let i = 0; i < 20; i++) expect(await oneCouponTry(api.call, { 'x-forwarded-for': `2001:db8:43:9::${(i + 1).toString(16)}` })).toBe(400);
    expect(await oneCouponTry(api.call, { 'x-forwarded-for': '2001:db8:43:9:dead:beef:0:1' })).toBe(429);
    expect(await oneCouponTry(api.call, { 'x-forwarded-for': '2001:db8:43:a::1' })).toBe(400);
  });
});
