// What pricing reads (chargeRulesFor), the demo's charge types, and the platform's promises walked
// over this area's routes (as test/conventions.test.ts does for every area).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chargeRulesFor, chargeTypesArea } from '../../src/areas/charge-types/index.js';
import { HOOKS } from '../../src/areas/index.js';
import { forCompany } from '../../src/db/tenant.js';
import { runDemo } from '../../src/demo.js';
import { PERMISSIONS, type Permission } from '../../src/platform/access.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { createCustomer, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (s: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: s.token, ...(body !== undefined ? { body } : {}) });
const rules = (s: Session, customerId: number | null) => forCompany(t.database.db, HOOKS, s, 'test', (tenant) => chargeRulesFor(tenant, customerId));

describe('chargeRulesFor', () => {
  it("answers the company's active types, or the customer's list once it has one", async () => {
    const admin = await signIn(t);
    const lift = (await api(admin, 'POST', '/Accounting/chargeTypes', { name: 'Liftgate', rate: 75, appliesPerStop: true, currency: 'USD' })).body.data;
    await api(admin, 'POST', '/Accounting/chargeTypes', { name: 'Retired', isActive: false });
    const heavy = (
      await api(admin, 'POST', '/Accounting/chargeTypes', {
        name: 'Overweight',
        kind: 'PerWeight',
        weightUnit: 'kg',
        rate: 0.02,
        freeUnits: 4000,
        minimumCharge: 30,
      })
    ).body.data;
    const customer = await createCustomer(t, admin);

    const company = await rules(admin, null);
    assert.deepEqual(
      company.map((r) => r.code),
      ['FUEL', 'LIFTGATE', 'LINEHAUL', 'OVERWEIGHT'],
    );
    assert.deepEqual(
      company.find((r) => r.id === heavy.id),
      {
        id: heavy.id,
        chargeTypeId: null,
        customerId: null,
        name: 'Overweight',
        code: 'OVERWEIGHT',
        kind: 'PerWeight',
        unit: 'kg',
        rate: 0.02,
        currency: null,
        minimumCharge: 30,
        weightUnit: 'kg',
        freeUnits: 4000,
        appliesPerStop: false,
        isTaxable: false,
        isSystem: false,
      },
    );
    assert.deepEqual(await rules(admin, customer.id), company, "a customer without a list is priced from the company's");

    const copy = (await api(admin, 'PUT', `/Customers/${customer.id}/chargeTypes/${lift.id}`, { rate: 60 })).body.data;
    const own = await rules(admin, customer.id);
    const liftRule = own.find((r) => r.code === 'LIFTGATE')!;
    assert.deepEqual([liftRule.id, liftRule.chargeTypeId, liftRule.customerId, liftRule.rate, liftRule.currency], [copy.id, lift.id, customer.id, 60, 'USD']);

    // Inactive and removed rows are not charged; an emptied list charges nothing.
    await api(admin, 'PUT', `/Customers/${customer.id}/chargeTypes/${heavy.id}`, { isActive: false });
    await api(admin, 'DELETE', `/Accounting/chargeTypes/${lift.id}`);
    assert.ok(
      (await rules(admin, customer.id)).some((r) => r.code === 'LIFTGATE'),
      'until synced, the customer keeps it',
    );
    await api(admin, 'POST', `/Customers/${customer.id}/chargeTypes/sync`);
    assert.deepEqual(
      (await rules(admin, customer.id)).map((r) => r.code),
      ['FUEL', 'LINEHAUL'],
    );
    assert.deepEqual(
      (await rules(admin, null)).map((r) => r.code),
      ['FUEL', 'LINEHAUL', 'OVERWEIGHT'],
    );
    await api(admin, 'PUT', `/Customers/${customer.id}/chargeTypes/${(await rules(admin, customer.id))[0]!.id}`, { isActive: false });
    await api(admin, 'PUT', `/Customers/${customer.id}/chargeTypes/${(await rules(admin, customer.id))[0]!.id}`, { isActive: false });
    assert.deepEqual(await rules(admin, customer.id), []);
  });

  it("never reads another company's types", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    await api(b, 'POST', '/Accounting/chargeTypes', { name: 'Theirs' });
    const customerOfB = await createCustomer(t, b);
    await api(b, 'GET', `/Customers/${customerOfB.id}/chargeTypes`);
    assert.ok(!(await rules(a, null)).some((r) => r.code === 'THEIRS'));
    assert.deepEqual(
      (await rules(a, customerOfB.id)).map((r) => r.code),
      ['FUEL', 'LINEHAUL'],
      "its own company's types, not the other customer's list",
    );
  });
});

describe('demo', () => {
  it("gives the demo company accessorials, a fuel surcharge and one customer's negotiated rates", async () => {
    const demo = await runDemo(t.database.db, t.store);
    const session = { ...(await signIn(t, 'Viewer', demo.companyId)) };
    const company = (await api(session, 'GET', '/Accounting/chargeTypes')).body.data as any[];
    const codes = company.map((c) => c.code);
    for (const code of ['LIFTGATE', 'RESI', 'INSIDE', 'DETENTION', 'PALLETJACK', 'FUEL']) assert.ok(codes.includes(code), code);
    assert.equal(company.find((c) => c.code === 'FUEL').rate, 18.5);
    const gulf = (await api(session, 'GET', '/Customers?SearchTerm=Gulf%20Coast&searchOnlyByCustomerName=true')).body.data.list[0];
    const negotiated = (await api(session, 'GET', `/Customers/${gulf.id}/chargeTypes`)).body.data as any[];
    assert.deepEqual([negotiated.find((c) => c.code === 'LIFTGATE').rate, negotiated.find((c) => c.code === 'FUEL').rate], [60, 15]);
    // A second run changes nothing.
    await runDemo(t.database.db, t.store);
    assert.equal((await api(session, 'GET', '/Accounting/chargeTypes')).body.data.length, company.length);
  });
});

describe('every route of the area', () => {
  const routes = chargeTypesArea.routes({} as never);
  const concrete = (url: string) => `/api/v1${url.replace(/:\w+/g, '2147480000')}`;

  it('answers 401 with an empty body without a token', async () => {
    for (const route of routes) {
      const res = await call(t, route.method, concrete(route.url));
      assert.equal(res.status, 401, `${route.method} ${route.url}`);
      assert.equal(res.raw.length, 0);
    }
  });

  it('answers 403 naming the permission to a role with every other permission', async () => {
    const admin = await signIn(t);
    for (const route of routes) {
      const access = route.access;
      assert.equal(access.kind, 'permission', `${route.method} ${route.url}`);
      if (access.kind !== 'permission') continue;
      const held = PERMISSIONS.filter((p) => p !== access.permission) as Permission[];
      const s = await signIn(t, { permissions: held }, admin.companyId);
      const res = await call(t, route.method, concrete(route.url), { token: s.token });
      assert.equal(res.status, 403, `${route.method} ${route.url}`);
      assert.ok(res.body.errors[0].message.includes(access.permission));
    }
  });

  it('answers ids that exist nowhere as missing (or the input as wrong), never 5xx', async () => {
    const admin = await signIn(t);
    for (const route of routes) {
      const res = await call(t, route.method, concrete(route.url), { token: admin.token, ...(route.body ? { body: {} } : {}) });
      assert.ok(res.status < 500, `${route.method} ${route.url}: ${res.status}`);
      if (route.url.includes(':')) assert.ok([400, 404].includes(res.status), `${route.method} ${route.url}: ${res.status}`);
    }
  });
});
