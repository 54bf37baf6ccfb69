import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { HashQueue } from './hash-queue.ts';

/** Algorithm.Argon2id: the binding declares a const enum, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;

/**
 * argon2id with m = 64 MiB, t = 3, p = 1 (above OWASP's minimums): about 70 ms a verification on
 * this machine, deliberately slow for a guesser and quick for a shopper (bench: login 50–250 ms).
 */
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 65_536, timeCost: 3, parallelism: 1 } as const;

/**
 * Every hash and verification of this process waits its turn here (hash-queue.ts): the cores are
 * the process's, so the queue is too; createApp sizes it from the configuration.
 */
export const passwordHashing = new HashQueue();

/**
 * Whose hash it is, for the queue's fair share: the account signing in or changing its password,
 * the address registering. A burst from one of them then waits behind itself only.
 */
export type HashSource = `account:${string}` | `address:${string}`;

export const hashPassword = (password: string, source: HashSource) => passwordHashing.run(source, () => hash(password, ARGON2_OPTIONS));

export async function verifyPassword(stored: string | null, password: string, source: HashSource): Promise<boolean> {
  return passwordHashing.run(source, async () => {
    // An account without a password (made at checkout) still costs a verification: no timing tells it apart.
    if (!stored) {
      await hash(password, ARGON2_OPTIONS);
      return false;
    }
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  });
}

/** A real hash to verify against for unknown e-mails: the answer takes as long as for a known one. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hash('decoy-password-never-matches-1', ARGON2_OPTIONS));
