// Pricing zones: flat rates between two of the company's zones (/Zones), one per direction.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { countRows, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (s: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  call(t, method, `/api/v1/PricingZones${path}`, { token: s.token, body });

let nextCode = 10000;
async function zone(s: Session, name: string): Promise<number> {
  const res = await call(t, 'POST', '/api/v1/Zones', { token: s.token, body: { name, postalCodes: [String(nextCode++)] } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data.id;
}

describe('PricingZones', () => {
  it('creates, reads, updates, lists and deletes zone-to-zone rates', async () => {
    const s = await signIn(t);
    const austin = await zone(s, 'Austin metro');
    const dallas = await zone(s, 'Dallas metro');
    const made = await api(s, 'POST', '', { fromZoneId: austin, toZoneId: dallas, amount: 420 });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const rate = made.body.data;
    assert.equal(rate.name, 'Austin metro → Dallas metro');
    assert.equal(rate.fromZoneName, 'Austin metro');
    assert.equal(rate.bothDirections, true);
    assert.deepEqual((await api(s, 'GET', `/${rate.id}`)).body.data, rate);
    const local = (await api(s, 'POST', '', { name: 'Austin local', fromZoneId: austin, toZoneId: austin, amount: 185 })).body.data;
    const changed = (await api(s, 'PUT', `/${rate.id}`, { fromZoneId: austin, toZoneId: dallas, amount: 435.5, bothDirections: false })).body.data;
    assert.equal(changed.amount, 435.5);
    assert.equal(changed.bothDirections, false);
    assert.deepEqual(
      (await api(s, 'GET', '')).body.data.map((r: any) => r.name),
      ['Austin local', 'Austin metro → Dallas metro'],
    );
    assert.equal((await api(s, 'DELETE', `/${local.id}`)).status, 200);
    expectNotFound(await api(s, 'GET', `/${local.id}`));
    assert.equal(await countRows(t, 'pricing_zones', s.companyId), 1);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const s = await signIn(t);
    const a = await zone(s, 'North');
    const b = await zone(s, 'South');
    await api(s, 'POST', '', { fromZoneId: a, toZoneId: b, amount: 300 });
    expectProblem(await api(s, 'POST', '', { fromZoneId: a, toZoneId: b, amount: 310 }), 'toZoneId');
    expectProblem(await api(s, 'POST', '', { fromZoneId: a, toZoneId: 999999, amount: 1 }), 'toZoneId');
    const unknown = await api(s, 'POST', '', { fromZoneId: 999999, toZoneId: b, amount: 1 });
    expectProblem(unknown, 'fromZoneId');
    assert.deepEqual(unknown.body.errors.fromZoneId, ['Zone 999999 was not found.']);
    expectProblem(await api(s, 'POST', '', { fromZoneId: b, toZoneId: a, amount: -1 }), 'amount');
    expectProblem(await api(s, 'POST', '', { fromZoneId: b, amount: 1 }), 'toZoneId');
    assert.equal(await countRows(t, 'pricing_zones', s.companyId), 1);
    // An update refused changes nothing: bad values, an unknown zone, the direction another rate has.
    const back = (await api(s, 'POST', '', { fromZoneId: b, toZoneId: a, amount: 280, bothDirections: false })).body.data;
    expectProblem(await api(s, 'PUT', `/${back.id}`, { fromZoneId: b, toZoneId: a, amount: -5 }), 'amount');
    expectProblem(await api(s, 'PUT', `/${back.id}`, { fromZoneId: b, toZoneId: 999999, amount: 5 }), 'toZoneId');
    expectProblem(await api(s, 'PUT', `/${back.id}`, { fromZoneId: a, toZoneId: b, amount: 5 }), 'toZoneId');
    expectProblem(await api(s, 'PUT', `/${back.id}`, { fromZoneId: b, toZoneId: a, amount: 5, name: 'x'.repeat(201) }), 'name');
    expectProblem(await api(s, 'GET', '/abc'), 'id');
    assert.deepEqual((await api(s, 'GET', `/${back.id}`)).body.data, back);
    assert.equal(await countRows(t, 'pricing_zones', s.companyId), 2);
  });

  it('needs the zone permissions', async () => {
    const none = await signIn(t, { permissions: [] });
    const viewer = await signIn(t, { permissions: ['Zones - view Zones'] });
    expectForbidden(await api(none, 'GET', ''), 'Zones - view Zones');
    expectForbidden(await api(none, 'GET', '/1'), 'Zones - view Zones');
    expectForbidden(await api(viewer, 'POST', '', { fromZoneId: 1, toZoneId: 2, amount: 1 }), 'Zones - create/edit/delete Zones');
    expectForbidden(await api(viewer, 'PUT', '/1', { fromZoneId: 1, toZoneId: 2, amount: 1 }), 'Zones - create/edit/delete Zones');
    expectForbidden(await api(viewer, 'DELETE', '/1'), 'Zones - create/edit/delete Zones');
  });

  it("treats another company's rate or zone as missing", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const theirA = await zone(b, 'Their east');
    const theirB = await zone(b, 'Their west');
    const mine = await zone(a, 'Mine');
    const theirs = (await api(b, 'POST', '', { fromZoneId: theirA, toZoneId: theirB, amount: 500 })).body.data;
    expectNotFound(await api(a, 'GET', `/${theirs.id}`));
    expectNotFound(await api(a, 'PUT', `/${theirs.id}`, { fromZoneId: mine, toZoneId: mine, amount: 1 }));
    expectNotFound(await api(a, 'DELETE', `/${theirs.id}`));
    expectProblem(await api(a, 'POST', '', { fromZoneId: mine, toZoneId: theirB, amount: 1 }), 'toZoneId');
    // Their zone is refused as an unknown one is, on an update too.
    const local = (await api(a, 'POST', '', { fromZoneId: mine, toZoneId: mine, amount: 60 })).body.data;
    expectProblem(await api(a, 'PUT', `/${local.id}`, { fromZoneId: theirA, toZoneId: mine, amount: 1 }), 'fromZoneId');
    assert.equal((await api(a, 'GET', `/${local.id}`)).body.data.amount, 60);
    await api(a, 'DELETE', `/${local.id}`);
    assert.equal((await api(b, 'GET', `/${theirs.id}`)).body.data.amount, 500);
    assert.equal(await countRows(t, 'pricing_zones', a.companyId), 0);
  });
});
