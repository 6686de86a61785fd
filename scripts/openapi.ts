// Prints the OpenAPI document without starting a server or opening a database.
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/database.js';
import { createTokens } from '../src/platform/auth.js';

const unused = new Proxy(
  {},
  {
    get: () => {
      throw new Error('no database while printing the reference');
    },
  },
);
const database = { db: unused, kind: 'postgres', lite: null, listen: async () => async () => {}, close: async () => {} } as unknown as Database;
const app = await buildApp({ config: loadConfig({}), database, tokens: createTokens('x'.repeat(32)), logger: false });
await app.ready();
process.stdout.write(JSON.stringify(app.swagger(), null, 2) + '\n');
await app.close();
