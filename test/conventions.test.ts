// Walks every registered route: schemas and access declared; no token → 401 with an empty body; a
// role without the access → 403 naming it; an unknown id → answered as missing, never a 500.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AREAS } from '../src/app.js';
import { PERMISSIONS, type Permission } from '../src/platform/access.js';
import { FileResponse, type AnyRoute } from '../src/platform/route.js';
import { call, startTestApp, type TestApp } from './helpers/app.js';
import { createCompany, signIn } from './helpers/factories.js';

let t: TestApp;
let routes: AnyRoute[];
before(async () => {
  t = await startTestApp();
  const deps = { config: t.config, db: t.database.db, tokens: t.tokens };
  routes = AREAS.flatMap((area) => area.routes(deps));
});
after(() => t.close());

/** A concrete URL for a route, its parameters filled with values that exist nowhere. */
function concrete(route: AnyRoute): string {
  const props = (route.params as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties ?? {};
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => (props[name]?.type === 'integer' ? '2147480000' : 'no-such-record'));
  return `/api/v${route.version ?? 1}${path}`;
}

describe('every route', () => {
  it('declares a summary, its access and its response', () => {
    assert.ok(routes.length >= 17);
    for (const route of routes) {
      assert.ok(route.summary, `${route.method} ${route.url}: summary`);
      assert.ok(route.access, `${route.method} ${route.url}: access`);
      assert.ok(route.response === FileResponse || typeof route.response === 'object', `${route.method} ${route.url}: response`);
    }
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
    const company = await createCompany(t);
    const sessions = new Map<string, string>();
    for (const route of routes) {
      const access = route.access;
      if (access.kind !== 'permission' && access.kind !== 'role') continue;
      // Everything but what the route needs (and never the Company Admin role).
      const held = access.kind === 'permission' ? PERMISSIONS.filter((p) => p !== access.permission) : [...PERMISSIONS];
      const key = access.kind === 'permission' ? access.permission : 'role';
      if (!sessions.has(key)) sessions.set(key, (await signIn(t, { permissions: held as Permission[] }, company.companyId)).token);
      const res = await call(t, route.method, concrete(route), { token: sessions.get(key)! });
      const name = access.kind === 'permission' ? access.permission : access.role;
      assert.equal(res.status, 403, `${route.method} ${route.url}`);
      assert.equal(res.body.errors[0].code, 'meta.missing_permission');
      assert.ok(res.body.errors[0].message.includes(name), `${route.method} ${route.url}: ${res.body.errors[0].message}`);
    }
  });

  it('answers a record that does not exist as missing (404) or refuses the input (400), never 5xx', async () => {
    const admin = await signIn(t, 'Company Admin');
    for (const route of routes.filter((r) => r.url.includes(':'))) {
      const res = await call(t, route.method, concrete(route), { token: admin.token, ...(route.body ? { body: {} } : {}) });
      assert.ok([400, 404].includes(res.status), `${route.method} ${route.url}: ${res.status}`);
    }
  });
});
