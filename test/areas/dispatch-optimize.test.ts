import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { legDetails, problemLegs } from '../../src/areas/dispatch/legs.repository.js';
import { legAnswers } from '../../src/areas/dispatch/route-answers.js';
import { problemLeg, type SlimLeg } from '../../src/areas/dispatch/route-problem.js';
import { HOOKS } from '../../src/areas/index.js';
import { forCompany } from '../../src/db/tenant.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound } from '../helpers/expect.js';
import { auditCount, createQuote, createRoute, createTruck, createWarehouse, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}) });

const DAY = '2026-12-01';
const at = (city: string, latitude: number, longitude: number) => ({
  street: `1 ${city} St`,
  city,
  state: 'TX',
  postalCode: '75001',
  country: 'US',
  latitude,
  longitude,
});
const DALLAS = at('Dallas', 32.7767, -96.797);
const CITIES = {
  houston: at('Houston', 29.7604, -95.3698),
  fortWorth: at('Fort Worth', 32.7555, -97.3308),
  austin: at('Austin', 30.2672, -97.7431),
  waco: at('Waco', 31.5493, -97.1467),
};

/** An approved order from Dallas to `to`: its pickup and delivery legs. */
async function order(s: Session, to: ReturnType<typeof at>, date = DAY) {
  const q = await createQuote(t, s, {
    stops: [
      { type: 'Pickup', address: DALLAS, date, items: [{ description: 'Pallet', weight: 800, pallets: 1 }] },
      { type: 'Delivery', address: to, date },
    ],
  });
  await api(s, 'PUT', `/Quotes/ApproveQuote?quoteId=${q.id}`);
  const pool = (await api(s, 'GET', `/Routes/UnassignedRoutes?orderId=${q.id}`)).body.data.list;
  return {
    id: q.id as number,
    pickupStop: q.stops[0].id as number,
    deliveryStop: q.stops[1].id as number,
    pickup: pool[0].id as number,
    delivery: pool[1].id as number,
  };
}

async function statusOf(s: Session, routeId: number) {
  const res = await api(s, 'GET', `/Routes/${routeId}/optimization-status`);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body;
}

/** Polls until the run is no longer Running (the worker's search, then its transaction). */
async function settled(s: Session, routeId: number) {
  for (let k = 0; k < 200; k++) {
    const status = await statusOf(s, routeId);
    if (status.status !== 'Running') return status;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the optimization did not finish');
}

const itemIds = (route: any) => route.items.flatMap((g: any) => g.items.map((i: any) => i.id));

/** A route through Dallas's four pickups, then its deliveries in a zigzag. */
async function zigzag(s: Session) {
  const route = await createRoute(t, s, { date: DAY });
  const [h, f, a, w] = [await order(s, CITIES.houston), await order(s, CITIES.fortWorth), await order(s, CITIES.austin), await order(s, CITIES.waco)];
  const items = [h.pickup, f.pickup, a.pickup, w.pickup, h.delivery, f.delivery, a.delivery, w.delivery];
  const res = await api(s, 'PUT', `/Routes/${route.id}/stops`, [{ items: items.map((id) => ({ id })) }]);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { route: res.body.data, legs: { h, f, a, w } };
}

describe('POST /Routes/{id}/auto-reroute and GET /Routes/{id}/optimization-status', () => {
  it('puts the stops in a shorter order in a worker; done stops stay first; the status is answered bare', async () => {
    const admin = await signIn(t);
    const { route, legs } = await zigzag(admin);
    assert.deepEqual((await statusOf(admin, route.id)).status, 'None');
    await api(admin, 'PUT', `/Routes/${route.id}/routeItems/updateStatus/1`, { routeItemIds: [legs.w.pickup] });
    const started = await api(admin, 'POST', `/Routes/${route.id}/auto-reroute`, { timeLimitMs: 300 });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    assert.equal(started.body.data.status, 'Running');
    const again = await api(admin, 'POST', `/Routes/${route.id}/auto-reroute`, { timeLimitMs: 300 });
    assert.equal(again.body.data.runId, started.body.data.runId, 'the running one answers');
    const done = await settled(admin, route.id);
    assert.equal(done.success, undefined, 'bare: no envelope');
    assert.deepEqual([done.status, done.improved, done.progress], ['Done', true, 1], JSON.stringify(done));
    assert.ok(done.afterDistanceMeters < done.beforeDistanceMeters);
    const read = (await api(admin, 'GET', `/Routes/${route.id}`)).body.data;
    assert.equal(itemIds(read)[0], legs.w.pickup, 'the done stop stays first');
    assert.ok(Math.abs(read.distanceMeters - done.afterDistanceMeters) < 1, `${read.distanceMeters} vs ${done.afterDistanceMeters}`);
    // Every pickup before its delivery.
    const order = itemIds(read);
    for (const o of Object.values(legs)) assert.ok(order.indexOf(o.pickup) < order.indexOf(o.delivery));
    assert.deepEqual([await auditCount(t, admin.companyId, 'route.optimize_start'), await auditCount(t, admin.companyId, 'route.optimize')], [1, 1]);
  });

  it("keeps a dispatcher's change made while it runs (Discarded); a run whose process died reads Failed", async () => {
    const admin = await signIn(t);
    const { route } = await zigzag(admin);
    const started = await api(admin, 'POST', `/Routes/${route.id}/auto-reroute`, { timeLimitMs: 1500 });
    assert.equal(started.body.data.status, 'Running');
    const mine = [...itemIds(route)];
    [mine[4], mine[5]] = [mine[5], mine[4]];
    assert.equal((await api(admin, 'PUT', `/Routes/${route.id}/stops`, [{ items: mine.map((id) => ({ id })) }])).status, 200);
    const discarded = await settled(admin, route.id);
    assert.equal(discarded.status, 'Discarded', JSON.stringify(discarded));
    assert.deepEqual(itemIds((await api(admin, 'GET', `/Routes/${route.id}`)).body.data), mine);
    // A run left Running by a process that stopped: its lease passes.
    await sql`update route_optimizations set status = 'Running', finished_at = null, lease_until = now() - interval '1 minute'
      where company_id = ${admin.companyId} and id = ${discarded.runId}`.execute(t.database.db);
    const dead = await statusOf(admin, route.id);
    assert.deepEqual([dead.status, dead.error], ['Failed', 'The process running it stopped.']);
    const restarted = await api(admin, 'POST', `/Routes/${route.id}/auto-reroute`, { timeLimitMs: 100 });
    assert.notEqual(restarted.body.data.runId, discarded.runId);
    assert.equal((await settled(admin, route.id)).status, 'Done');
  });

  it('answers the distance after and why when not improved: a route too long for its shift, a route already shortest', async () => {
    const admin = await signIn(t);
    // Two hours to Houston and back: no order of it fits the shift, so the route stays as it is.
    const route = await createRoute(t, admin, { date: DAY, startTime: `${DAY}T12:00:00Z`, endTime: `${DAY}T14:00:00Z` });
    const [h, a] = [await order(admin, CITIES.houston), await order(admin, CITIES.austin)];
    const put = await api(admin, 'PUT', `/Routes/${route.id}/stops`, [{ items: [h.pickup, a.pickup, h.delivery, a.delivery].map((id) => ({ id })) }]);
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.equal((await api(admin, 'POST', `/Routes/${route.id}/auto-reroute`, { timeLimitMs: 100 })).status, 200);
    const long = await settled(admin, route.id);
    assert.deepEqual([long.status, long.improved, long.reason], ['Done', false, 'time-window'], JSON.stringify(long));
    assert.ok(long.beforeDistanceMeters > 0 && long.afterDistanceMeters === long.beforeDistanceMeters, JSON.stringify(long));
    // One order, pickup then delivery: no shorter order.
    const short = await createRoute(t, admin, { date: DAY });
    const f = await order(admin, CITIES.fortWorth);
    assert.equal((await api(admin, 'PUT', `/Routes/${short.id}/stops`, [{ items: [{ id: f.pickup }, { id: f.delivery }] }])).status, 200);
    assert.equal((await api(admin, 'POST', `/Routes/${short.id}/auto-reroute`, { timeLimitMs: 100 })).status, 200);
    const same = await settled(admin, short.id);
    assert.deepEqual([same.status, same.improved, same.reason], ['Done', false, 'already-shortest'], JSON.stringify(same));
    assert.ok(same.afterDistanceMeters > 0 && same.afterDistanceMeters === same.beforeDistanceMeters, JSON.stringify(same));
    // Improved: no reason.
    const { route: zig } = await zigzag(admin);
    await api(admin, 'POST', `/Routes/${zig.id}/auto-reroute`, { timeLimitMs: 100 });
    const better = await settled(admin, zig.id);
    assert.deepEqual([better.improved, better.reason], [true, null], JSON.stringify(better));
  });

  it("refuses a route with fewer than two stops, a closed route, another company's route; needs Edit/Delete/Create Route", async () => {
    const admin = await signIn(t);
    const empty = await createRoute(t, admin, { date: DAY });
    expectFailure(await api(admin, 'POST', `/Routes/${empty.id}/auto-reroute`, {}), 'routes.not_assigned');
    await api(admin, 'PUT', `/Routes/${empty.id}/updateStatus/Completed`);
    expectFailure(await api(admin, 'POST', `/Routes/${empty.id}/auto-reroute`, {}), 'routes.closed');
    const other = await signIn(t);
    const theirs = await createRoute(t, other, { date: DAY });
    expectNotFound(await api(admin, 'POST', `/Routes/${theirs.id}/auto-reroute`, {}));
    expectNotFound(await api(admin, 'GET', `/Routes/${theirs.id}/optimization-status`));
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    expectForbidden(await api(viewer, 'POST', `/Routes/${empty.id}/auto-reroute`, {}), 'Edit/Delete/Create Route');
    assert.equal((await api(admin, 'POST', `/Routes/${empty.id}/auto-reroute`, { timeLimitMs: 50 })).status, 400, 'timeLimitMs below 100');
    const rows = await sql<{ n: number }>`select count(*)::int as n from route_optimizations where company_id = ${admin.companyId}`.execute(t.database.db);
    assert.equal(rows.rows[0]!.n, 0);
  });
});

describe('GET /Routes/UnassignedStopRouteSuggestions', () => {
  it("ranks the active routes of the stop's day: those that fit first, least added distance first", async () => {
    const admin = await signIn(t);
    // One route around Dallas and Fort Worth, one down to Houston, one whose truck is too small.
    const near = await createRoute(t, admin, { date: DAY, name: 'Metroplex' });
    const south = await createRoute(t, admin, { date: DAY, name: 'South' });
    await createRoute(t, admin, { date: DAY, name: 'Van', truckId: (await createTruck(t, admin, { capacityWeight: 100, weightUnit: 'lb' })).id });
    await createRoute(t, admin, { date: '2026-12-02', name: 'Another day' });
    const f = await order(admin, CITIES.fortWorth);
    const h = await order(admin, CITIES.houston);
    await api(admin, 'PUT', `/Routes/${near.id}/stops`, [{ items: [{ id: f.pickup }, { id: f.delivery }] }]);
    await api(admin, 'PUT', `/Routes/${south.id}/stops`, [{ items: [{ id: h.pickup }, { id: h.delivery }] }]);
    const x = await order(admin, at('Arlington', 32.7357, -97.1081));
    const res = await api(admin, 'GET', `/Routes/UnassignedStopRouteSuggestions?orderStopId=${x.pickupStop}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(
      res.body.data.map((r: any) => [r.routeName, r.fits, r.reason]),
      [
        ['Metroplex', true, null],
        ['South', true, null],
        ['Van', false, 'capacity'],
      ],
    );
    assert.ok(res.body.data[0].addedDistanceMeters < res.body.data[1].addedDistanceMeters, JSON.stringify(res.body.data));
    assert.ok([1, 2].includes(res.body.data[0].position), 'the pickup beside the Dallas pickup');
    // A stop on a route has no leg in the pool.
    expectFailure(await api(admin, 'GET', `/Routes/UnassignedStopRouteSuggestions?orderStopId=${f.pickupStop}`), 'routes.stop_taken');
    const accountant = await signIn(t, 'Accountant', admin.companyId);
    expectForbidden(await api(accountant, 'GET', `/Routes/UnassignedStopRouteSuggestions?orderStopId=${x.pickupStop}`), 'View Order Sheet');
  });

  it('ranks a stop whose order has its other leg on a route: that route reads order-on-route, the others rank it alone', async () => {
    const admin = await signIn(t);
    const near = await createRoute(t, admin, { date: DAY, name: 'Metroplex' });
    const south = await createRoute(t, admin, { date: DAY, name: 'South' });
    const f = await order(admin, CITIES.fortWorth);
    const h = await order(admin, CITIES.houston);
    const x = await order(admin, at('Arlington', 32.7357, -97.1081));
    // The order's pickup on the Metroplex route, its delivery in the pool.
    await api(admin, 'PUT', `/Routes/${near.id}/stops`, [{ items: [{ id: f.pickup }, { id: x.pickup }, { id: f.delivery }] }]);
    await api(admin, 'PUT', `/Routes/${south.id}/stops`, [{ items: [{ id: h.pickup }, { id: h.delivery }] }]);
    const res = await api(admin, 'GET', `/Routes/UnassignedStopRouteSuggestions?orderStopId=${x.deliveryStop}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(
      res.body.data.map((r: any) => [r.routeName, r.fits, r.reason]),
      [
        ['South', true, null],
        ['Metroplex', false, 'order-on-route'],
      ],
    );
    assert.ok(res.body.data[0].addedDistanceMeters > 0 && res.body.data[0].position >= 1, JSON.stringify(res.body.data));
  });

  it('ranks an order whose legs are all in the pool (a pickup and two deliveries) on every route: it is on none', async () => {
    const admin = await signIn(t);
    const near = await createRoute(t, admin, { date: DAY, name: 'Metroplex' });
    const f = await order(admin, CITIES.fortWorth);
    await api(admin, 'PUT', `/Routes/${near.id}/stops`, [{ items: [{ id: f.pickup }, { id: f.delivery }] }]);
    const q = await createQuote(t, admin, {
      stops: [
        { type: 'Pickup', address: DALLAS, date: DAY, items: [{ description: 'Pallet', weight: 800, pallets: 2 }] },
        { type: 'Delivery', address: at('Arlington', 32.7357, -97.1081), date: DAY },
        { type: 'Delivery', address: CITIES.fortWorth, date: DAY },
      ],
    });
    await api(admin, 'PUT', `/Quotes/ApproveQuote?quoteId=${q.id}`);
    assert.equal((await api(admin, 'GET', `/Quotes/${q.id}/Routes`)).body.data.totalCount, 0, 'on no route');
    for (const stop of q.stops) {
      const res = await api(admin, 'GET', `/Routes/UnassignedStopRouteSuggestions?orderStopId=${stop.id}`);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(
        res.body.data.map((r: any) => [r.routeName, r.fits, r.reason]),
        [['Metroplex', true, null]],
      );
      assert.ok(res.body.data[0].addedDistanceMeters > 0 && res.body.data[0].position >= 1, JSON.stringify(res.body.data));
    }
  });

  it("answers why there is no route to rank: the stop's day is past, or has no active route", async () => {
    const admin = await signIn(t);
    const past = await createQuote(t, admin, {
      stops: [
        { type: 'Pickup', address: DALLAS, date: '2020-03-02', items: [{ description: 'Pallet', weight: 800, pallets: 1 }] },
        { type: 'Delivery', address: CITIES.fortWorth, date: '2020-03-02' },
      ],
    });
    await api(admin, 'PUT', `/Quotes/ApproveQuote?quoteId=${past.id}`);
    const res = await api(admin, 'GET', `/Routes/UnassignedStopRouteSuggestions?orderStopId=${past.stops[0].id}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.data, []);
    assert.deepEqual(
      res.body.otherMessages.map((m: any) => [m.type, m.message.split(':')[0]]),
      [['Info', 'past-day']],
    );
    const later = await order(admin, CITIES.waco, '2031-05-06');
    const none = await api(admin, 'GET', `/Routes/UnassignedStopRouteSuggestions?orderStopId=${later.pickupStop}`);
    assert.deepEqual([none.body.data, none.body.otherMessages.map((m: any) => m.message.split(':')[0])], [[], ['no-active-route']]);
  });

  it("reads each leg for the ranking as the route shows it: its place, day, window, and the load of a pickup's own items or of the order's", async () => {
    const admin = await signIn(t);
    const route = await createRoute(t, admin, { date: DAY, name: 'Two pickups' });
    const q = await createQuote(t, admin, {
      stops: [
        {
          type: 'Pickup',
          address: DALLAS,
          date: DAY,
          items: [
            { description: 'Crate', weight: 120.5, pallets: 1 },
            { description: 'Drum', weight: 80.25, pallets: 0.5 },
          ],
        },
        {
          type: 'Pickup',
          address: CITIES.waco,
          date: DAY,
          timeWindowStart: `${DAY}T13:00:00.000Z`,
          timeWindowEnd: `${DAY}T15:30:00.000Z`,
          items: [{ description: 'Box', weight: 40, pallets: 2 }],
        },
        { type: 'Delivery', address: CITIES.austin, date: DAY },
      ],
    });
    await api(admin, 'PUT', `/Quotes/ApproveQuote?quoteId=${q.id}`);
    const pool = (await api(admin, 'GET', `/Routes/UnassignedRoutes?orderId=${q.id}`)).body.data.list;
    const put = await api(admin, 'PUT', `/Routes/${route.id}/stops`, [{ items: pool.map((l: any) => ({ id: l.id })) }]);
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const [slim, shown] = await forCompany(t.database.db, HOOKS, { companyId: admin.companyId, userId: admin.userId }, 'test', async (tx) => [
      (await problemLegs(tx, { routeIds: [route.id] })).map(problemLeg),
      await legAnswers(tx, await legDetails(tx, { routeIds: [route.id] })),
    ]);
    const fields = (l: SlimLeg) => ({
      id: l.id,
      routeId: l.routeId,
      orderId: l.orderId,
      orderStopId: l.orderStopId,
      type: l.type,
      date: l.date,
      timeWindowStart: l.timeWindowStart === null ? null : new Date(l.timeWindowStart).toISOString(),
      timeWindowEnd: l.timeWindowEnd === null ? null : new Date(l.timeWindowEnd).toISOString(),
      weight: l.weight,
      weightUnit: l.weightUnit,
      pallets: l.pallets,
      place: [l.address.id, l.address.latitude, l.address.longitude],
    });
    assert.deepEqual(slim.map(fields), shown.map(fields));
    assert.deepEqual(
      slim.map((l) => [l.type, l.weight, l.pallets]),
      [
        ['Pickup', 200.75, 1.5],
        ['Pickup', 40, 2],
        ['Delivery', 240.75, 3.5],
      ],
    );
    assert.equal(fields(slim[1]!).timeWindowStart, `${DAY}T13:00:00.000Z`);
  });

  it("keeps each route's places in its order as its stops change (what the ranking reads)", async () => {
    const admin = await signIn(t);
    const route = await createRoute(t, admin, { date: DAY });
    const placesOf = async () =>
      (
        await sql<{ places: number[] }>`select places from routes where company_id = ${admin.companyId} and id = ${route.id}`.execute(t.database.db)
      ).rows[0]!.places.map(Number);
    assert.deepEqual(await placesOf(), []);
    const f = await order(admin, CITIES.fortWorth);
    const h = await order(admin, CITIES.houston);
    const stops = (ids: number[]) => api(admin, 'PUT', `/Routes/${route.id}/stops`, [{ items: ids.map((id) => ({ id })) }]);
    assert.equal((await stops([h.pickup, f.pickup, f.delivery, h.delivery])).status, 200);
    const ll = (p: { latitude: number; longitude: number }) => [p.latitude, p.longitude];
    assert.deepEqual(await placesOf(), [...ll(DALLAS), ...ll(DALLAS), ...ll(CITIES.fortWorth), ...ll(CITIES.houston)]);
    // Houston's order back to the pool.
    assert.equal((await stops([f.pickup, f.delivery])).status, 200);
    assert.deepEqual(await placesOf(), [...ll(DALLAS), ...ll(CITIES.fortWorth)]);
    // On the route again, then deleted: its legs leave the route with it.
    assert.equal((await stops([h.pickup, f.pickup, f.delivery, h.delivery])).status, 200);
    assert.equal((await api(admin, 'DELETE', `/Quotes/${h.id}`)).status, 200);
    assert.deepEqual(await placesOf(), [...ll(DALLAS), ...ll(CITIES.fortWorth)]);
  });

  it('ranks the 10 routes it would add least to, however many the day has', async () => {
    const admin = await signIn(t);
    const houston = await createWarehouse(t, admin, { address: { ...CITIES.houston, street: '9 Port St' } });
    // Eleven routes starting in Houston, made first (lowest ids), then one through Fort Worth.
    for (let k = 0; k < 11; k++) await createRoute(t, admin, { date: DAY, name: `Houston ${k}`, startWarehouseId: houston.id });
    const near = await createRoute(t, admin, { date: DAY, name: 'Metroplex' });
    const f = await order(admin, CITIES.fortWorth);
    await api(admin, 'PUT', `/Routes/${near.id}/stops`, [{ items: [{ id: f.pickup }, { id: f.delivery }] }]);
    const x = await order(admin, at('Arlington', 32.7357, -97.1081));
    const res = await api(admin, 'GET', `/Routes/UnassignedStopRouteSuggestions?orderStopId=${x.pickupStop}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.length, 10);
    assert.equal(res.body.data[0].routeName, 'Metroplex', 'the nearest route is ranked, and best');
    assert.ok(res.body.data.slice(1).every((r: any) => r.routeName.startsWith('Houston ')));
  });
});
