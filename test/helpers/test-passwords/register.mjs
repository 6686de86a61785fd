// Loaded by `npm test` (scripts/test.mjs: node --import) in every test process: the factories'
// shared password is hashed at a low argon2id cost. Tests make a few thousand users, and at
// OWASP's cost (about 20 ms a hash on these machines) that was about 1.8 s of a typical file.
// Production code is untouched: src/platform/passwords.ts asks for OWASP's parameters, and any
// other password (account.test.ts checks one) is hashed with them.
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
