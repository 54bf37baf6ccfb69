import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { insertRefreshToken, useRefreshToken, type Db } from '@shop/db';
import { jwtVerify, SignJWT } from 'jose';

/** Access tokens live 15 minutes by default (ACCESS_TOKEN_SECONDS): stolen ones are worth little, refreshing is silent (ADR 0017). */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
/** A refresh token family lives 30 days from its last use. */
export const REFRESH_TOKEN_DAYS = 30;

const ISSUER = 'bottega-pro';
const AUDIENCE = 'bottega-pro-api';

export interface AccessClaims {
  customerId: number;
  groupId: number;
  /** The customer's token version when signed: a newer one revokes the token. */
  version: number;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export class TokenIssuer {
  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
    private readonly now: () => Date = () => new Date(),
    private readonly accessSeconds: number = ACCESS_TOKEN_SECONDS,
  ) {}

  /** A signed, short-lived access token (HS256 JWT). */
  access(claims: AccessClaims): Promise<string> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ grp: claims.groupId, ver: claims.version })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.customerId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.accessSeconds)
      .sign(this.secret);
  }

  /** The claims of a valid access token; null for anything else (expired, other key, alg none, garbage). */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      // A token without `exp` would never end, and the shop issues none without `iat`.
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['exp', 'iat'],
        currentDate: this.now(),
      });
      const customerId = Number(payload.sub);
      if (!Number.isInteger(customerId) || typeof payload['ver'] !== 'number' || typeof payload['grp'] !== 'number') return null;
      return { customerId, groupId: payload['grp'], version: payload['ver'] };
    } catch {
      return null;
    }
  }

  /** A new opaque refresh token, stored hashed, in a new family or the family it rotates. */
  async refresh(customerId: number, family: string = randomUUID()): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await insertRefreshToken(this.db, {
      token_hash: sha256(token),
      family,
      customer_id: customerId,
      expires_at: new Date(this.now().getTime() + REFRESH_TOKEN_DAYS * 86_400_000),
    });
    return token;
  }

  /** The token of a customer's cart made at `createdAt`: keyed, so only the shop can derive it, and the same on every device. */
  cartToken(customerId: number, createdAt: Date): string {
    return createHmac('sha256', this.secret).update(`customer-cart:${customerId}:${createdAt.toISOString()}`).digest('base64url');
  }

  /** Uses a refresh token: its customer and family, 'reused' when it had been used (the family is revoked), or null. */
  use(token: string): ReturnType<typeof useRefreshToken> {
    return useRefreshToken(this.db, sha256(token), this.now());
  }
}

export const hashToken = sha256;
