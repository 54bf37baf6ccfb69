import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { insertRefreshToken, useKeptRefreshToken, useRefreshToken, type Db } from '@shop/db';
import { jwtVerify, SignJWT } from 'jose';

/** Access tokens live 15 minutes by default (ACCESS_TOKEN_SECONDS): stolen ones are worth little, refreshing is silent (ADR 0017). */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
/** A refresh token family lives 30 days from its last use. */
export const REFRESH_TOKEN_DAYS = 30;

const ISSUER = 'bottega-pro';
const AUDIENCE = 'bottega-pro-api';

/**
 * A client whose session works its own way (ADR 0017, issue #47): `vsf1`, an unchanged Vue
 * Storefront 1 PWA, keeps the refresh token of its sign-in and is answered refusals as
 * `result.errorMessage`. Chosen at sign-in, carried by the session's tokens.
 */
export type SessionClient = 'vsf1';

export interface AccessClaims {
  customerId: number;
  groupId: number;
  /** The customer's token version when signed: a newer one revokes the token. */
  version: number;
  client?: SessionClient | undefined;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The mark of a refresh token its family keeps (a VSF1 sign-in): part of the hashed token, so a
 * rotating family's token cannot be made one, nor the other way round.
 */
const KEPT_PREFIX = 'vsf1.';

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
    return new SignJWT({ grp: claims.groupId, ver: claims.version, ...(claims.client ? { cli: claims.client } : {}) })
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
      return { customerId, groupId: payload['grp'], version: payload['ver'], ...(payload['cli'] === 'vsf1' ? { client: 'vsf1' as const } : {}) };
    } catch {
      return null;
    }
  }

  /**
   * A new opaque refresh token, stored hashed, in a new family or the family it rotates; a VSF1
   * sign-in's is marked as kept by its family (`use` accepts it again until it expires).
   */
  async refresh(customerId: number, family: string = randomUUID(), client?: SessionClient): Promise<string> {
    const token = (client === 'vsf1' ? KEPT_PREFIX : '') + randomBytes(32).toString('base64url');
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

  /**
   * Uses a refresh token: its customer and family, 'reused' when it had been used (the family is
   * revoked), or null. A kept token (VSF1) is answered `kept`: it stays live, nothing rotates.
   */
  async use(token: string): Promise<{ family: string; customer_id: number; kept?: true } | 'reused' | null> {
    if (!token.startsWith(KEPT_PREFIX)) return useRefreshToken(this.db, sha256(token), this.now());
    const used = await useKeptRefreshToken(this.db, sha256(token), this.now());
    return used && { ...used, kept: true };
  }
}

export const hashToken = sha256;
