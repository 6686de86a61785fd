// The demo dispatch board (`fds demo`): yesterday's and today's routes in every state, a transfer
// through the demo cross-dock, and approved orders left in the pool.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, type TestApp } from '../helpers/app.js';
import { signInAdmin, startDemoApp, type TestCompany } from '../helpers/factories.js';

let t: TestApp;
let company: TestCompany;
// One demo company for the run's demo tests, which only read it (factories.ts, startDemoApp).
before(async () => {
  ({ t, company } = await startDemoApp());
});
after(() => t.close());

/** The demo admin's GET (data of a 200 answer), today, and yesterday's and today's routes. */
async function demoBoard() {
  const admin = await signInAdmin(t, company);
  const get = async (url: string) => {
    const res = await call(t, 'GET', `/api/v1${url}`, { token: admin.token });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data;
  };
  const today = new Date().toISOString().slice(0, 10);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const board = (await get(`/Routes/Routes?DateRange=${yesterday}&DateRange=${today}&completedRoutes=true&ItemsPerPage=50`)).list;
  return { admin, get, today, yesterday, board };
}

describe('dispatch demo data', () => {
  it("has yesterday's and today's routes in every state, a transfer through the cross-dock and a pool", async () => {
    const { get, board } = await demoBoard();
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

  it("runs each route within its shift, and finds routes that take today's local pool orders", async () => {
    const { get, today, board } = await demoBoard();
    const shifts = board.filter((r: any) => r.startTime !== null && r.endTime !== null && r.itemCount > 0);
    assert.ok(shifts.length >= 4, `${shifts.length} routes with a shift and stops`);
    for (const r of shifts) {
      const shift = (Date.parse(r.endTime) - Date.parse(r.startTime)) / 1000;
      assert.ok(r.durationSeconds > 0 && r.durationSeconds <= shift, `${r.name}: ${r.durationSeconds} s in a ${shift} s shift`);
      // Driven at the matrix's 60 km/h at most: the distance fits in the shift too.
      assert.ok(r.distanceMeters <= (shift / 3600) * 60_000, `${r.name}: ${r.distanceMeters} m`);
    }
    // Today's pool stops: some route of the day takes some of them.
    const pool = (await get('/Routes/UnassignedRoutes?ItemsPerPage=500')).list.filter((l: any) => l.date === today && l.type === 'Pickup');
    assert.ok(pool.length > 0, "today's orders left in the pool");
    const fitting = [];
    for (const stop of pool) {
      const suggestions = await get(`/Routes/UnassignedStopRouteSuggestions?orderStopId=${stop.orderStopId}`);
      assert.ok(suggestions.length > 0, `suggestions for stop ${stop.orderStopId}`);
      fitting.push(...suggestions.filter((s: any) => s.fits && s.addedDistanceMeters !== null));
    }
    assert.ok(fitting.length > 0, 'a route of the day fits a pool stop');
  });
});
