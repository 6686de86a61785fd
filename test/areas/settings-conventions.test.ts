// The suite-wide route conventions (test/conventions.test.ts), walked over this section's routes
// alone: no token → 401 with an empty body; a user without the access → 403 naming it; an id that
// exists nowhere → 404 (or 400), never a 5xx.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { settingsAreas } from '../../src/areas/settings/index.js';
import { PERMISSIONS, type Permission } from '../../src/platform/access.js';
import type { AnyRoute } from '../../src/platform/route.js';
import { StoredFiles } from '../../src/platform/stored-files.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { createCompany, signIn } from '../helpers/factories.js';

let t: TestApp;
let routes: AnyRoute[];
before(async () => {
  t = await startTestApp();
  routes = settingsAreas.flatMap((area) => area.routes({ config: t.config, tokens: t.tokens, files: new StoredFiles(t.store, t.database.db) }));
});
after(() => t.close());

const MISSING = 2147480000;

/** The route's URL with its ids (path, or the query ids the spec uses) set to one that exists nowhere. */
function concrete(route: AnyRoute): string {
  const path = `/api/v1${route.url.replace(/:(\w+)/g, String(MISSING))}`;
  const required = (route.querystring as { required?: string[] } | undefined)?.required ?? [];
  return required.length ? `${path}?${required.map((name) => `${name}=${MISSING}`).join('&')}` : path;
}

describe('company settings routes', () => {
  it("serves the section's rows of the spec", () => {
    const served = routes.map((r) => `${r.method} ${r.url}`).sort();
    assert.deepEqual(served, [
      'DELETE /NonWorkingDays',
      'DELETE /TermsAndConditions/:id',
      'DELETE /Warehouses/:id',
      'DELETE /Zones/:id',
      'GET /NonWorkingDays',
      'GET /TermsAndConditions',
      'GET /Warehouses',
      'GET /Warehouses/:id',
      'GET /Zones',
      'GET /Zones/:id',
      'POST /NonWorkingDays',
      'POST /TermsAndConditions',
      'POST /Warehouses',
      'POST /Warehouses/ValidateWarehouse',
      'POST /Zones',
      'PUT /NonWorkingDays',
      'PUT /TermsAndConditions/:id',
      'PUT /Warehouses/:id',
      'PUT /Zones/:id',
    ]);
  });

  it('answer 401 with an empty body without a token', async () => {
    for (const route of routes) {
      const res = await call(t, route.method, concrete(route));
      assert.equal(res.status, 401, `${route.method} ${route.url}`);
      assert.equal(res.raw.length, 0);
    }
  });

  it('answer 403 naming the permission or role to a user without it', async () => {
    const company = await createCompany(t);
    for (const route of routes) {
      const access = route.access;
      if (access.kind !== 'permission' && access.kind !== 'role') continue;
      const held = access.kind === 'permission' ? PERMISSIONS.filter((p) => p !== access.permission) : [...PERMISSIONS];
      const session = await signIn(t, { permissions: held as Permission[] }, company.companyId);
      const res = await call(t, route.method, concrete(route), { token: session.token, ...(route.body ? { body: {} } : {}) });
      assert.equal(res.status, 403, `${route.method} ${route.url}`);
      assert.ok(res.body.errors[0].message.includes(access.kind === 'permission' ? access.permission : access.role));
    }
  });

  it('answer an id that exists nowhere as missing (or refuse the input), never 5xx', async () => {
    const admin = await signIn(t, 'Company Admin');
    for (const route of routes.filter((r) => r.url.includes(':') || (r.method !== 'GET' && r.method !== 'POST'))) {
      const res = await call(t, route.method, concrete(route), { token: admin.token, ...(route.body ? { body: {} } : {}) });
      assert.ok([400, 404].includes(res.status), `${route.method} ${route.url}: ${res.status}`);
    }
  });
});
