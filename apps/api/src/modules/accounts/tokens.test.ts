import type { Db } from '@shop/db';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenIssuer } from './tokens.ts';

describe('access tokens (issue 43)', () => {
  const secret = new TextEncoder().encode('a-test-secret-of-at-least-32-characters!');
  // Access tokens are verified without the database.
  const issuer = new TokenIssuer(undefined as unknown as Db, secret);
  const now = Math.floor(Date.now() / 1000);
  /** A token signed with the shop's key and claims, but without some of the time claims. */
  const signed = (times: { iat?: number; exp?: number }) => {
    const jwt = new SignJWT({ grp: 1, ver: 0 }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject('7').setIssuer('bottega-pro').setAudience('bottega-pro-api');
    if (times.iat !== undefined) jwt.setIssuedAt(times.iat);
    if (times.exp !== undefined) jwt.setExpirationTime(times.exp);
    return jwt.sign(secret);
  };

  it('accepts what the shop issues', async () => {
    expect(await issuer.verify(await issuer.access({ customerId: 7, groupId: 1, version: 0 }))).toEqual({ customerId: 7, groupId: 1, version: 0 });
    expect(await issuer.verify(await signed({ iat: now, exp: now + 60 }))).toEqual({ customerId: 7, groupId: 1, version: 0 });
  });

  it('refuses a token without exp (it would never end) or without iat, even signed with the key', async () => {
    expect(await issuer.verify(await signed({ iat: now }))).toBeNull();
    expect(await issuer.verify(await signed({ exp: now + 60 }))).toBeNull();
    expect(await issuer.verify(await signed({}))).toBeNull();
  });
});
