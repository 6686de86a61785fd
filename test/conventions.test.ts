// Walks every registered route: schemas and access declared; no token → 401 with an empty body; a
// role without the access → 403 naming it; every id it takes declared; another company's real
// record answered exactly as an id that exists nowhere, with nothing changed; and every change
// leaving an audit row. The records, and the requests that succeed where a generated one would
// not, come from each area's part in test/helpers/walk/.

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { AREAS } from '../src/app.js';
import { readXlsx } from '../src/integrations/files/spreadsheet.js';
import { PERMISSIONS, type Permission } from '../src/platform/access.js';
import type { AreaDeps } from '../src/platform/area.js';
import type { RecordKey } from '../src/platform/records.js';
import { type AnyRoute, FileResponse, type IdRef } from '../src/platform/route.js';
import { SharedListParams } from '../src/platform/schemas.js';
import { StoredFiles } from '../src/platform/stored-files.js';
import { call, startTestApp, type TestApp } from './helpers/app.js';
import { createCompany, type Session, signIn, signInAdmin } from './helpers/factories.js';
import { WALKS } from './helpers/walk/index.js';
import {
  answered,
  auditRows,
  type Factory,
  fingerprint,
  getPath,
  hasPath,
  idLikePaths,
  isArrayField,
  kindOf,
  openApiPath,
  type RouteCase,
  requestFor,
  resourceOf,
  routeKey,
  send,
  setPath,
  type WalkContext,
  type WalkRequest,
} from './helpers/walk.js';

let t: TestApp;
let routes: AnyRoute[];
const factories: Record<string, Factory> = Object.assign({}, ...WALKS.map((w) => w.factories));
const cases: Record<string, RouteCase> = Object.assign({}, ...WALKS.map((w) => w.cases ?? {}));
const unaudited: Record<string, string> = Object.assign({}, ...WALKS.map((w) => w.unaudited ?? {}));

before(async () => {
  t = await startTestApp();
  const deps: AreaDeps = { config: t.config, tokens: t.tokens, files: new StoredFiles(t.store, t.database.db), privileged: t.database.db };
  // WALK_AREAS=Zones,Warehouses walks only those areas (names as on the reference page), while
  // working on one; CI walks them all.
  const only = process.env.WALK_AREAS?.split(',').map((n) => n.trim().toLowerCase());
  routes = AREAS.filter((area) => !only || only.includes(area.name.toLowerCase())).flatMap((area) => area.routes(deps));
});
after(() => t.close());

const MISSING_NUMBER = 2147480000;

/** A concrete URL for a route, its parameters filled with values that exist nowhere. */
function concrete(route: AnyRoute): string {
  const props = (route.params as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties ?? {};
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => (props[name]?.type === 'integer' ? String(MISSING_NUMBER) : 'no-such-record'));
  return `/api/v${route.version ?? 1}${path}`;
}

type Part = 'params' | 'query' | 'body';
const PARTS: Array<[Part, (r: AnyRoute) => unknown]> = [
  ['params', (r) => r.params],
  ['query', (r) => r.querystring],
  ['body', (r) => r.body],
];
const SHARED = new Set(Object.keys(SharedListParams));

/** Every declared id of the route that names a kind of company record. */
function declaredIds(route: AnyRoute): Array<{ part: Part; path: string; ref: IdRef }> {
  return PARTS.flatMap(([part]) => Object.entries((route.ids?.[part] ?? {}) as Record<string, IdRef>).map(([path, ref]) => ({ part, path, ref })));
}

async function company(): Promise<Session> {
  return signInAdmin(t, await createCompany(t, `Walk ${randomUUID().slice(0, 8)}`));
}

function contextOf(admin: Session): WalkContext {
  return {
    t,
    admin,
    async make(resource) {
      const factory = factories[resource];
      if (!factory) throw new Error(`no factory for resource "${resource}" (add it to test/helpers/walk/<area>.ts)`);
      return factory(t, admin);
    },
  };
}

/** The answer with the ids of the comparison and the request's own trace taken out; a workbook
 *  by its cells (its bytes carry the second it was written). */
async function comparable(res: { status: number; raw: Buffer; headers: Record<string, unknown> }, ids: RecordKey[]): Promise<string> {
  const workbook = String(res.headers['content-type'] ?? '').includes('spreadsheetml');
  let text = workbook ? JSON.stringify(await readXlsx(res.raw, 1_000_000)) : res.raw.toString('utf8');
  text = text.replace(/"traceId":"[^"]*"/g, '"traceId":"-"');
  for (const id of ids) text = text.replace(new RegExp(`\\b${String(id).replace(/[^\w-]/g, '\\$&')}\\b`, 'g'), '<id>');
  return `${res.status} ${text}`;
}

describe('every route', () => {
  it('declares a summary, its access and its response', () => {
    assert.ok(routes.length >= (process.env.WALK_AREAS ? 1 : 17));
    for (const route of routes) {
      assert.ok(route.summary, `${route.method} ${route.url}: summary`);
      assert.ok(route.access, `${route.method} ${route.url}: access`);
      assert.ok(route.response === FileResponse || typeof route.response === 'object', `${route.method} ${route.url}: response`);
    }
  });

  it('hands the privileged executor to sign-in and the sandbox card processor only, and names each kind of record once', () => {
    assert.deepEqual(
      AREAS.filter((a) => a.privileged).map((a) => [a.name, a.privileged]),
      [
        ['Account and company', 'sign-in'],
        // The sandbox keeps its book outside the request's transaction, as an outside processor would.
        ['Accounting', 'payments'],
      ],
    );
    const names = AREAS.flatMap((a) => (a.resources ?? []).map((r) => r.name));
    assert.deepEqual(
      names.filter((n, i) => names.indexOf(n) !== i),
      [],
      'a resource name is declared by two areas',
    );
  });

  it('declares every id it takes, of a kind some area owns and the walk can make', () => {
    const owned = new Set(AREAS.flatMap((a) => (a.resources ?? []).map((r) => r.name)));
    const problems: string[] = [];
    for (const route of routes) {
      const key = routeKey(route);
      for (const name of route.url.match(/:(\w+)/g)?.map((p) => p.slice(1)) ?? []) {
        if (!route.ids?.params?.[name]) problems.push(`${key}: path parameter ${name} is not declared in ids.params`);
      }
      for (const [part, schemaOf] of PARTS.slice(1)) {
        for (const path of idLikePaths(schemaOf(route) as never)) {
          // Shared list parameters a list does not apply are ignored by it: declared only where used.
          if (part === 'query' && SHARED.has(path)) continue;
          if (!route.ids?.[part]?.[path]) problems.push(`${key}: ${part} field ${path} looks like an id and is not declared in ids.${part}`);
        }
      }
      for (const { part, path, ref } of declaredIds(route)) {
        const schema = PARTS.find(([p]) => p === part)![1](route);
        if (!hasPath(schema as never, path)) problems.push(`${key}: ids.${part}.${path} names no field of the ${part}`);
        const resource = resourceOf(ref);
        if (resource && !owned.has(resource)) problems.push(`${key}: resource "${resource}" is in no area's resources`);
        if (resource && !factories[resource]) problems.push(`${key}: resource "${resource}" has no factory in test/helpers/walk/`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('answers 401 with an empty body without a token (unless public)', async () => {
    for (const route of routes.filter((r) => r.access.kind !== 'public')) {
      const res = await call(t, route.method, concrete(route));
      assert.equal(res.status, 401, `${route.method} ${route.url}`);
      assert.equal(res.raw.length, 0, `${route.method} ${route.url}: empty body`);
      assert.ok(res.headers['api-supported-versions']);
    }
  });

  it('answers 403 naming the permission or role to a user without it', async () => {
    const made = await createCompany(t);
    const sessions = new Map<string, string>();
    for (const route of routes) {
      const access = route.access;
      if (access.kind !== 'permission' && access.kind !== 'anyOf' && access.kind !== 'role') continue;
      // Everything but what the route needs (and never the Company Admin role).
      const needed: readonly string[] = access.kind === 'permission' ? [access.permission] : access.kind === 'anyOf' ? access.permissions : [];
      const held = PERMISSIONS.filter((p) => !needed.includes(p));
      const key = access.kind === 'role' ? 'role' : needed.join('|');
      if (!sessions.has(key)) sessions.set(key, (await signIn(t, { permissions: held as Permission[] }, made.companyId)).token);
      const res = await call(t, route.method, concrete(route), { token: sessions.get(key)! });
      const names = access.kind === 'role' ? [access.role] : needed;
      assert.equal(res.status, 403, `${route.method} ${route.url}`);
      assert.equal(res.body.errors[0].code, 'meta.missing_permission');
      for (const name of names) assert.ok(res.body.errors[0].message.includes(name), `${route.method} ${route.url}: ${res.body.errors[0].message}`);
    }
  });

  it("answers another company's real record exactly as an id that exists nowhere, and changes nothing", async () => {
    const own = await company();
    const other = await company();
    const ctx = contextOf(own);
    const problems: string[] = [];
    for (const route of routes.filter((r) => r.access.kind !== 'public')) {
      for (const { part, path, ref } of declaredIds(route)) {
        const kind = kindOf(ref);
        if (kind === 'global' || kind === 'not-an-id') continue;
        const label = `${routeKey(route)} ${part}.${path}`;
        try {
          const schema = PARTS.find(([p]) => p === part)![1](route) as never;
          const resource = resourceOf(ref)!;
          const foreign = await factories[resource]!(t, other);
          const missing: RecordKey = typeof foreign === 'number' ? MISSING_NUMBER : randomUUID();
          const base = await requestFor(route, ctx, cases);
          const ownId =
            kind === 'reference' ? ((v: unknown) => (Array.isArray(v) ? v[0] : v))(getPath(base[part === 'body' ? 'body' : part], path)) : undefined;
          const variant = (id: RecordKey): WalkRequest => {
            const req = structuredClone(base);
            const target = (part === 'body' ? (req.body ??= {}) : (req[part] ??= {})) as Record<string, unknown>;
            const list = isArrayField(schema, path) || path === '[]';
            // A list of references holds one of the company's own too: only the other is missing.
            const value = list ? (kind === 'reference' && ownId !== undefined ? [ownId, id] : [id]) : id;
            // `[]`: the body is the list.
            if (path === '[]') req.body = value;
            else setPath(target, path, value, schema);
            return req;
          };
          const before = await fingerprint(t, [own.companyId, other.companyId]);
          const asForeign = await send(t, route, variant(foreign), own.token);
          const afterForeign = await fingerprint(t, [own.companyId, other.companyId]);
          const asMissing = await send(t, route, variant(missing), own.token);
          const afterMissing = await fingerprint(t, [own.companyId, other.companyId]);
          if (asForeign.status >= 500) problems.push(`${label}: ${asForeign.status} ${asForeign.raw.toString().slice(0, 300)}`);
          if (JSON.stringify(afterForeign) !== JSON.stringify(before)) problems.push(`${label}: another company's id changed data`);
          if ((kind === 'reference' || kind === 'field') && JSON.stringify(afterMissing) !== JSON.stringify(afterForeign))
            problems.push(`${label}: a missing id changed data`);
          const a = await comparable(asForeign, [foreign, missing]);
          const b = await comparable(asMissing, [foreign, missing]);
          if (a !== b)
            problems.push(`${label}: another company's id answered\n    ${a.slice(0, 400)}\n  an id that exists nowhere answered\n    ${b.slice(0, 400)}`);
          if (kind === 'field') {
            // Named as sent: `lines[0].chargeTypeId`, `chargeTypeIds[0]`, `fromZoneId`.
            const fields = Object.keys(asForeign.body?.errors ?? {}).map((f) => f.replace(/\[\d+\]/g, '[]'));
            if (asForeign.status !== 400 || asForeign.body?.title === undefined || !fields.some((f) => f === path || f === `${path}[]`)) {
              problems.push(
                `${label}: another company's id answered ${asForeign.status} ${asForeign.raw.toString().slice(0, 300)}, not a 400 validation problem naming the field`,
              );
            }
          }
          // A filter or an exception refuses nothing: an answer other than a success means the case's
          // request was refused for something else, and compared two refusals, not the id.
          if ((kind === 'filter' || kind === 'except') && (asForeign.status >= 300 || asMissing.status >= 300)) {
            problems.push(`${label}: refused (${asForeign.status} ${asForeign.raw.toString().slice(0, 300)}), so the id was never looked at`);
          }
          if (kind === 'reference') {
            const message = asForeign.body?.errors?.[0]?.message ?? '';
            if (asForeign.status !== 404 || asForeign.body?.errors?.[0]?.code !== 'meta.not_found') {
              problems.push(`${label}: another company's id answered ${asForeign.status} ${asForeign.raw.toString().slice(0, 300)}, not 404 meta.not_found`);
            } else if (!new RegExp(`\\b${foreign}\\b`).test(message)) {
              problems.push(`${label}: the 404 does not name the id ${foreign}: "${message}"`);
            } else if (ownId !== undefined && (isArrayField(schema, path) || path === '[]') && new RegExp(`\\b${ownId}\\b`).test(message)) {
              problems.push(`${label}: the 404 names the company's own id ${ownId} as missing: "${message}"`);
            }
          }
        } catch (err) {
          problems.push(`${label}: ${(err as Error).message}`);
        }
      }
    }
    assert.deepEqual(problems, []);
  });

  it('leaves an audit row for every change', async () => {
    const own = await company();
    const ctx = contextOf(own);
    const problems: string[] = [];
    const writes = routes.filter((r) => r.method !== 'GET' && !r.readOnly && r.access.kind !== 'public');
    for (const route of writes) {
      const key = routeKey(route);
      if (unaudited[key]) continue;
      try {
        const req = await requestFor(route, ctx, cases);
        const before = await auditRows(t, own.companyId);
        const res = await send(t, route, req, own.token);
        if (res.status !== 200) {
          problems.push(`${key}: the walk's request did not succeed (${res.status} ${res.raw.toString().slice(0, 300)}); give it a case in test/helpers/walk/`);
          continue;
        }
        if ((await auditRows(t, own.companyId)) <= before) problems.push(`${key}: succeeded and left no audit row`);
      } catch (err) {
        problems.push(`${key}: ${(err as Error).message}`);
      }
    }
    // Walking some areas only (WALK_AREAS), the other areas' lists are not checked.
    for (const key of process.env.WALK_AREAS ? [] : Object.keys(unaudited)) {
      if (!writes.some((r) => routeKey(r) === key)) problems.push(`${key}: listed as unaudited, but it is no write route`);
    }
    assert.deepEqual(problems, []);
  });

  // Last: it reads the statuses the walks above were answered with (helpers/walk.ts send).
  it('lists in its reference entry every status the walk was answered with', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
    const problems = new Set<string>();
    for (const { route, status } of answered) {
      const entry = doc.paths[openApiPath(route)]?.[route.method.toLowerCase()];
      if (!entry) problems.add(`${routeKey(route)}: no reference entry`);
      else if (!entry.responses?.[status])
        problems.add(`${routeKey(route)}: answered ${status}; its reference entry lists ${Object.keys(entry.responses ?? {}).join(', ')}`);
    }
    assert.deepEqual([...problems], []);
  });
});
