import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { HashQueue } from './hash-queue.ts';

/** Algorithm.Argon2id: the binding declares a const enum, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;

/**
 * argon2id with m = 12 MiB and t = 28, p = 1: ~50 ms a verification on this machine, as slow as
 * the m = 64 MiB, t = 3 used first, so a guess costs the same time and sign-in stays within
 * 50–250 ms (issue 15). Memory × passes (an attacker's cost) is above OWASP's m = 19 MiB, t = 2
 * and m = 12 MiB, t = 3. The memory is what counts here: each hash holds it while it runs, and two
 * at once (HASH_CONCURRENCY) had lifted an API's RSS past 350 MB at 64 MiB and past 250 MB at
 * 19 MiB in the soak (ADR 0024, "API memory"). Hashes made with other parameters are made anew at
 * the next sign-in.
 */
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 12_288, timeCost: 28, parallelism: 1 } as const;

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

/** The parameters a stored hash names (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`), as a string to compare. */
const parametersOf = (stored: string) => /^\$argon2id\$v=\d+\$(m=\d+,t=\d+,p=\d+)\$/.exec(stored)?.[1];
const CURRENT_PARAMETERS = `m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}`;

/**
 * After a verification that succeeded: a new hash of the password when the stored one was made with
 * other parameters (or another algorithm), else undefined. The caller saves it only if the stored
 * hash is still the one it verified, so a password changed meanwhile is never overwritten.
 */
export const rehashIfOutdated = async (stored: string, password: string, source: HashSource): Promise<string | undefined> =>
  parametersOf(stored) === CURRENT_PARAMETERS ? undefined : hashPassword(password, source);

/** A real hash to verify against for unknown e-mails: the answer takes as long as for a known one. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hash('decoy-password-never-matches-1', ARGON2_OPTIONS));
