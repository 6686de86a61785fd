import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
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
      postalCode: '00000',
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
  const markDone = async (s: Session, routeId: number, legId: number) =>
    assert.equal((await api(s, 'PUT', `/Routes/${routeId}/routeItems/updateStatus/1`, { routeItemIds: [legId] })).status, 200);

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
    await markDone(admin, route.id, a.pickup);
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
    await markDone(admin, third.route.id, third.a.pickup);
    const unknown = await api(admin, 'PUT', '/Quotes/UndoOrderStops', [second.a.deliveryStop, 2147480000]);
    expectNotFound(unknown);
    assert.match(unknown.body.errors[0].message, /\b2147480000\b/);
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

describe('PUT /Routes/{id}/routeItems/updateStatus/{status} and CloseAll', () => {
  it('walks an order from quote to closed through a route: picked up, delivered, closed', async () => {
    const admin = await signIn(t);
    const route = await createRoute(t, admin, { date: DAY });
    const a = await order(admin);
    const item = a.stops[0].items[0];
    await api(admin, 'POST', `/Routes/${route.id}/assign-unassigned-stop`, { orderStopIds: [a.pickupStop, a.deliveryStop] });
    const picked = await api(admin, 'PUT', `/Routes/${route.id}/routeItems/updateStatus/1?getUpdateStatus=true`, {
      orderStopIds: [a.pickupStop],
      items: [{ orderItemId: item.id, quantity: 2 }],
    });
    assert.equal(picked.status, 200, JSON.stringify(picked.body));
    assert.deepEqual(
      [picked.body.data.status, picked.body.data.doneCount, picked.body.otherMessages[0].message],
      ['InProgress', 1, `Order ${a.orderNumber}: 1 of 2 stops done.`],
    );
    assert.equal(picked.body.data.items[0].status, 1);
    assert.equal((await api(admin, 'GET', `/Quotes/${a.id}`)).body.data.stops[0].routeStatus, 'Done');
    const delivered = await api(admin, 'PUT', `/Routes/${route.id}/routeItems/updateStatus/Done`, { routeItemIds: [a.delivery] });
    assert.equal(delivered.status, 200, JSON.stringify(delivered.body));
    const closed = (await api(admin, 'GET', `/Quotes/${a.id}`)).body.data;
    assert.equal(closed.status, 'Closed');
    const events = (await api(admin, 'GET', `/Quotes/${a.id}/Items/${item.id}/Events`)).body.data;
    assert.deepEqual(
      events.map((e: any) => [e.type, e.note]),
      [
        ['Created', null],
        ['PickedUp', 'Counted 2 of 2.'],
        ['Delivered', null],
      ],
    );
    const types = await companyEventTypes(t, admin.companyId);
    assert.ok(types.includes('route_items.status_changed') && types.includes('order.closed'), types.join());
    // A closed order's stops stay done.
    expectFailure(await api(admin, 'PUT', `/Routes/${route.id}/routeItems/updateStatus/0`, { routeItemIds: [a.delivery] }), 'routes.order_closed');
    assert.equal(await auditCount(t, admin.companyId, 'route.items_status'), 2);
  });

  it('pending and to do again; closeOrder=false keeps the order open; refuses what is not on the route or counted above the order', async () => {
    const admin = await signIn(t);
    const route = await createRoute(t, admin, { date: DAY });
    const a = await order(admin);
    const b = await order(admin);
    await api(admin, 'POST', `/Routes/${route.id}/assign-unassigned-stop`, { routeItemIds: [a.pickup, a.delivery] });
    const put = (status: number | string, body: unknown, query = '') =>
      api(admin, 'PUT', `/Routes/${route.id}/routeItems/updateStatus/${status}${query}`, body);
    expectFailure(await put(1, { routeItemIds: [b.pickup] }), 'routes.not_assigned');
    expectFailure(await put(1, {}), 'routes.not_assigned');
    expectProblem(await put(7, { routeItemIds: [a.pickup] }), 'status');
    expectFailure(
      await put(1, { routeItemIds: [a.pickup], items: [{ orderItemId: a.stops[0].items[0].id, quantity: 9 }] }, '?allowIncreaseDeliveryQuantity=false'),
      'routes.quantity_above_ordered',
    );
    expectFailure(await put(1, { routeItemIds: [a.pickup], items: [{ orderItemId: b.stops[0].items[0].id, quantity: 1 }] }), 'routes.not_assigned');
    assert.equal((await routeOf(admin, route.id)).doneCount, 0, 'nothing written');
    assert.equal((await put(2, { routeItemIds: [a.pickup] })).body.data.items[0].status, 2);
    assert.equal((await put(1, { routeItemIds: [a.pickup, a.delivery] }, '?closeOrder=false')).status, 200);
    assert.equal((await api(admin, 'GET', `/Quotes/${a.id}`)).body.data.status, 'Order');
    assert.equal((await put(0, { routeItemIds: [a.delivery] })).body.data.doneCount, 1);
  });

  it('CloseAll marks every stop done, closes the orders and completes the route', async () => {
    const admin = await signIn(t);
    const route = await createRoute(t, admin, { date: DAY });
    const a = await order(admin);
    const b = await order(admin, WACO, AUSTIN);
    await api(admin, 'POST', `/Routes/${route.id}/assign-unassigned-stop`, { routeItemIds: [a.pickup, a.delivery, b.pickup, b.delivery] });
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    expectForbidden(await api(viewer, 'PUT', `/Routes/${route.id}/RouteItems/CloseAll`), 'Close All');
    expectForbidden(await api(viewer, 'PUT', `/Routes/${route.id}/routeItems/updateStatus/1`, { routeItemIds: [a.pickup] }), 'Edit/Delete/Create Route');
    assert.equal((await api(admin, 'PUT', `/Routes/${route.id}/RouteItems/CloseAll`)).status, 200);
    const read = await routeOf(admin, route.id);
    assert.deepEqual([read.status, read.doneCount, read.itemCount], ['Completed', 4, 4]);
    for (const o of [a, b]) assert.equal((await api(admin, 'GET', `/Quotes/${o.id}`)).body.data.status, 'Closed');
    expectFailure(await api(admin, 'PUT', `/Routes/${route.id}/RouteItems/CloseAll`), 'routes.closed');
  });
});

describe('GET /Routes/RouteItemDetails, /Routes/RouteItemGroups and /Routes/UnassignedFilters', () => {
  it('groups legs of one kind at one place, filters them and pages by group in SQL', async () => {
    const admin = await signIn(t);
    const route = await createRoute(t, admin, { date: DAY });
    // Two orders picked up at the same Dallas dock, delivered to Houston and Austin.
    const dock = await createAddress(t, admin, null, { ...DALLAS, name: 'North Dock', contactPhone: '+1 (214) 555-0100', isHub: true });
    const make = async (to: typeof HOUSTON): Promise<Approved> => {
      const q = await createQuote(t, admin, {
        stops: [
          { type: 'Pickup', addressId: dock.id, items: [{ description: 'Crate', weight: 100 }] },
          { type: 'Delivery', address: to },
        ],
      });
      await api(admin, 'PUT', `/Quotes/ApproveQuote?quoteId=${q.id}`);
      const pool = (await api(admin, 'GET', `/Routes/UnassignedRoutes?orderId=${q.id}`)).body.data.list;
      return { ...q, pickupStop: q.stops[0].id, deliveryStop: q.stops[1].id, pickup: pool[0].id, delivery: pool[1].id };
    };
    const a = await make(HOUSTON);
    const b = await make(AUSTIN);
    const c = await order(admin, WACO, AUSTIN);
    await api(admin, 'PUT', `/Routes/${route.id}/stops`, [{ items: [{ id: a.pickup }, { id: b.pickup }, { id: b.delivery }, { id: a.delivery }] }]);
    await api(admin, 'PUT', `/Routes/${route.id}/routeItems/updateStatus/1?closeOrder=false`, { routeItemIds: [a.pickup, b.pickup] });
    const groups = async (path: string) => (await api(admin, 'GET', `/Routes/${path}`)).body.data;
    const onRoute = await groups(`RouteItemGroups?routeId=${route.id}`);
    assert.deepEqual(
      [onRoute.totalCount, onRoute.list.map((g: any) => [g.type, g.status, g.items.map((i: any) => i.id)])],
      [
        3,
        [
          ['Pickup', 1, [a.pickup, b.pickup]],
          ['Delivery', 0, [b.delivery]],
          ['Delivery', 0, [a.delivery]],
        ],
      ],
    );
    const second = await groups(`RouteItemGroups?routeId=${route.id}&ItemsPerPage=1&Page=2`);
    assert.deepEqual([second.list.map((g: any) => g.items.map((i: any) => i.id)), second.totalCount], [[[b.delivery]], 3]);
    assert.deepEqual(
      (await groups(`RouteItemGroups?routeId=${route.id}&IsAllItemsDone=true`)).list.map((g: any) => g.type),
      ['Pickup'],
    );
    assert.deepEqual((await groups(`RouteItemGroups?routeId=${route.id}&IsAllItemsDone=false`)).totalCount, 2);
    assert.equal((await groups('RouteItemGroups?AddressName=north&LocationContactNumber=2145550100')).list[0].items.length, 2);
    assert.deepEqual(
      (await groups('RouteItemGroups?FullAddress=waco')).list.map((g: any) => g.items[0].id),
      [c.pickup],
      'pool legs too',
    );
    assert.deepEqual((await groups(`RouteItemGroups?Types=Delivery&Status=0&routeId=${route.id}`)).list.length, 2);
    const details = await groups(`RouteItemDetails?orderId=${a.id}`);
    assert.deepEqual([details.itemsPerPage, details.list.map((g: any) => g.items.map((i: any) => i.id))], [1000, [[a.pickup], [a.delivery]]]);
    assert.equal((await groups(`RouteItemDetails?orderId=${a.id}&isUsePagination=true&ItemsPerPage=1`)).list.length, 1);
    expectProblem(await api(admin, 'GET', '/Routes/RouteItemGroups?Status=5'), 'Status');
    const filters = await groups('UnassignedFilters');
    assert.deepEqual(
      [filters.cities.map((x: any) => [x.city, x.count]), filters.types.map((x: any) => [x.type, x.count]), filters.customers.length],
      [
        [
          ['Austin', 1],
          ['Waco', 1],
        ],
        [
          ['Delivery', 1],
          ['Pickup', 1],
        ],
        1,
      ],
    );
    const viewer = await signIn(t, 'Accountant', admin.companyId);
    expectForbidden(await api(viewer, 'GET', '/Routes/RouteItemGroups'), 'View Order Sheet');
    expectForbidden(await api(viewer, 'GET', '/Routes/UnassignedFilters'), 'View Order Sheet');
  });
});

describe('orders changed around their routes', () => {
  it('a quote step completing the route items marks the legs done through dispatch; a routed order is not purged', async () => {
    const admin = await signIn(t);
    const route = await createRoute(t, admin, { date: DAY });
    const a = await order(admin);
    await api(admin, 'POST', `/Routes/${route.id}/assign-unassigned-stop`, { routeItemIds: [a.pickup, a.delivery] });
    const step = await api(admin, 'PUT', `/Quotes/${a.id}/PickupDraft?completeQuoteRouteItems=true`, { notes: 'Driver called: all delivered' });
    assert.equal(step.status, 200, JSON.stringify(step.body));
    const read = await routeOf(admin, route.id);
    assert.deepEqual([read.doneCount, read.itemCount], [2, 2]);
    assert.deepEqual(
      (await api(admin, 'GET', `/Quotes/${a.id}`)).body.data.stops.map((s: any) => s.routeStatus),
      ['Done', 'Done'],
    );
    expectFailure(await api(admin, 'DELETE', `/Orders/${a.id}/Permanent`), 'orders.stop_on_route');
    assert.equal((await api(admin, 'GET', `/Quotes/${a.id}`)).status, 200);
  });
});
