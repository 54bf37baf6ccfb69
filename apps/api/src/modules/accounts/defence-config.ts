import { DEFAULT_CHALLENGE, type ChallengeSettings } from './challenge.ts';
import { DEFAULT_HASH_QUEUE, type HashQueueLimits } from './hash-queue.ts';
import { DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from './throttle.ts';

/** Everything issue #43 made configurable about sign-in and registration (ADR 0025, README settings). */
export interface SignInDefence {
  limits: SignInLimits;
  hashQueue: HashQueueLimits;
  challenge: ChallengeSettings;
  /** ALTCHA_HMAC_KEY; unset: derived from the token secret. */
  challengeKey?: string | undefined;
}

export const DEFAULT_SIGN_IN_DEFENCE: SignInDefence = { limits: DEFAULT_SIGN_IN_LIMITS, hashQueue: DEFAULT_HASH_QUEUE, challenge: DEFAULT_CHALLENGE };
