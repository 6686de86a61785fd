// '@node-rs/argon2' as test processes see it (register.mjs): the same functions, but the factories'
// password (test/helpers/factories.ts, PASSWORD) is hashed with the lowest memory and time cost.
// Verification reads the cost from the hash itself, so signing in works as in production.
import argon2 from '@node-rs/argon2';

/** test/helpers/factories.ts's PASSWORD (account.test.ts checks that the two agree). */
const FACTORY_PASSWORD = 'correct horse battery';
const CHEAP = { memoryCost: 1024, timeCost: 1 };

export const { verify, verifySync, hashRaw, hashRawSync, hashSync, Algorithm, Version, parseOptions, HashTask, RawHashTask, VerifyTask } = argon2;

export function hash(password, options, signal) {
  return argon2.hash(password, password === FACTORY_PASSWORD ? { ...options, ...CHEAP } : options, signal);
}
