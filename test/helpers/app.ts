// startTestApp(): the real app on PGlite in memory (from the migrated snapshot), or on the
// PostgreSQL of DATABASE_URL. Every test makes its own companies, so one app is shared safely: it
// holds no state of its own. In npm test's workers one app serves every file that asks for the
// plain one (test/helpers/shared.ts); a file asking for options gets its own.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import { type Database, openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { type FileStore, openFileStore } from '../../src/integrations/storage/index.js';
import { createTokens, type Tokens } from '../../src/platform/auth.js';
import type { Readiness } from '../../src/platform/health.js';
import { keep, sharing } from './shared.js';
import { pgliteSnapshot } from './snapshot.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  tokens: Tokens;
  /** The app's file store (memory): tests look at what is kept. */
  store: FileStore;
  secret: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Add test-only routes before the app is ready. */
  extend?: (app: FastifyInstance, deps: { database: Database; tokens: Tokens; store: FileStore }) => void | Promise<void>;
  database?: Database;
  logger?: unknown;
  readiness?: Readiness;
}

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** `snapshot`: start PGlite from this dump instead of the migrated one (ignored on PostgreSQL). */
export async function openTestDatabase(snapshot?: Blob): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL || null;
  const silent = { warn: () => {}, error: () => {} };
  const database = await openDatabase({
    databaseUrl,
    dataDir: 'memory://',
    poolSize: 10,
    log: silent,
    ...(databaseUrl ? {} : { pgliteSnapshot: snapshot ?? (await pgliteSnapshot()) }),
  });
  await migrateToLatest(database.db);
  return database;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  if (sharing && Object.keys(options).length === 0) {
    const shared = await keep(
      'app',
      () => buildTestApp({}),
      (t) => t.close(),
    );
    // Each file's `after(() => t.close())` leaves it open for the next file; the worker closes it.
    return { ...shared, close: async () => {} };
  }
  return buildTestApp(options);
}

async function buildTestApp(options: TestAppOptions): Promise<TestApp> {
  const config = loadConfig({
    DATA_DIR: 'memory://',
    JWT_SECRET: TEST_SECRET,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Tests sign in often from one address; the limit tests set their own.
    SIGNIN_LIMIT_PER_ADDRESS: '1000000',
    SIGNIN_LIMIT_PER_ACCOUNT: '1000000',
    PUBLIC_URL: 'http://fds.test',
    // Off: a busy test machine is not an overloaded server (test/platform/operations-kit.test.ts turns it on).
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...options.env,
  });
  const database = options.database ?? (await openTestDatabase());
  const tokens = createTokens(TEST_SECRET);
  const store = openFileStore({ dataDir: 'memory://', storageUrl: null });
  const app = await buildApp({
    config,
    database,
    tokens,
    files: store,
    ...(options.logger ? { logger: options.logger as never } : {}),
    ...(options.readiness ? { readiness: options.readiness } : {}),
  });
  await options.extend?.(app, { database, tokens, store });
  await app.ready();
  return {
    app,
    database,
    config,
    tokens,
    store,
    secret: TEST_SECRET,
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

export interface Answer<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** Parsed JSON body, or the raw text when it is not JSON ('' when empty). */
  body: T;
  raw: Buffer;
}

/** Sends a request; `token` adds the bearer header. */
export async function call<T = Record<string, any>>(
  t: TestApp,
  method: InjectOptions['method'],
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; payload?: string | Buffer } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await t.app.inject({
    method,
    url,
    headers,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
    ...(options.payload !== undefined ? { payload: options.payload } : {}),
  });
  let body: unknown = res.body;
  if ((res.headers['content-type'] ?? '').toString().includes('json') && res.body) body = JSON.parse(res.body);
  return { status: res.statusCode, headers: res.headers, body: body as T, raw: res.rawPayload };
}

/**
 * `call`, sent again while the service answers 503 (`meta.service_temporarily_unavailable`: no
 * connection free within its wait, as a burst of requests on a busy test machine can meet), after
 * a short wait, as a client does on Retry-After. For the tests that send a burst at once; a 503
 * changes nothing that a retry does not resume (the card charges' Idempotency-Key is about that).
 */
export async function callUntilServed<T = Record<string, any>>(...args: Parameters<typeof call>): Promise<Answer<T>> {
  for (let tries = 1; ; tries++) {
    const res = await call<T>(...args);
    if (res.status !== 503 || tries === 40) return res;
    await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
  }
}

/** A multipart/form-data body (uploads): `call(t, 'POST', url, { token, ...multipart([...]) })`. */
export function multipart(
  files: ReadonlyArray<{ field: string; name: string; type: string; content: Buffer }>,
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----fds-test-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const f of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
