// The floor of an uncached customer list: bare Fastify + node-postgres running the very statements
// fds runs for the same request at steady state, and answering the same bytes.
//
// At start, fds itself (built in this process, answers not kept: ANSWER_CACHE_MB=0) answers each
// path three times through app.inject while every statement it sends on its tenant connections is
// recorded at the driver (pg.Client#query). The third request's statements are what a steady-state
// request runs (fds keeps counts per data version in process, so that is the page statement alone);
// they must equal the second's. Then fds is closed: nothing of it is in the request path but the
// few lines mapping a row to the answer's fields (formatAddress, for `fullAddress`).
//
// Each request then sends those statements, with the recorded parameters, over a pool of its own
// opened as fds's tenant pool opens its connections (role fds_app, read-only, the company set),
// checks the data version the page reports (as fds does before trusting its kept count) and
// answers JSON.stringify of the envelope. Before listening, every path's answer is compared byte
// for byte with fds's (the in-process one, and the running server at RAW_FDS_URL when given); any
// difference and it refuses to run.
//
// The envelope is serialized as a Fastify route with a response schema would (fast-json-stringify,
// compiled once from the answer's schema: about 3x faster than JSON.stringify here), or with
// JSON.stringify when RAW_SERIALIZE=json.
//
//   DATABASE_URL, RAW_TOKEN (a token of the company's user, signed with bench/secret.ts),
//   RAW_PATHS (JSON array of paths with their query), RAW_FDS_URL (optional), DB_POOL_SIZE (20),
//   RAW_SERIALIZE (schema | json)
// Prints {"url"} once listening.

import fastJsonStringify from 'fast-json-stringify';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { formatAddress } from '../src/areas/customers/address-key.js';
import { Address } from '../src/areas/customers/addresses.schemas.js';
import { Customer } from '../src/areas/customers/customers.schemas.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { createTokens } from '../src/platform/auth.js';
import { Env, ErrorItem, OtherMessage, PagedList } from '../src/platform/envelope.js';
import { profileOnSignal } from './profile.js';
import { BENCH_JWT_SECRET } from './secret.js';

const databaseUrl = process.env.DATABASE_URL;
const token = process.env.RAW_TOKEN;
if (!databaseUrl || !token) throw new Error('raw-customers needs DATABASE_URL and RAW_TOKEN');
const paths: string[] = JSON.parse(process.env.RAW_PATHS ?? '["/api/v1/Customers"]');
const poolSize = Number(process.env.DB_POOL_SIZE ?? 20);
const companyId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { cid: number }).cid;

interface Statement {
  text: string;
  values: unknown[];
}

// --- capture: fds answers each path; its tenant statements are recorded ---------------------------
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

interface Route {
  /** Its statements' names are raw_<id>_<n>. */
  id: number;
  statements: Statement[];
  /** fds's answer, the bytes to equal. */
  answer: string;
  /** The page's envelope fields besides the list, and the data version its count is of. */
  page: number;
  itemsPerPage: number;
  totalCount: number;
  version: string;
}

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
  const parsed = JSON.parse(answer) as { data: { page: number; itemsPerPage: number; totalCount: number; list: unknown[] } };
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
    `raw-customers: ${path}: ${third.length} statement(s) per request:\n${third.map((s) => `  ${s.text.replace(/\s+/g, ' ').trim()}\n  params ${JSON.stringify(s.values)}`).join('\n')}\n`,
  );
}
pg.Client.prototype.query = originalQuery;
await fds.close();
await database.close();

// --- the raw route -------------------------------------------------------------------------------
// The same type parsers as fds's pools (src/db/database.ts): numeric and bigint as numbers, date as text.
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 1700 || oid === 20) return (v: string) => Number(v);
    if (oid === 1082) return (v: string) => v;
    return pg.types.getTypeParser(oid, format as 'text');
  },
};
const pool = new pg.Pool({
  connectionString: databaseUrl,
  max: poolSize,
  types,
  options: `-c role=fds_app -c default_transaction_read_only=on -c app.company_id=${companyId}`,
});

interface AddressJson {
  id: number;
  customer_id: number | null;
  name: string | null;
  street: string;
  street2: string | null;
  city: string;
  state: string | null;
  postal_code: string | null;
  country: string;
  latitude: number | null;
  longitude: number | null;
  is_main: boolean;
  is_hub: boolean;
  contact_name: string | null;
  contact_phone: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

function customer(r: Record<string, any>) {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    pipeline: r.pipeline,
    status: r.status,
    source: r.source,
    isEntrepreneur: r.is_entrepreneur,
    parentCustomerId: r.parent_customer_id,
    mergedIntoId: r.merged_into_id,
    notes: r.notes,
    addresses: (r.addresses_json as AddressJson[]).map((a) => ({
      id: a.id,
      name: a.name,
      street: a.street,
      street2: a.street2,
      city: a.city,
      state: a.state,
      postalCode: a.postal_code,
      country: a.country,
      latitude: a.latitude,
      longitude: a.longitude,
      isMain: a.is_main,
      isHub: a.is_hub,
      customerId: a.customer_id,
      customerName: r.name,
      contactName: a.contact_name,
      contactPhone: a.contact_phone,
      notes: a.notes,
      fullAddress: formatAddress({ street: a.street, street2: a.street2, city: a.city, state: a.state, postalCode: a.postal_code, country: a.country }),
      createdAt: new Date(a.created_at),
      updatedAt: new Date(a.updated_at),
    })),
    lastOrderAt: r.last_order_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

const serialize: (value: unknown) => string =
  process.env.RAW_SERIALIZE === 'json'
    ? JSON.stringify
    : (fastJsonStringify as unknown as (schema: unknown, options: unknown) => (value: unknown) => string)(Env(PagedList(Customer)), {
        schema: { Address, Customer, ErrorItem, OtherMessage },
      });

async function answer(route: Route): Promise<string | null> {
  let rows: Array<Record<string, any>> = [];
  // Named, so each connection parses a statement once (fds runs its hot statements prepared too).
  for (const [i, s] of route.statements.entries()) rows = (await pool.query({ name: `raw_${route.id}_${i}`, text: s.text, values: s.values })).rows;
  // The count is trusted for the version it was read at, as fds trusts its kept count.
  const first = rows[0];
  if (!first || first.wrote || (route.version && first.list_version !== route.version)) return null;
  route.version ||= first.list_version;
  return serialize({
    data: { list: rows.map(customer), page: route.page, itemsPerPage: route.itemsPerPage, totalCount: route.totalCount },
    success: true,
    messages: [],
    errors: [],
    otherMessages: [],
  });
}

const app = Fastify({ logger: false });
for (const [path, route] of routes) {
  const body = await answer(route);
  if (body !== route.answer) {
    process.stderr.write(
      `raw-customers: ${path}: the raw answer differs from fds's; refusing to run\nfds: ${route.answer.slice(0, 2000)}\nraw: ${body?.slice(0, 2000)}\n`,
    );
    process.exit(1);
  }
  if (process.env.RAW_FDS_URL) {
    const live = await (await fetch(`${process.env.RAW_FDS_URL}${path}`, { headers: { authorization: `Bearer ${token}` } })).text();
    if (live !== body) {
      process.stderr.write(
        `raw-customers: ${path}: the running fds at RAW_FDS_URL answers other bytes; refusing to run\nfds: ${live.slice(0, 2000)}\nraw: ${body.slice(0, 2000)}\n`,
      );
      process.exit(1);
    }
  }
}
app.get('/api/v1/Customers', async (request, reply) => {
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
