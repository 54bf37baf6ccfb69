import { createHmac, randomInt } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql } from 'kysely';
import type { Db } from '@shop/db';

/** The proof of work a challenge asks for; from ALTCHA_* variables (config.ts). */
export interface ChallengeSettings {
  /** PBKDF2 iterations per try. */
  cost: number;
  /** The solution's counter is drawn below this: on average half of it tries. */
  maxCounter: number;
  /** How long a challenge may be solved and used. */
  expiresSeconds: number;
}

/**
 * About 2,500 PBKDF2/SHA-256 tries of 1,000 iterations on average: a second or two in a phone's
 * browser, nothing for a person, and a real cost per guess for a script trying passwords.
 */
export const DEFAULT_CHALLENGE: ChallengeSettings = { cost: 1000, maxCounter: 5000, expiresSeconds: 600 };

const ALGORITHM = 'PBKDF2/SHA-256';

/** The challenge's signing key: ALTCHA_HMAC_KEY, else derived from the token secret (every instance shares it). */
export function challengeKey(configured: string | undefined, tokenSecret: Uint8Array): string {
  return configured || createHmac('sha256', tokenSecret).update('altcha-challenge').digest('hex');
}

export type ChallengeVerdict = 'solved' | 'missing' | 'invalid';

/**
 * ALTCHA proof-of-work challenges (altcha-lib, self-hosted: no third party sees the shopper).
 * A challenge is signed and carries its expiry; its solution's key is signed too, so a check is
 * one HMAC. A solution is good once: its signature is recorded until the challenge expires.
 */
export class ChallengeService {
  constructor(
    private readonly db: Db,
    private readonly hmacKey: string,
    private readonly settings: ChallengeSettings = DEFAULT_CHALLENGE,
  ) {}

  issue(now = new Date()): Promise<Challenge> {
    return createChallenge({
      algorithm: ALGORITHM,
      cost: this.settings.cost,
      counter: randomInt(Math.max(2, this.settings.maxCounter)),
      deriveKey,
      expiresAt: new Date(now.getTime() + this.settings.expiresSeconds * 1000),
      hmacSignatureSecret: this.hmacKey,
      hmacKeySignatureSecret: this.hmacKey,
    });
  }

  /** Checks the widget's payload (base64 JSON of challenge and solution) and uses it up. */
  async verify(payload: string | undefined, now = new Date()): Promise<ChallengeVerdict> {
    if (!payload) return 'missing';
    let parsed: Payload;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Payload;
    } catch {
      return 'invalid';
    }
    const { challenge, solution } = parsed ?? {};
    if (typeof challenge?.signature !== 'string' || typeof challenge.parameters !== 'object' || challenge.parameters === null || typeof solution !== 'object') return 'invalid';
    if (challenge.parameters.algorithm !== ALGORITHM) return 'invalid';
    let result;
    try {
      result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: this.hmacKey, hmacKeySignatureSecret: this.hmacKey });
    } catch {
      return 'invalid';
    }
    if (!result.verified) return 'invalid';
    // The expiry is signed: a used signature is kept exactly as long as it could be replayed.
    const expiresAt = new Date((challenge.parameters.expiresAt ?? now.getTime() / 1000 + this.settings.expiresSeconds) * 1000);
    await sql`DELETE FROM challenge_used WHERE expires_at < ${now}`.execute(this.db);
    const fresh = await sql`INSERT INTO challenge_used (signature, expires_at) VALUES (${challenge.signature}, ${expiresAt}) ON CONFLICT DO NOTHING RETURNING signature`.execute(this.db);
    return fresh.rows.length === 1 ? 'solved' : 'invalid';
  }
}
