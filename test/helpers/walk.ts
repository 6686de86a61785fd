// What the conventions test (test/conventions.test.ts) needs to walk every route for real: how to
// make a real record of each kind (factories), a request that succeeds for routes a generated one
// would not satisfy (cases), and which write routes leave no audit row and why. Each area keeps its
// part in test/helpers/walk/<area>.ts; this file holds the shared machinery.
import { sql } from 'kysely';
import type { RecordKey } from '../../src/platform/records.js';
import type { AnyRoute, IdRef } from '../../src/platform/route.js';
import { resolveSchema } from '../../src/platform/validation.js';
import { type Answer, call, type TestApp } from './app.js';
import type { Session } from './factories.js';

/** Makes a real record of the session's company; answers its id. */
export type Factory = (t: TestApp, s: Session) => Promise<RecordKey>;

/** A request's parts; `multipart` replaces the body with a file upload. */
export interface WalkRequest {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  multipart?: { files: Array<{ field: string; name: string; type: string; content: Buffer }>; fields?: Record<string, string> };
}

export interface WalkContext {
  t: TestApp;
  /** The company's admin, who makes the request. */
  admin: Session;
  /** A real record of the admin's company, made by its factory. */
  make(resource: string): Promise<RecordKey>;
}

/** A request that succeeds. Ids the route declares and the case leaves out are made by factories. */
export type RouteCase = (ctx: WalkContext) => Promise<WalkRequest>;

export interface AreaWalk {
  /** By resource name (`companyRecords({ name })`). */
  factories: Record<string, Factory>;
  /** By 'METHOD /url' as declared, for routes whose generated request would not succeed. */
  cases?: Record<string, RouteCase>;
  /** By 'METHOD /url': write routes that leave no audit row, with the reason. */
  unaudited?: Record<string, string>;
}

export const routeKey = (r: Pick<AnyRoute, 'method' | 'url'>) => `${r.method} ${r.url}`;

// ---- Declarations

export type IdKind = 'reference' | 'field' | 'filter' | 'except' | 'global' | 'not-an-id';

export function kindOf(ref: IdRef): IdKind {
  if (ref === 'global' || ref === 'not-an-id') return ref;
  if ('field' in ref) return 'field';
  if ('filter' in ref) return 'filter';
  if ('except' in ref) return 'except';
  // A record of the kind the request names (attachments' entity): refused as a reference.
  return 'reference';
}

/** The resource name an id refers to (null for global ids and non-ids). */
export function resourceOf(ref: IdRef): string | null {
  if (ref === 'global' || ref === 'not-an-id') return null;
  if ('field' in ref) return ref.field.name;
  if ('filter' in ref) return ref.filter.name;
  if ('except' in ref) return ref.except.name;
  if ('chosen' in ref) return ref.walk.name;
  if ('orNone' in ref) return 'chosen' in ref.orNone ? ref.orNone.walk.name : ref.orNone.name;
  return ref.name;
}

type Schema = Record<string, any>;

function resolved(schema: Schema | undefined): Schema | undefined {
  if (!schema) return undefined;
  if (typeof schema.$ref === 'string') return resolved(resolveSchema(schema.$ref));
  return schema;
}

/** The non-null branch of a nullable schema. */
function concreteOf(schema: Schema | undefined): Schema | undefined {
  const s = resolved(schema);
  if (!s) return undefined;
  const branches = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (Array.isArray(branches)) return concreteOf(branches.find((b) => resolved(b)?.type !== 'null'));
  return s;
}

const ID_LIKE = /^(id|ids)$|Id$|Ids$/;

/** Paths of the id-like fields of a schema: `customerId`, `addresses[].id`. */
export function idLikePaths(schema: Schema | undefined, prefix = '', seen = new Set<Schema>()): string[] {
  const s = concreteOf(schema);
  if (!s || seen.has(s)) return [];
  // A body that is a list (`B [int32]`): its items are ids (`[]`), or objects with id fields (`[].id`).
  if (prefix === '' && typeOf(s) === 'array') {
    const items = concreteOf(s.items);
    if (items && ['integer', 'string'].includes(typeOf(items))) return ['[]'];
    return items && typeOf(items) === 'object' ? idLikePaths(items, '[]', seen) : [];
  }
  seen.add(s);
  const out: string[] = [];
  for (const [name, sub] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
    const path = prefix ? `${prefix}.${name}` : name;
    const c = concreteOf(sub);
    if (
      ID_LIKE.test(name) &&
      c &&
      (['integer', 'string'].includes(typeOf(c)) || (typeOf(c) === 'array' && ['integer', 'string'].includes(typeOf(concreteOf(c.items) ?? {}))))
    )
      out.push(path);
    if (c && typeOf(c) === 'object') out.push(...idLikePaths(c, path, seen));
    if (c && typeOf(c) === 'array' && typeOf(concreteOf(c.items) ?? {}) === 'object') out.push(...idLikePaths(c.items, `${path}[]`, seen));
  }
  return out;
}

/** Every path a schema has (to check declarations name real fields). */
export function hasPath(schema: Schema | undefined, path: string): boolean {
  let s = concreteOf(schema);
  for (const part of path.split('.')) {
    if (!s) return false;
    const array = part.endsWith('[]');
    const name = array ? part.slice(0, -2) : part;
    // `[]` alone: the part itself is the list.
    s = name === '' ? s : concreteOf(s.properties?.[name]);
    if (array) s = s && typeOf(s) === 'array' ? concreteOf(s.items) : undefined;
  }
  return Boolean(s);
}

function typeOf(s: Schema): string {
  const t = s.type;
  if (Array.isArray(t)) return (t as string[]).find((x) => x !== 'null') ?? 'null';
  if (typeof t === 'string') return t;
  if (s.properties) return 'object';
  if (s.items) return 'array';
  return 'unknown';
}

export function isArrayField(schema: Schema | undefined, path: string): boolean {
  let s = concreteOf(schema);
  for (const part of path.split('.')) {
    const name = part.endsWith('[]') ? part.slice(0, -2) : part;
    const next = name === '' ? s : concreteOf(s?.properties?.[name]);
    s = part.endsWith('[]') && next ? concreteOf(next.items) : next;
  }
  return Boolean(s && typeOf(s) === 'array');
}

// ---- Generated requests

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(++counter).toString(36)}`;

/** Values by field name, where a type alone would not make a valid one. */
const BY_NAME: Record<string, () => unknown> = {
  email: () => `walk-${unique()}@test.example`,
  country: () => 'US',
  countryCode: () => 'US',
  currency: () => 'USD',
  fromCurrency: () => 'USD',
  toCurrency: () => 'CAD',
  state: () => 'TX',
  city: () => 'Austin',
  street: () => '100 Congress Ave',
  postalCode: () => '78701',
  zip: () => '78701',
  phone: () => '+15125550100',
  color: () => '#336699',
};

/** A value the schema accepts: its example or default, else one made from its type and name. */
export function exampleOf(schema: Schema | undefined, name = ''): unknown {
  const s = concreteOf(schema);
  if (!s) return null;
  if (Array.isArray(s.examples) && s.examples.length > 0) return structuredClone(s.examples[0]);
  if (s.example !== undefined) return structuredClone(s.example);
  if (s.default !== undefined) return structuredClone(s.default);
  if (Array.isArray(s.enum)) return s.enum.find((v: unknown) => v !== null);
  const byName = BY_NAME[name];
  const type = typeOf(s);
  if (byName && (type === 'string' || type === 'unknown')) return byName();
  switch (type) {
    case 'string':
      if (s.format === 'email') return BY_NAME.email!();
      if (s.format === 'date-time') return new Date().toISOString();
      if (s.format === 'date') return new Date().toISOString().slice(0, 10);
      if (s.format === 'uri') return 'https://example.com/walk';
      if (s.pattern === '^[A-Za-z]{3}$') return 'USD';
      if (s.pattern === '^[A-Za-z]{2}$') return 'US';
      return `Walk ${unique()}`.slice(0, s.maxLength ?? 100).padEnd(s.minLength ?? 1, 'x');
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : undefined);
      if (min !== undefined && min > 1) return min;
      if (s.maximum !== undefined && s.maximum < 1) return s.maximum;
      return 1;
    }
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => exampleOf(s.items, name));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of (s.required ?? []) as string[]) out[key] = exampleOf(s.properties?.[key], key);
      return out;
    }
    default:
      return null;
  }
}

/** Sets a path (`addresses[].id`) in a request part: in the first item of a list, made when absent. */
export function setPath(target: Record<string, unknown>, path: string, value: unknown, schema: Schema | undefined): void {
  const parts = path.split('.');
  let node: Record<string, unknown> = target;
  let s = concreteOf(schema);
  for (const [i, part] of parts.entries()) {
    const array = part.endsWith('[]');
    const name = array ? part.slice(0, -2) : part;
    const sub = name === '' ? s : concreteOf(s?.properties?.[name]);
    if (i === parts.length - 1 && !array) {
      node[name] = value;
      return;
    }
    if (array) {
      const items = sub ? concreteOf(sub.items) : undefined;
      // `[]` first: the target is the list (a body that is one).
      let list = (name === '' ? node : node[name]) as Array<Record<string, unknown>> | undefined;
      if (!Array.isArray(list) || list.length === 0) {
        if (name === '' && Array.isArray(list)) list.push((exampleOf(items) ?? {}) as Record<string, unknown>);
        else {
          list = [(exampleOf(items) ?? {}) as Record<string, unknown>];
          node[name] = list;
        }
      }
      node = list[0]!;
      s = items;
    } else {
      if (node[name] === null || typeof node[name] !== 'object') node[name] = exampleOf(sub) ?? {};
      node = node[name] as Record<string, unknown>;
      s = sub;
    }
  }
}

export function getPath(target: unknown, path: string): unknown {
  let node = target as Record<string, unknown> | undefined;
  for (const part of path.split('.')) {
    const name = part.endsWith('[]') ? part.slice(0, -2) : part;
    const next = name === '' ? node : node?.[name];
    node = (part.endsWith('[]') && Array.isArray(next) ? next[0] : next) as Record<string, unknown> | undefined;
  }
  return node;
}

/** The route's request: the case's, or one made from its schemas; declared ids absent from it
 *  are real records of the admin's company. */
export async function requestFor(route: AnyRoute, ctx: WalkContext, cases: Record<string, RouteCase>): Promise<WalkRequest> {
  const made = cases[routeKey(route)] ? await cases[routeKey(route)]!(ctx) : {};
  const req: WalkRequest = {
    params: { ...made.params },
    query: made.query ? { ...made.query } : ((exampleOf(route.querystring) ?? {}) as Record<string, unknown>),
    body: made.body !== undefined ? made.body : route.body ? exampleOf(route.body) : undefined,
    ...(made.multipart ? { multipart: made.multipart } : {}),
  };
  const parts = [
    ['params', route.params],
    ['query', route.querystring],
    ['body', route.body],
  ] as const;
  for (const [part, schema] of parts) {
    const declared = (route.ids?.[part] ?? {}) as Record<string, IdRef>;
    for (const [path, ref] of Object.entries(declared)) {
      const kind = kindOf(ref);
      const target = (part === 'body' ? req.body : req[part]) as Record<string, unknown> | undefined;
      const given = part === 'body' ? made.body : made[part];
      if (!target || getPath(given, path) !== undefined) continue;
      // A field-checked id is made only where the request must carry it (the generator put a
      // placeholder there): an optional one changes what the request means.
      if (kind === 'reference' || (kind === 'field' && getPath(target, path) !== undefined)) {
        const id = await ctx.make(resourceOf(ref)!);
        if (path === '[]') req.body = [id];
        else setPath(target, path, isArrayField(schema, path) ? [id] : id, schema);
      } else if (kind === 'not-an-id' && part === 'params') {
        setPath(target, path, exampleOf(concreteOf(schema)?.properties?.[path], path), schema);
      }
    }
  }
  // Path parameters not declared as ids still need a value.
  for (const name of route.url.match(/:(\w+)/g)?.map((p) => p.slice(1)) ?? []) {
    if (req.params![name] === undefined) req.params![name] = exampleOf(concreteOf(route.params)?.properties?.[name], name);
  }
  return req;
}

function urlOf(route: AnyRoute, req: WalkRequest): string {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(req.params?.[name])));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(req.query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, String(v));
  }
  const qs = search.toString();
  return `${route.absolute ? '' : `/api/v${route.version ?? 1}`}${path}${qs ? `?${qs}` : ''}`;
}

function multipartBody(m: NonNullable<WalkRequest['multipart']>): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----fds-walk-${unique()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(m.fields ?? {})) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of m.files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function send(t: TestApp, route: AnyRoute, req: WalkRequest, token: string): Promise<Answer<any>> {
  const url = urlOf(route, req);
  const seen = (res: Answer<any>) => {
    answered.push({ route, status: res.status });
    return res;
  };
  if (req.multipart) {
    const { payload, headers } = multipartBody(req.multipart);
    return call(t, route.method, url, { token, payload, headers }).then(seen);
  }
  return call(t, route.method, url, { token, ...(req.body !== undefined ? { body: req.body } : {}) }).then(seen);
}

/** Every status a route answered the walk's requests with (send), in the order seen: the
 *  conventions test's last check finds each in the route's reference entry. Kept for the whole
 *  walk on purpose — it is what the walk saw, read once it is done. */
export const answered: Array<{ route: AnyRoute; status: number }> = [];

/** The route's path in the OpenAPI document: `/api/v1/Routes/{id}`. */
export function openApiPath(route: AnyRoute): string {
  return `${route.absolute ? '' : `/api/v${route.version ?? 1}`}${route.url.replace(/:(\w+)/g, '{$1}')}`;
}

// ---- What changed

let tablesOf: Promise<string[]> | null = null;

/** A digest of every row of these companies in every company table (audit log included): per
 *  table the count and the sum of the rows' 64-bit hashes, which needs no sort. The rows' text
 *  sorted and joined into one md5 took 39 of the walk's 78 s on PGlite (1,197 digests of two
 *  companies that grow as it goes); the sum, 20 s. */
export async function fingerprint(t: TestApp, companyIds: number[]): Promise<Record<string, string>> {
  tablesOf ??= sql<{ table_name: string }>`
    SELECT c.table_name FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
    WHERE c.table_schema = 'public' AND c.column_name = 'company_id' AND t.table_type = 'BASE TABLE' ORDER BY 1`
    .execute(t.database.db)
    .then((r) => r.rows.map((x) => x.table_name));
  const tables = await tablesOf;
  const ids = sql.join(companyIds);
  const parts = tables.map(
    (name) => sql`SELECT ${name}::text AS t, count(*)::int AS n,
    coalesce(sum(hashtextextended(x::text, 0)::numeric), 0)::text AS h FROM ${sql.table(name)} x WHERE x.company_id IN (${ids})`,
  );
  const { rows } = await sql<{ t: string; n: number; h: string }>`${sql.join(parts, sql` UNION ALL `)}`.execute(t.database.db);
  // In table order: PostgreSQL may answer a UNION ALL's parts in any order (a parallel append
  // does), and two fingerprints are compared as JSON text.
  return Object.fromEntries(rows.map((r) => [r.t, `${r.n}:${r.h}`] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Audit rows of a company. */
export async function auditRows(t: TestApp, companyId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_log WHERE company_id = ${companyId}`.execute(t.database.db);
  return rows[0]!.n;
}
