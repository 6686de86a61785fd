// The floor of an uncached list: bare Fastify + node-postgres running the very statements fds runs
// for the same request at steady state, and answering the same bytes. Used by raw-customers.ts and
// raw-orders.ts, which give the few lines mapping rows to the answer's fields.
//
// At start, fds itself (built in this process, answers not kept: ANSWER_CACHE_MB=0) answers each
// path three times through app.inject while every statement it sends on its tenant connections is
// recorded at the driver (pg.Client#query). The third request's statements are what a steady-state
// request runs; they must equal the second's. Then fds is closed: nothing of it is in the request
// path but the mapping a list gives.
//
// Each request then sends those statements, with the recorded parameters, over a pool of its own
// opened as fds's tenant pool opens its connections (role fds_app, read-only, the company set), and
// answers the envelope serialized as a Fastify route with a response schema would
// (fast-json-stringify, compiled once from the answer's schema), or with JSON.stringify when
// RAW_SERIALIZE=json. Before listening, every path's answer is compared byte for byte with fds's
// (the in-process one, and the running server at RAW_FDS_URL when given); any difference and it
// refuses to run.
//
//   DATABASE_URL, RAW_TOKEN (a token of the company's user, signed with bench/secret.ts),
//   RAW_PATHS (JSON array of paths with their query), RAW_FDS_URL (optional), DB_POOL_SIZE (20),
//   RAW_SERIALIZE (schema | json)
// Prints {"url"} once listening.

import fastJsonStringify from 'fast-json-stringify';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { createTokens } from '../src/platform/auth.js';
import type { TSchema } from '../src/platform/schemas.js';
import { profileOnSignal } from './profile.js';
import { BENCH_JWT_SECRET } from './secret.js';

export interface Statement {
  text: string;
  values: unknown[];
}

export interface Route {
  /** Its statements' names are raw_<id>_<n>. */
  id: number;
  statements: Statement[];
  /** fds's answer, the bytes to equal. */
  answer: string;
  /** The page's envelope fields besides the list. */
  page: number;
  itemsPerPage: number;
  totalCount: number;
  /** Whatever the list keeps between requests (customers: the data version its count is of). */
  version: string;
}

/** What a list gives: how its statements' rows become the page's data, or null when the data
 *  moved on since the capture (the route answers 409 then). */
export interface RawList {
  name: string;
  /** The answer's schema (Env(PagedList(...))) and the schemas it references. */
  schema: TSchema;
  refs: Record<string, TSchema>;
  data(route: Route, rows: Array<Array<Record<string, any>>>): unknown | null;
}

const databaseUrl = process.env.DATABASE_URL;
const token = process.env.RAW_TOKEN;

/** The same type parsers as fds's pools (src/db/database.ts): numeric and bigint as numbers, date as text. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 1700 || oid === 20) return (v: string) => Number(v);
    if (oid === 1082) return (v: string) => v;
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

async function capture(databaseUrl: string, paths: string[], list: RawList): Promise<Map<string, Route>> {
  const config = loadConfig({ ...process.env, PORT: '0', DATA_DIR: 'memory://', JWT_SECRET: BENCH_JWT_SECRET, ANSWER_CACHE_MB: '0' });
  const database = await openDatabase({ databaseUrl, dataDir: config.dataDir, poolSize: 2, log: console });
  const fds = await buildApp({ config, database, tokens: createTokens(BENCH_JWT_SECRET), logger: false });
  await fds.ready();
  let recording: Statement[] | null = null;
  const originalQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client & { connectionParameters: { options?: string } }, ...args: unknown[]) {
    if (recording && this.connectionParameters.options?.includes('role=fds_app')) {
      const [text, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
      recording.push(typeof text === 'string' ? { text, values: values ?? [] } : { text: text.text, values: text.values ?? [] });
    }
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;

  const routes = new Map<string, Route>();
  for (const path of paths) {
    const runs: Statement[][] = [];
    let answer = '';
    for (let i = 0; i < 3; i++) {
      recording = [];
      const res = await fds.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`fds answered ${res.statusCode} to ${path}: ${res.body}`);
      runs.push(recording);
      answer = res.body;
    }
    recording = null;
    const [, second, third] = runs as [Statement[], Statement[], Statement[]];
    if (JSON.stringify(second) !== JSON.stringify(third)) throw new Error(`${path}: fds's statements are not steady:\n${JSON.stringify(runs, null, 1)}`);
    const parsed = JSON.parse(answer) as { data: { page: number; itemsPerPage: number; totalCount: number } };
    routes.set(path, {
      id: routes.size,
      statements: third,
      answer,
      page: parsed.data.page,
      itemsPerPage: parsed.data.itemsPerPage,
      totalCount: parsed.data.totalCount,
      version: '',
    });
    process.stderr.write(
      `${list.name}: ${path}: ${third.length} statement(s) per request:\n${third.map((s) => `  ${s.text.replace(/\s+/g, ' ').trim()}\n  params ${JSON.stringify(s.values)}`).join('\n')}\n`,
    );
  }
  pg.Client.prototype.query = originalQuery;
  await fds.close();
  await database.close();
  return routes;
}

/** Captures fds's statements for RAW_PATHS, checks the raw answers equal fds's, and serves them. */
export async function serveRaw(list: RawList, defaultPath: string): Promise<void> {
  if (!databaseUrl || !token) throw new Error(`${list.name} needs DATABASE_URL and RAW_TOKEN`);
  const paths: string[] = JSON.parse(process.env.RAW_PATHS ?? JSON.stringify([defaultPath]));
  const companyId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { cid: number }).cid;
  const routes = await capture(databaseUrl, paths, list);

  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: Number(process.env.DB_POOL_SIZE ?? 20),
    types,
    options: `-c role=fds_app -c default_transaction_read_only=on -c app.company_id=${companyId}`,
  });
  const serialize: (value: unknown) => string =
    process.env.RAW_SERIALIZE === 'json'
      ? JSON.stringify
      : (fastJsonStringify as unknown as (schema: unknown, options: unknown) => (value: unknown) => string)(list.schema, { schema: list.refs });

  async function answer(route: Route): Promise<string | null> {
    // One connection for the request's statements, as fds's read takes one; named, so each
    // connection parses a statement once (fds runs its hot statements prepared too).
    const client = await pool.connect();
    const results: Array<Array<Record<string, any>>> = [];
    try {
      for (const [i, s] of route.statements.entries())
        results.push((await client.query({ name: `raw_${route.id}_${i}`, text: s.text, values: s.values })).rows);
    } finally {
      client.release();
    }
    const data = list.data(route, results);
    if (data === null) return null;
    return serialize({ data, success: true, messages: [], errors: [], otherMessages: [] });
  }

  const app = Fastify({ logger: false });
  for (const [path, route] of routes) {
    const body = await answer(route);
    if (body !== route.answer) {
      process.stderr.write(
        `${list.name}: ${path}: the raw answer differs from fds's; refusing to run\nfds: ${route.answer.slice(0, 2000)}\nraw: ${body?.slice(0, 2000)}\n`,
      );
      process.exit(1);
    }
    if (process.env.RAW_FDS_URL) {
      const live = await (await fetch(`${process.env.RAW_FDS_URL}${path}`, { headers: { authorization: `Bearer ${token}` } })).text();
      if (live !== body) {
        process.stderr.write(
          `${list.name}: ${path}: the running fds at RAW_FDS_URL answers other bytes; refusing to run\nfds: ${live.slice(0, 2000)}\nraw: ${body.slice(0, 2000)}\n`,
        );
        process.exit(1);
      }
    }
  }
  const prefix = new URL(defaultPath, 'http://x').pathname;
  app.get(prefix, async (request, reply) => {
    const route = routes.get(request.url);
    if (!route) return reply.code(404).send({ message: `not captured: ${request.url}` });
    const body = await answer(route);
    if (body === null) return reply.code(409).send({ message: 'the data changed since the capture' });
    return reply.type('application/json; charset=utf-8').send(body);
  });
  await profileOnSignal('raw');
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(JSON.stringify({ url: address, companyId, paths: [...routes.keys()] }) + '\n');
  process.on('SIGTERM', async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  });
}
