import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { auditCount, companyEventTypes, createAddress, createQuote, createRoute, createTruck, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}) });

const DAY = '2026-12-01';

const place = (city: string, latitude: number, longitude: number, extra: Record<string, unknown> = {}) => ({
  street: `1 ${city} St`,
  city,
  state: 'TX',
  postalCode: '75001',
  country: 'US',
  latitude,
  longitude,
  ...extra,
});
const DALLAS = place('Dallas', 32.7767, -96.797);
const WACO = place('Waco', 31.5493, -97.1467);
const AUSTIN = place('Austin', 30.2672, -97.7431);
const HOUSTON = place('Houston', 29.7604, -95.3698);

/** An approved order from `from` to `to`; its legs are in the pool. */
type Approved = Record<string, any> & { pickupStop: number; deliveryStop: number; pickup: number; delivery: number };

async function order(
  s: Session,
  from = DALLAS,
  to = HOUSTON,
  extra: { pickup?: Record<string, unknown>; delivery?: Record<string, unknown> } = {},
): Promise<Approved> {
  const q = await createQuote(t, s, {
    stops: [
      { type: 'Pickup', address: from, items: [{ description: 'Pallets', quantity: 2, weight: 2000, pallets: 2 }], ...extra.pickup },
      { type: 'Delivery', address: to, ...extra.delivery },
    ],
  });
  const res = await api(s, 'PUT', `/Quotes/ApproveQuote?quoteId=${q.id}`);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const pool = (await api(s, 'GET', `/Routes/UnassignedRoutes?orderId=${q.id}`)).body.data.list;
  return { ...q, pickupStop: q.stops[0].id as number, deliveryStop: q.stops[1].id as number, pickup: pool[0].id as number, delivery: pool[1].id as number };
}

const routeOf = async (s: Session, id: number) => (await api(s, 'GET', `/Routes/${id}`)).body.data;
const itemIds = (route: any) => route.items.flatMap((g: any) => g.items.map((i: any) => i.id));

describe('GET /Routes/UnassignedRoutes', () => {
  it('lists the legs of approved orders on no route, filtered and paged in SQL', async () => {
    const admin = await signIn(t);
    const a = await order(admin, DALLAS, HOUSTON);
    const b = await order(admin, AUSTIN, WACO);
    await createQuote(t, admin);
    const list = async (query = '') => (await api(admin, 'GET', `/Routes/UnassignedRoutes${query}`)).body.data;
    const all = await list();
    assert.deepEqual(
      [all.totalCount, all.list.map((l: any) => [l.orderId, l.type, l.status, l.routeId])],
      [
        4,
        [
          [a.id, 'Pickup', 0, null],
          [a.id, 'Delivery', 0, null],
          [b.id, 'Pickup', 0, null],
          [b.id, 'Delivery', 0, null],
        ],
      ],
    );
    assert.deepEqual(
      (await list(`?orderStopId=${b.pickupStop}`)).list.map((l: any) => l.id),
      [b.pickup],
    );
    assert.deepEqual(
      (await list(`?orderItemId=${a.stops[0].items[0].id}`)).list.map((l: any) => l.orderId),
      [a.id, a.id],
    );
    assert.deepEqual(
      (await list('?Cities=waco')).list.map((l: any) => l.id),
      [b.delivery],
    );
    assert.deepEqual(
      (await list('?SearchTerm=austin&StopType=Pickup')).list.map((l: any) => l.id),
      [b.pickup],
    );
    assert.deepEqual(
      (await list(`?SearchTerm=${a.orderNumber}`)).list.map((l: any) => l.id),
      [a.pickup, a.delivery],
    );
    assert.deepEqual(
      (await list(`?Customers=${b.customerId}&SortBy=id&SortDirection=1`)).list.map((l: any) => l.id),
      [b.delivery, b.pickup],
    );
    const page = await list('?ItemsPerPage=3&Page=2');
    assert.deepEqual([page.list.length, page.totalCount], [1, 4]);
    expectProblem(await api(admin, 'GET', '/Routes/UnassignedRoutes?SortBy=weight'), 'SortBy');
  });
});

describe('POST /Routes/{id}/assign-unassigned-stop', () => {
  it('puts stops on the route where they add the least distance, pickups before their deliveries; measures the route', async () => {
    const admin = await signIn(t);
    const route = await createRoute(t, admin, { date: DAY });
    const a = await order(admin, DALLAS, HOUSTON);
    const b = await order(admin, WACO, AUSTIN);
    const res = await api(admin, 'POST', `/Routes/${route.id}/assign-unassigned-stop`, { orderStopIds: [a.pickupStop, a.deliveryStop] });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.otherMessages, []);
    // Waco and Austin lie between Dallas and Houston: they go in between.
    assert.equal((await api(admin, 'POST', `/Routes/${route.id}/assign-unassigned-stop`, { routeItemIds: [b.delivery, b.pickup] })).status, 200);
    const read = await routeOf(admin, route.id);
    assert.deepEqual(itemIds(read), [a.pickup, b.pickup, b.delivery, a.delivery]);
    assert.deepEqual(
      read.items.map((g: any) => [g.type, g.sequence, g.address.city]),
      [
        ['Pickup', 1, 'Dallas'],
        ['Pickup', 2, 'Waco'],
        ['Delivery', 3, 'Austin'],
        ['Delivery', 4, 'Houston'],
      ],
    );
    assert.ok(read.distanceMeters > 400_000 && read.distanceMeters < 700_000, String(read.distanceMeters));
    assert.ok(read.durationSeconds > 0);
    assert.equal(read.version, 2);
    assert.equal((await api(admin, 'GET', '/Routes/UnassignedRoutes')).body.data.totalCount, 0);
    // The orders' stops say where they are (the mirror).
    const stops = (await api(admin, 'GET', `/Quotes/${a.id}`)).body.data.stops;
    assert.deepEqual(
      stops.map((s: any) => [s.routeId, s.routeSequence, s.routeStatus]),
      [
        [route.id, 1, 'ToDo'],
        [route.id, 4, 'ToDo'],
      ],
    );
    assert.deepEqual((await api(admin, 'GET', `/Routes/RouteIds?orderStopId=${a.pickupStop}`)).body.data, [route.id]);
    assert.equal(await auditCount(t, admin.companyId, 'route.assign'), 2);
    assert.equal((await companyEventTypes(t, admin.companyId)).filter((e) => e === 'route.stops_changed').length, 2);
    // A swap would turn the pickup on the route into a delivery: refused.
    expectFailure(await api(admin, 'PUT', `/Quotes/${a.id}/Swap`), 'orders.stop_on_route');
  });

  it('puts stops at a position; refuses a delivery before its pickup, a stop on another route, a done one; writes nothing', async () => {
    const admin = await signIn(t);
    const route = await createRoute(t, admin, { date: DAY });
    const other = await createRoute(t, admin, { date: DAY });
    const a = await order(admin);
    const b = await order(admin, AUSTIN, WACO);
    assert.equal((await api(admin, 'POST', `/Routes/${route.id}/assign-unassigned-stop`, { routeItemIds: [a.pickup, a.delivery] })).status, 200);
    assert.equal((await api(admin, 'POST', `/Routes/${route.id}/assign-unassigned-stop`, { routeItemIds: [b.pickup], position: 1 })).status, 200);
    assert.deepEqual(itemIds(await routeOf(admin, route.id)), [b.pickup, a.pickup, a.delivery]);
    const before = await routeOf(admin, route.id);
    expectFailure(
      await api(admin, 'POST', `/Routes/${route.id}/assign-unassigned-stop`, { routeItemIds: [b.delivery], position: 1 }),
      'routes.pickup_after_delivery',
    );
    expectFailure(await api(admin, 'POST', `/Routes/${other.id}/assign-unassigned-stop`, { routeItemIds: [a.pickup] }), 'routes.stop_taken');
    expectFailure(await api(admin, 'POST', `/Routes/${other.id}/assign-unassigned-stop`, { orderStopIds: [a.deliveryStop] }), 'routes.stop_taken');
    expectProblem(await api(admin, 'POST', `/Routes/${other.id}/assign-unassigned-stop`, {}), 'routeItemIds');
    expectNotFound(await api(admin, 'POST', `/Routes/${other.id}/assign-unassigned-stop`, { routeItemIds: [2147480000] }));
    const done = await api(admin, 'PUT', `/Routes/${route.id}/updateStatus/Completed`);
    assert.equal(done.status, 200);
    expectFailure(await api(admin, 'POST', `/Routes/${route.id}/assign-unassigned-stop`, { routeItemIds: [b.delivery] }), 'routes.closed');
    assert.deepEqual((await routeOf(admin, other.id)).items, []);
    assert.equal(before.version, 2);
  });

  it('warns of capacity and time windows, or refuses with validateIsAssigned', async () => {
    const admin = await signIn(t);
    const truck = await createTruck(t, admin, { capacityWeight: 1000, weightUnit: 'lb', capacityPallets: 1 });
    const route = await createRoute(t, admin, { date: DAY, truckId: truck.id });
    const late = await order(admin, DALLAS, HOUSTON, { delivery: { timeWindowStart: `${DAY}T00:00:00Z`, timeWindowEnd: `${DAY}T00:30:00Z` } });
    const refused = await api(admin, 'POST', `/Routes/${route.id}/assign-unassigned-stop`, {
      orderStopIds: [late.pickupStop, late.deliveryStop],
      validateIsAssigned: true,
    });
    expectFailure(refused, 'routes.not_feasible');
    assert.match(refused.body.errors[0].message, /Capacity/);
    assert.match(refused.body.errors[0].message, /Time window: stop \d+ \(Delivery of order/);
    assert.deepEqual((await routeOf(admin, route.id)).items, [], 'nothing written');
    const warned = await api(admin, 'POST', `/Routes/${route.id}/assign-unassigned-stop`, { orderStopIds: [late.pickupStop, late.deliveryStop] });
    assert.equal(warned.status, 200);
    assert.deepEqual(
      warned.body.otherMessages.map((m: any) => [m.type, m.message.split(':')[0]]),
      [
        ['Warning', 'Capacity'],
        ['Warning', 'Time window'],
      ],
    );
    // A place without coordinates is not measured, and said so.
    const nowhere = await createAddress(t, admin, null, {
      street: '9 Unknown Rd',
      city: 'Nowhere',
      state: 'TX',
      postalCode: '79999',
      country: 'US',
      isHub: true,
    });
    const q = await order(admin, DALLAS, HOUSTON);
    const hub = await api(admin, 'POST', `/Quotes/${q.id}/OrderStop`, { type: 'Transfer', addressId: nowhere.id });
    const other = await createRoute(t, admin, { date: DAY });
    const legs = (await api(admin, 'GET', `/Routes/UnassignedRoutes?orderStopId=${hub.body.data.id}`)).body.data.list;
    const put = await api(admin, 'POST', `/Routes/${other.id}/assign-unassigned-stop`, { routeItemIds: [q.pickup, legs[0].id] });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.match(put.body.otherMessages[0].message, /has no coordinates/);
  });

  it('gives a stop to one of two dispatchers taking it at once', async () => {
    const admin = await signIn(t);
    const a = await order(admin);
    const routes = [await createRoute(t, admin, { date: DAY }), await createRoute(t, admin, { date: DAY }), await createRoute(t, admin, { date: DAY })];
    const answers = await Promise.all(routes.map((r) => api(admin, 'POST', `/Routes/${r.id}/assign-unassigned-stop`, { routeItemIds: [a.pickup] })));
    assert.deepEqual(answers.map((x) => x.status).sort(), [200, 400, 400], JSON.stringify(answers.map((x) => x.body.errors)));
    for (const x of answers.filter((y) => y.status === 400)) assert.equal(x.body.errors[0].code, 'routes.stop_taken');
    const holding = await Promise.all(routes.map(async (r) => itemIds(await routeOf(admin, r.id))));
    assert.deepEqual(holding.flat(), [a.pickup]);
  });
});

describe('PUT /Routes/{id}/stops', () => {
  it("sets the route's stops and their order: reorders, adds from the pool, drops back to it", async () => {
    const admin = await signIn(t);
    const route = await createRoute(t, admin, { date: DAY });
    const a = await order(admin);
    const b = await order(admin, WACO, AUSTIN);
    await api(admin, 'POST', `/Routes/${route.id}/assign-unassigned-stop`, { routeItemIds: [a.pickup, a.delivery] });
    const groups = (await routeOf(admin, route.id)).items;
    const res = await api(admin, 'PUT', `/Routes/${route.id}/stops`, [
      { items: [{ id: b.pickup }] },
      groups[0],
      { type: 'Delivery', items: [{ id: b.delivery }] },
    ]);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(itemIds(res.body.data), [b.pickup, a.pickup, b.delivery]);
    assert.deepEqual(
      (await api(admin, 'GET', '/Routes/UnassignedRoutes')).body.data.list.map((l: any) => l.id),
      [a.delivery],
    );
    expectFailure(await api(admin, 'PUT', `/Routes/${route.id}/stops`, [{ items: [{ id: b.delivery }, { id: b.pickup }] }]), 'routes.pickup_after_delivery');
    expectProblem(await api(admin, 'PUT', `/Routes/${route.id}/stops`, [{ items: [{ id: b.pickup }, { id: b.pickup }] }]), 'items');
    expectProblem(await api(admin, 'PUT', `/Routes/${route.id}/stops`, { items: [] }), '$');
    expectNotFound(await api(admin, 'PUT', `/Routes/${route.id}/stops`, [{ items: [{ id: 2147480000 }] }]));
    assert.deepEqual(itemIds(await routeOf(admin, route.id)), [b.pickup, a.pickup, b.delivery]);
    assert.equal((await api(admin, 'PUT', `/Routes/${route.id}/stops`, [])).status, 200);
    assert.equal((await api(admin, 'GET', '/Routes/UnassignedRoutes')).body.data.totalCount, 4);
  });
});

describe('taking stops off routes', () => {
  async function onRoute(s: Session) {
    const route = await createRoute(t, s, { date: DAY });
    const a = await order(s);
    await api(s, 'POST', `/Routes/${route.id}/assign-unassigned-stop`, { routeItemIds: [a.pickup, a.delivery] });
    return { route, a };
  }
  const markDone = (companyId: number, legId: number) =>
    sql`update route_items set status = 'Done', done_at = now() where company_id = ${companyId} and id = ${legId}`.execute(t.database.db);

  it('ChangeOrderRoute and MoveOrderOnRouteToUnassigned', async () => {
    const admin = await signIn(t);
    const { route, a } = await onRoute(admin);
    const target = await createRoute(t, admin, { date: DAY });
    const moved = await api(admin, 'PUT', '/Routes/ChangeOrderRoute', { orderId: a.id, routeId: target.id, fromRouteId: route.id });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.deepEqual([itemIds(await routeOf(admin, route.id)), itemIds(await routeOf(admin, target.id))], [[], [a.pickup, a.delivery]]);
    expectFailure(await api(admin, 'PUT', '/Routes/ChangeOrderRoute', { orderId: a.id, routeId: target.id }), 'routes.not_assigned');
    expectNotFound(await api(admin, 'PUT', '/Routes/ChangeOrderRoute', { orderId: a.id, routeId: 2147480000 }));
    assert.equal((await api(admin, 'PUT', `/Routes/MoveOrderOnRouteToUnassigned?orderId=${a.id}&routeId=${target.id}`)).status, 200);
    assert.deepEqual(itemIds(await routeOf(admin, target.id)), []);
    expectFailure(await api(admin, 'PUT', `/Routes/MoveOrderOnRouteToUnassigned?orderId=${a.id}&routeId=${target.id}`), 'routes.not_assigned');
    const stops = (await api(admin, 'GET', `/Quotes/${a.id}`)).body.data.stops;
    assert.deepEqual(
      stops.map((s: any) => s.routeId),
      [null, null],
    );
  });

  it('MoveToUnassigned answers the route; a done stop stays', async () => {
    const admin = await signIn(t);
    const { route, a } = await onRoute(admin);
    await markDone(admin.companyId, a.pickup);
    expectFailure(await api(admin, 'PUT', '/Routes/MoveToUnassigned', { routeId: route.id, orderStopIds: [a.pickupStop] }), 'routes.item_done');
    const res = await api(admin, 'PUT', '/Routes/MoveToUnassigned', { routeId: route.id, routeItemIds: [a.delivery] });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(itemIds(res.body.data), [a.pickup]);
    expectFailure(await api(admin, 'PUT', '/Routes/MoveToUnassigned', { routeId: route.id, routeItemIds: [a.delivery] }), 'routes.not_assigned');
  });

  it('a failed attempt: said in the activity and the items, and the stop back in the pool', async () => {
    const admin = await signIn(t);
    const { route, a } = await onRoute(admin);
    expectProblem(await api(admin, 'PUT', `/Quotes/${a.deliveryStop}/MoveOrderStopOnRouteToUnassigned`, { reason: ' ' }), 'reason');
    const res = await api(admin, 'PUT', `/Quotes/${a.deliveryStop}/MoveOrderStopOnRouteToUnassigned`, { reason: 'Dock closed', notes: 'Call ahead' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(itemIds(await routeOf(admin, route.id)), [a.pickup]);
    const log = (await api(admin, 'GET', `/Orders/${a.id}/ActivityLog`)).body.data.list;
    assert.ok(
      log.some((e: any) => /Attempt at stop \d+ failed: Dock closed \(Call ahead\)/.test(e.description)),
      JSON.stringify(log),
    );
    const events = (await api(admin, 'GET', `/Quotes/${a.id}/Items/${a.stops[0].items[0].id}/Events`)).body.data;
    assert.ok(JSON.stringify(events).includes('AttemptFailed'));
    expectFailure(await api(admin, 'PUT', `/Quotes/${a.deliveryStop}/MoveOrderStopOnRouteToUnassigned`, { reason: 'Again' }), 'routes.not_assigned');
  });

  it('the Undo rows: a pickup takes its deliveries after it along; an order all its stops; all or nothing', async () => {
    const admin = await signIn(t);
    const { route, a } = await onRoute(admin);
    const info = await api(admin, 'GET', `/Quotes/${a.pickupStop}/UndoOrderStopsInfo`);
    assert.equal(info.status, 200, JSON.stringify(info.body));
    assert.deepEqual(
      info.body.data.map((s: any) => s.id),
      [a.pickupStop, a.deliveryStop],
    );
    assert.equal((await api(admin, 'PUT', `/Quotes/${a.pickupStop}/UndoOrderStop`)).status, 200);
    assert.deepEqual(itemIds(await routeOf(admin, route.id)), []);
    expectFailure(await api(admin, 'PUT', `/Quotes/${a.pickupStop}/UndoOrderStop`), 'routes.not_assigned');
    const second = await onRoute(admin);
    const third = await onRoute(admin);
    await markDone(admin.companyId, third.a.pickup);
    expectFailure(await api(admin, 'PUT', '/Quotes/UndoOrderStops', [second.a.deliveryStop, third.a.pickupStop]), 'routes.item_done');
    assert.deepEqual(itemIds(await routeOf(admin, second.route.id)), [second.a.pickup, second.a.delivery], 'all or nothing');
    assert.equal((await api(admin, 'PUT', '/Quotes/UndoOrderStops', [second.a.deliveryStop])).status, 200);
    assert.deepEqual(itemIds(await routeOf(admin, second.route.id)), [second.a.pickup]);
    assert.equal((await api(admin, 'PUT', `/Quotes/${third.a.id}/UndoOrder`)).status, 200);
    assert.deepEqual(itemIds(await routeOf(admin, third.route.id)), [third.a.pickup], 'the done pickup stays');
    expectNotFound(await api(admin, 'PUT', '/Quotes/2147480000/UndoOrder'));
  });
});

describe('permissions', () => {
  it('assigning needs Assign/Unassign Orders; undoing Undo Order; reading View Order Sheet', async () => {
    const admin = await signIn(t);
    const route = await createRoute(t, admin, { date: DAY });
    const a = await order(admin);
    const accountant = await signIn(t, 'Accountant', admin.companyId);
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    expectForbidden(await api(accountant, 'GET', '/Routes/UnassignedRoutes'), 'View Order Sheet');
    assert.equal((await api(viewer, 'GET', '/Routes/UnassignedRoutes')).status, 200);
    expectForbidden(await api(viewer, 'POST', `/Routes/${route.id}/assign-unassigned-stop`, { routeItemIds: [a.pickup] }), 'Assign/Unassign Orders');
    expectForbidden(await api(viewer, 'PUT', `/Routes/${route.id}/stops`, []), 'Assign/Unassign Orders');
    expectForbidden(await api(viewer, 'PUT', '/Routes/ChangeOrderRoute', { orderId: a.id, routeId: route.id }), 'Assign/Unassign Orders');
    expectForbidden(await api(viewer, 'PUT', '/Quotes/UndoOrderStops', [a.pickupStop]), 'Undo Order');
    expectForbidden(await api(viewer, 'PUT', `/Quotes/${a.id}/UndoOrder`), 'Undo Order');
    assert.equal((await api(admin, 'GET', '/Routes/UnassignedRoutes')).body.data.totalCount, 2);
  });
});
