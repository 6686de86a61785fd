// Every paged list, asked for a page or a page size out of range: never a 5xx. Beyond int32 (or
// not a whole number) the value is a validation problem naming the field; within it, a page below
// 1 reads the first page and a page past the end is an empty page (schemas.ts, PageParams).

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { AREAS } from '../../src/app.js';
import type { AreaDeps } from '../../src/platform/area.js';
import type { AnyRoute } from '../../src/platform/route.js';
import { StoredFiles } from '../../src/platform/stored-files.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectProblem } from '../helpers/expect.js';
import { createCompany, type Session, signInAdmin } from '../helpers/factories.js';
import { exampleOf } from '../helpers/walk.js';

let t: TestApp;
let routes: AnyRoute[];
let admin: Session;

const PAGING = ['Page', 'ItemsPerPage', 'PageSize'];
const MISSING_NUMBER = 2147480000;

before(async () => {
  t = await startTestApp();
  const deps: AreaDeps = { config: t.config, tokens: t.tokens, files: new StoredFiles(t.store, t.database.db), privileged: t.database.db };
  routes = AREAS.flatMap((area) => area.routes(deps)).filter((r) => r.method === 'GET' && pagingOf(r).length > 0);
  admin = await signInAdmin(t, await createCompany(t, `Paging ${randomUUID().slice(0, 8)}`));
});
after(() => t.close());

function pagingOf(route: AnyRoute): string[] {
  const props = (route.querystring as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  return PAGING.filter((name) => name in props);
}

/** The route's URL with ids that exist nowhere, its required query parameters and `name=value`. */
function urlOf(route: AnyRoute, name: string, value: string): string {
  const props = (route.params as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties ?? {};
  const path = route.url.replace(/:(\w+)/g, (_, p: string) => (props[p]?.type === 'integer' ? String(MISSING_NUMBER) : 'no-such-record'));
  const search = new URLSearchParams();
  for (const [key, v] of Object.entries((exampleOf(route.querystring as never) ?? {}) as Record<string, unknown>)) {
    for (const one of Array.isArray(v) ? v : [v]) search.append(key, String(one));
  }
  search.set(name, value);
  return `${route.absolute ? '' : `/api/v${route.version ?? 1}`}${path}?${search}`;
}

const listOf = (data: unknown): unknown[] | null =>
  Array.isArray(data) ? data : Array.isArray((data as { list?: unknown })?.list) ? (data as { list: unknown[] }).list : null;

describe('paging parameters out of range', () => {
  it('finds the paged lists', () => {
    assert.ok(routes.length >= 20, `${routes.length} paged GET routes`);
    assert.ok(routes.some((r) => r.url === '/Routes/active'));
  });

  // Outside int32, or not a whole number: the validation problem naming the field.
  const refused = ['1000000000000000', '-1000000000000000', '2147483648', '9'.repeat(400), 'abc', '1.5', 'Infinity', 'NaN', ''];
  // Within int32: an answer (the first page below 1, an empty page past the end).
  const answered = ['2147483647', '1000000', '0', '-1', '-2147483648'];

  it('answers a value outside int32 or not a whole number with a problem naming the field', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      for (const name of pagingOf(route)) {
        for (const value of refused) {
          const res = await call(t, 'GET', urlOf(route, name, value), { token: admin.token });
          if (res.status === 404) continue; // a path id that exists nowhere
          if (value === '' && res.status === 200) continue; // an empty parameter is not given
          try {
            expectProblem(res, name);
          } catch (e) {
            problems.push(`${route.url} ${name}=${value.slice(0, 20)}: ${res.status} ${(e as Error).message.slice(0, 200)}`);
          }
        }
      }
    }
    assert.deepEqual(problems, []);
  });

  it('answers a value within int32 with a page: the first below 1, an empty one past the end', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      for (const name of pagingOf(route)) {
        for (const value of answered) {
          const res = await call(t, 'GET', urlOf(route, name, value), { token: admin.token });
          if (res.status === 404) continue;
          const where = `${route.url} ${name}=${value}`;
          if (res.status !== 200) {
            problems.push(`${where}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
            continue;
          }
          const list = listOf((res.body as { data?: unknown }).data);
          if (list === null) problems.push(`${where}: no list in ${JSON.stringify(res.body).slice(0, 200)}`);
          else if (name === 'Page' && Number(value) >= 1000000 && list.length > 0) problems.push(`${where}: ${list.length} items past the end`);
        }
      }
    }
    assert.deepEqual(problems, []);
  });
});
