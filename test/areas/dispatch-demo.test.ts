// The demo dispatch board (`fds demo`): yesterday's and today's routes in every state, a transfer
// through the demo cross-dock, and approved orders left in the pool.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { carriersDemo } from '../../src/areas/carriers/carriers.demo.js';
import { chargeTypesDemo } from '../../src/areas/charge-types/charge-types.demo.js';
import { customersDemo } from '../../src/areas/customers/customers.demo.js';
import { dispatchDemo } from '../../src/areas/dispatch/dispatch.demo.js';
import { driversDemo } from '../../src/areas/drivers/drivers.demo.js';
import { fleetDemo } from '../../src/areas/fleet/fleet.demo.js';
import { ordersDemo } from '../../src/areas/orders/orders.demo.js';
import { pricingDemo } from '../../src/areas/pricing/pricing.demo.js';
import { settingsDemo } from '../../src/areas/settings/settings.demo.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { createCompany, demoContext, signInAdmin } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

describe('dispatch demo data', () => {
  it("has yesterday's and today's routes in every state, a transfer through the cross-dock and a pool", async () => {
    const company = await createCompany(t);
    const admin = await signInAdmin(t, company);
    const ctx = demoContext(t, company);
    for (const seeder of [customersDemo, settingsDemo, chargeTypesDemo, pricingDemo, carriersDemo, fleetDemo, driversDemo, ordersDemo, dispatchDemo])
      await seeder.seed(ctx);
    const get = async (url: string) => {
      const res = await call(t, 'GET', `/api/v1${url}`, { token: admin.token });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.data;
    };
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const board = (await get(`/Routes/Routes?DateRange=${yesterday}&DateRange=${today}&completedRoutes=true&ItemsPerPage=50`)).list;
    const states = new Set(board.map((r: any) => r.status));
    for (const s of ['Completed', 'InProgress', 'Next', 'Planned']) assert.ok(states.has(s), `${s} in ${[...states]}`);
    const completed = board.find((r: any) => r.status === 'Completed');
    assert.ok(completed.doneCount === completed.itemCount && completed.itemCount > 0);
    assert.ok(completed.driverId !== null && completed.distanceMeters > 0);
    const driven = board.find((r: any) => r.status === 'InProgress');
    assert.ok(driven.doneCount > 0 && driven.doneCount < driven.itemCount);
    const hubLegs = board
      .flatMap((r: any) => r.items.flatMap((g: any) => g.items))
      .filter((i: any) => i.type === 'DeliveryToTransfer' || i.type === 'PickupFromTransfer');
    assert.equal(hubLegs.length, 2, 'one order through the cross-dock, both legs on routes');
    assert.notEqual(hubLegs[0].routeId, hubLegs[1].routeId);
    assert.ok((await get('/Routes/UnassignedRoutes')).totalCount > 0, 'stops left in the pool');
    assert.ok((await get('/Routes/active')).totalCount >= 4);
  });
});
