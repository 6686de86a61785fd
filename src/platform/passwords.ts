// Password hashing: argon2id with OWASP's parameters (m=19 MiB, t=2, p=1). Hashing runs on
// libuv's thread pool, off the event loop.
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package declares it as a const enum, which isolated modules cannot read.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS as never);
}

let dummy: Promise<string> | null = null;

/** True when the password matches. Without a stored hash (unknown user, no password yet) a dummy
 *  hash is verified instead, so the answer takes the same time and reveals nothing. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  dummy ??= hashPassword('fds: no such user, same cost');
  const target = stored ?? (await dummy);
  try {
    const matches = await verify(target, password);
    return Boolean(stored) && matches;
  } catch {
    return false;
  }
}

export const MIN_PASSWORD_LENGTH = 8;
