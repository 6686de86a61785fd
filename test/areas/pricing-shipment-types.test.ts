// Shipment types: CRUD with unique names, customer-only types, delete that keeps the row.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { countRows, createCustomer, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (s: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  call(t, method, `/api/v1/ShipmentTypes${path}`, { token: s.token, body });
const make = async (s: Session, body: Record<string, unknown>) => {
  const res = await api(s, 'POST', '', body);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
};

describe('ShipmentTypes', () => {
  it('creates, reads, updates, lists and deletes types', async () => {
    const s = await signIn(t);
    const ftl = await make(s, { name: 'Full truckload', multiplier: 1, description: 'Dedicated 53 ft trailer' });
    const reefer = await make(s, { name: 'Refrigerated', multiplier: 1.25, baseCharge: 120 });
    assert.equal(reefer.multiplier, 1.25);
    assert.equal(reefer.isActive, true);
    assert.deepEqual((await api(s, 'GET', `/${ftl.id}`)).body.data, ftl);
    const updated = (await api(s, 'PUT', `/${reefer.id}`, { name: 'Reefer', multiplier: 1.3, isActive: false })).body.data;
    assert.equal(updated.name, 'Reefer');
    assert.equal(updated.baseCharge, null, 'PUT sets every field');
    const active = (await api(s, 'GET', '')).body.data;
    assert.deepEqual(
      active.list.map((x: any) => x.name),
      ['Full truckload'],
    );
    assert.equal(active.totalCount, 1);
    const all = (await api(s, 'GET', '?includeInactive=true&SortBy=name&SortDirection=1')).body.data;
    assert.deepEqual(
      all.list.map((x: any) => x.name),
      ['Reefer', 'Full truckload'],
    );
    assert.equal((await api(s, 'GET', '?SearchTerm=53%20ft')).body.data.totalCount, 1);
    const gone = await api(s, 'DELETE', `/${ftl.id}`);
    assert.equal(gone.body.data.id, ftl.id);
    expectNotFound(await api(s, 'GET', `/${ftl.id}`));
    assert.equal(await countRows(t, 'shipment_types', s.companyId), 2, 'the deleted row is kept');
    // The name is free again once the type is deleted.
    await make(s, { name: 'FULL TRUCKLOAD' });
  });

  it('offers customer-only types to that customer alone', async () => {
    const s = await signIn(t);
    const c1 = await createCustomer(t, s);
    const c2 = await createCustomer(t, s);
    await make(s, { name: 'LTL' });
    await make(s, { name: 'White glove', customerId: c1.id });
    const names = async (customerId: number) => (await api(s, 'GET', `/List/${customerId}`)).body.data.list.map((x: any) => x.name);
    assert.deepEqual(await names(c1.id), ['LTL', 'White glove']);
    assert.deepEqual(await names(c2.id), ['LTL']);
    // The company's list holds both; a query parameter it does not take changes nothing.
    assert.equal((await api(s, 'GET', `?offeredTo=${c2.id}`)).body.data.totalCount, 2);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const s = await signIn(t);
    const first = await make(s, { name: 'Hazmat' });
    expectProblem(await api(s, 'POST', '', { name: 'hazmat' }), 'name');
    expectProblem(await api(s, 'POST', '', { name: '' }), 'name');
    expectProblem(await api(s, 'POST', '', { name: 'Flatbed', multiplier: 0 }), 'multiplier');
    expectProblem(await api(s, 'POST', '', { name: 'Flatbed', baseCharge: -3 }), 'baseCharge');
    expectProblem(await api(s, 'PUT', `/${first.id}`, { name: 'Hazmat', ratePerUnit: 'fast' }), 'ratePerUnit');
    expectProblem(await api(s, 'GET', '?SortBy=weight'), 'SortBy');
    // 4 decimals are kept: a multiplier that would be kept as 0 is refused, not a 500.
    expectProblem(await api(s, 'POST', '', { name: 'Feather', multiplier: 0.00001 }), 'multiplier');
    expectProblem(await api(s, 'PUT', `/${first.id}`, { name: 'Hazmat', multiplier: 0.00001 }), 'multiplier');
    expectProblem(await api(s, 'PUT', `/${first.id}`, { name: ' ' }), 'name');
    const second = await make(s, { name: 'Flatbed', multiplier: 1.15 });
    expectProblem(await api(s, 'PUT', `/${second.id}`, { name: 'HAZMAT' }), 'name');
    expectProblem(await api(s, 'GET', '/List/abc'), 'customerId');
    expectNotFound(await api(s, 'POST', '', { name: 'For nobody', customerId: 2147480000 }));
    assert.deepEqual((await api(s, 'GET', `/${first.id}`)).body.data, first);
    assert.deepEqual((await api(s, 'GET', `/${second.id}`)).body.data, second);
    assert.equal(await countRows(t, 'shipment_types', s.companyId), 2);
  });

  it('needs the shipment type permissions', async () => {
    const none = await signIn(t, { permissions: [] });
    const viewer = await signIn(t, { permissions: ['Shipment types - view'] });
    expectForbidden(await api(none, 'GET', ''), 'Shipment types - view');
    expectForbidden(await api(none, 'GET', '/1'), 'Shipment types - view');
    expectForbidden(await api(viewer, 'POST', '', { name: 'X' }), 'Shipment types - create/edit/delete');
    expectForbidden(await api(viewer, 'PUT', '/1', { name: 'X' }), 'Shipment types - create/edit/delete');
    expectForbidden(await api(viewer, 'DELETE', '/1'), 'Shipment types - create/edit/delete');
    assert.equal((await api(viewer, 'GET', '')).status, 200);
  });

  it("treats another company's type or customer as missing", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const theirs = await make(b, { name: 'Expedited' });
    const theirCustomer = await createCustomer(t, b);
    expectNotFound(await api(a, 'GET', `/${theirs.id}`));
    expectNotFound(await api(a, 'PUT', `/${theirs.id}`, { name: 'Mine now' }));
    expectNotFound(await api(a, 'DELETE', `/${theirs.id}`));
    expectNotFound(await api(a, 'GET', `/List/${theirCustomer.id}`));
    expectNotFound(await api(a, 'POST', '', { name: 'Sneaky', customerId: theirCustomer.id }));
    assert.equal((await api(b, 'GET', `/${theirs.id}`)).body.data.name, 'Expedited');
  });
});
