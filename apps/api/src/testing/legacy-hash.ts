import { hash, type Algorithm } from '@node-rs/argon2';

/** A hash as the shop made them until ADR 0024's "API memory" (argon2id m = 64 MiB, t = 3): still in databases, re-made at sign-in. */
export const legacyPasswordHash = (password: string) => hash(password, { algorithm: 2 as Algorithm, memoryCost: 65_536, timeCost: 3, parallelism: 1 });

/** Today's parameters, as a stored hash names them. */
export const CURRENT_HASH = /^\$argon2id\$v=19\$m=12288,t=28,p=1\$/;
