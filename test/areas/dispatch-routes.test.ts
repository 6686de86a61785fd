import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import {
  auditCount,
  companyEventTypes,
  countRows,
  createAddress,
  createDriver,
  createQuote,
  createRoute,
  createTruck,
  createWarehouse,
  type Session,
  signIn,
} from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}) });

const DAY = '2026-12-01';

/** The company's legs, read through the privileged executor. */
async function legsOf(companyId: number, orderId: number) {
  const { rows } = await sql<{ id: number; stop_id: number; kind: string; route_id: number | null; status: string }>`
    select id, stop_id, kind, route_id, status from route_items where company_id = ${companyId} and order_id = ${orderId} order by stop_id, kind`.execute(
    t.database.db,
  );
  return rows;
}

/** An approved order (pickup in Dallas, delivery in Houston); its legs are in the pool. */
async function approvedOrder(s: Session, body: Record<string, unknown> = {}) {
  const q = await createQuote(t, s, body);
  const res = await api(s, 'PUT', `/Quotes/ApproveQuote?quoteId=${q.id}`);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return q;
}

/** Puts legs on a route in this order (PUT /Routes/{id}/stops) and marks some done (the order stays open). */
async function placeOnRoute(s: Session, routeId: number, legIds: number[], done: number[] = []) {
  const current = (await api(s, 'GET', `/Routes/${routeId}`)).body.data.items.flatMap((g: any) => g.items.map((i: any) => i.id));
  const res = await api(s, 'PUT', `/Routes/${routeId}/stops`, [{ items: [...current, ...legIds].map((id) => ({ id })) }]);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  if (done.length === 0) return;
  const marked = await api(s, 'PUT', `/Routes/${routeId}/routeItems/updateStatus/1?closeOrder=false`, { routeItemIds: done });
  assert.equal(marked.status, 200, JSON.stringify(marked.body));
}

describe('POST and GET /Routes/{id}', () => {
  it('makes a route with its driver, truck, a warehouse start and an address end; reads it', async () => {
    const admin = await signIn(t);
    const driver = await createDriver(t, admin);
    const truck = await createTruck(t, admin);
    const warehouse = await createWarehouse(t, admin);
    const end = await createAddress(t, admin, null, { street: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US', isHub: true });
    const res = await api(admin, 'POST', '/Routes', {
      name: ' North loop ',
      date: DAY,
      driverId: driver.id,
      truckId: truck.id,
      startWarehouseId: warehouse.id,
      endAddressId: end.id,
      startTime: '2026-12-01T13:00:00Z',
      endTime: '2026-12-01T23:00:00Z',
      notes: 'Liftgate at the first stop',
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const route = res.body.data;
    assert.deepEqual(
      [route.name, route.date, route.driverId, route.driverName, route.truckId, route.truckName, route.status, route.version, route.items],
      ['North loop', DAY, driver.id, `${driver.firstName} ${driver.lastName}`, truck.id, truck.name, 'Planned', 0, []],
    );
    assert.deepEqual([route.startAddress.id, route.startAddress.city, route.endAddress.id], [warehouse.address.id, 'Dallas', end.id]);
    assert.deepEqual(
      [route.startTime, route.endTime, route.avoidTolls, route.notes],
      ['2026-12-01T13:00:00.000Z', '2026-12-01T23:00:00.000Z', false, 'Liftgate at the first stop'],
    );
    const read = await api(admin, 'GET', `/Routes/${route.id}`);
    assert.equal(read.status, 200);
    assert.deepEqual({ ...read.body.data, completedItems: undefined }, { ...route, completedItems: undefined });
    assert.equal(await auditCount(t, admin.companyId, 'route.create'), 1);
    assert.deepEqual(await companyEventTypes(t, admin.companyId), ['route.created']);
  });

  it('refuses bad input, unknown records and a busy or unavailable driver or truck with a 400 naming the clash; writes nothing', async () => {
    const admin = await signIn(t);
    const driver = await createDriver(t, admin);
    const truck = await createTruck(t, admin);
    const first = await createRoute(t, admin, { name: 'First', date: DAY, driverId: driver.id, truckId: truck.id });
    const post = (body: Record<string, unknown>) => api(admin, 'POST', '/Routes', { name: 'R', date: DAY, ...body });
    expectProblem(await api(admin, 'POST', '/Routes', { date: DAY }), 'name');
    expectProblem(await post({ name: '   ' }), 'name');
    expectProblem(await post({ date: 'Tuesday' }), 'date');
    expectProblem(await post({ driverId: 'x' }), 'driverId');
    expectNotFound(await post({ driverId: 2147480000 }));
    expectNotFound(await post({ truckId: 2147480000 }));
    expectNotFound(await post({ startWarehouseId: 2147480000 }));
    expectNotFound(await post({ endAddressId: 2147480000 }));
    const yard = await createWarehouse(t, admin);
    const place = await createAddress(t, admin, null, { street: '5 Dock Rd', city: 'Dallas', state: 'TX', postalCode: '75207', country: 'US', isHub: true });
    expectProblem(await post({ startWarehouseId: yard.id, startAddressId: place.id }), 'startAddressId');
    const busy = await post({ driverId: driver.id });
    expectFailure(busy, 'routes.driver_busy');
    assert.match(busy.body.errors[0].message, new RegExp(`route ${first.id} "First" on ${DAY}`));
    expectFailure(await post({ truckId: truck.id }), 'routes.truck_busy');
    const inShop = await createTruck(t, admin, { status: 'InShop' });
    expectFailure(await post({ truckId: inShop.id }), 'routes.truck_unavailable');
    const inactive = await createDriver(t, admin);
    assert.equal((await api(admin, 'PUT', '/Drivers/ChangeStatus/Inactive', [inactive.id])).status, 200);
    expectFailure(await post({ driverId: inactive.id }), 'routes.driver_unavailable');
    assert.equal(await countRows(t, 'routes', admin.companyId), 1);
    // Another day is free; another company's driver is missing.
    assert.equal((await post({ date: '2026-12-02', driverId: driver.id, truckId: truck.id })).status, 200);
    const other = await signIn(t);
    const theirs = await createDriver(t, other);
    expectNotFound(await post({ driverId: theirs.id }));
  });

  it('gives a driver one active route a day when two dispatchers save at once', async () => {
    const admin = await signIn(t);
    const driver = await createDriver(t, admin);
    const answers = await Promise.all([1, 2, 3].map((n) => api(admin, 'POST', '/Routes', { name: `Race ${n}`, date: DAY, driverId: driver.id })));
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 400, 400], JSON.stringify(answers.map((a) => a.body.errors)));
    for (const a of answers.filter((x) => x.status === 400)) assert.equal(a.body.errors[0].code, 'routes.driver_busy');
    assert.equal(await countRows(t, 'routes', admin.companyId), 1);
  });
});

describe('PUT and DELETE /Routes/{id}', () => {
  it('changes the fields sent and keeps the others, under the same rules', async () => {
    const admin = await signIn(t);
    const [d1, d2] = [await createDriver(t, admin), await createDriver(t, admin)];
    const route = await createRoute(t, admin, { date: DAY, driverId: d1.id, notes: 'keep' });
    await createRoute(t, admin, { date: DAY, driverId: d2.id, name: 'Busy' });
    const res = await api(admin, 'PUT', `/Routes/${route.id}`, { id: 999, name: 'Renamed', avoidTolls: true });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(
      [res.body.data.id, res.body.data.name, res.body.data.driverId, res.body.data.notes, res.body.data.avoidTolls],
      [route.id, 'Renamed', d1.id, 'keep', true],
    );
    expectFailure(await api(admin, 'PUT', `/Routes/${route.id}`, { driverId: d2.id }), 'routes.driver_busy');
    expectProblem(await api(admin, 'PUT', `/Routes/${route.id}`, { name: '' }), 'name');
    // Moving the route to a day where its driver is free, then clearing the driver.
    assert.equal((await api(admin, 'PUT', `/Routes/${route.id}`, { date: '2026-12-03', driverId: d2.id })).body.data.driverId, d2.id);
    assert.equal((await api(admin, 'PUT', `/Routes/${route.id}`, { driverId: null })).body.data.driverId, null);
    assert.equal(await auditCount(t, admin.companyId, 'route.update'), 3);
    // A completed route is history.
    assert.equal((await api(admin, 'PUT', `/Routes/${route.id}/updateStatus/Completed`)).status, 200);
    expectFailure(await api(admin, 'PUT', `/Routes/${route.id}`, { name: 'Late' }), 'routes.closed');
  });

  it('deletes a route and puts its stops back in the pool; a route with done stops is archived instead', async () => {
    const admin = await signIn(t);
    const order = await approvedOrder(admin);
    const legs = await legsOf(admin.companyId, order.id);
    const route = await createRoute(t, admin, { date: DAY });
    await placeOnRoute(
      admin,
      route.id,
      legs.map((l) => l.id),
    );
    const onRoute = (await api(admin, 'GET', `/Quotes/${order.id}`)).body.data.stops;
    assert.deepEqual(
      onRoute.map((s: any) => s.routeId),
      [route.id, route.id],
    );
    const del = await api(admin, 'DELETE', `/Routes/${route.id}`);
    assert.equal(del.status, 200, JSON.stringify(del.body));
    assert.equal(del.body.data.itemCount, 2, 'answered as it was');
    assert.deepEqual(
      (await legsOf(admin.companyId, order.id)).map((l) => l.route_id),
      [null, null],
    );
    expectNotFound(await api(admin, 'GET', `/Routes/${route.id}`));
    const kept = await createRoute(t, admin, { date: DAY });
    await placeOnRoute(admin, kept.id, [legs[0]!.id], [legs[0]!.id]);
    expectFailure(await api(admin, 'DELETE', `/Routes/${kept.id}`), 'routes.has_done_items');
    assert.equal(await countRows(t, 'routes', admin.companyId), 1);
    assert.equal(await auditCount(t, admin.companyId, 'route.delete'), 1);
  });
});

describe('PUT /Routes/{id}/updateStatus/{status}', () => {
  it('moves Planned → Next → InProgress → Completed; archives and restores; refuses other moves', async () => {
    const admin = await signIn(t);
    const driver = await createDriver(t, admin);
    const route = await createRoute(t, admin, { date: DAY, driverId: driver.id });
    const move = (status: string, id = route.id) => api(admin, 'PUT', `/Routes/${id}/updateStatus/${status}`);
    const state = async (id = route.id) => (await api(admin, 'GET', `/Routes/${id}`)).body.data;
    expectFailure(await move('Restore'), 'routes.invalid_status_change');
    assert.equal((await move('StartNext')).status, 200);
    expectFailure(await move('StartNext'), 'routes.invalid_status_change');
    assert.equal((await move('startnow')).status, 200, 'any case');
    const started = await state();
    assert.deepEqual([started.status, typeof started.startedAt], ['InProgress', 'string']);
    const archive = await move('Archive');
    expectFailure(archive, 'routes.invalid_status_change');
    assert.match(archive.body.errors[0].message, /complete it first/);
    assert.equal((await move('Completed')).status, 200);
    assert.equal((await state()).status, 'Completed');
    assert.equal((await move('Archive')).status, 200);
    assert.deepEqual([(await state()).status, typeof (await state()).archivedAt], ['Archived', 'string']);
    assert.equal((await move('Restore')).status, 200);
    assert.deepEqual([(await state()).status, (await state()).archivedAt], ['Completed', null]);
    // Archiving frees the driver; restoring needs the driver free again.
    const planned = await createRoute(t, admin, { date: '2026-12-05', driverId: driver.id });
    assert.equal((await move('Archive', planned.id)).status, 200);
    await createRoute(t, admin, { date: '2026-12-05', driverId: driver.id, name: 'Took the day' });
    expectFailure(await move('Restore', planned.id), 'routes.driver_busy');
    assert.equal((await state(planned.id)).status, 'Archived');
    expectProblem(await move('Paused'), 'status');
    assert.deepEqual((await companyEventTypes(t, admin.companyId)).filter((e) => e === 'route.status_changed').length, 6);
  });

  it('completing or archiving puts the stops not done back in the pool', async () => {
    const admin = await signIn(t);
    const order = await approvedOrder(admin);
    const [pickup, delivery] = await legsOf(admin.companyId, order.id);
    const route = await createRoute(t, admin, { date: DAY });
    await placeOnRoute(admin, route.id, [pickup!.id, delivery!.id], [pickup!.id]);
    assert.equal((await api(admin, 'PUT', `/Routes/${route.id}/updateStatus/Completed`)).status, 200);
    assert.deepEqual(
      (await legsOf(admin.companyId, order.id)).map((l) => [l.kind, l.route_id, l.status]),
      [
        ['Pickup', route.id, 'Done'],
        ['Delivery', null, 'ToDo'],
      ],
    );
    const read = (await api(admin, 'GET', `/Routes/${route.id}`)).body.data;
    assert.deepEqual([read.itemCount, read.doneCount, read.version], [1, 1, 3], 'placed (1), the pickup done (2), then the delivery left (3)');
  });
});

describe('the unassigned pool follows the orders', () => {
  it('makes legs when a quote is approved (two for a transfer stop), and removes those not done when it is closed or deleted', async () => {
    const admin = await signIn(t);
    const quote = await createQuote(t, admin);
    assert.deepEqual(await legsOf(admin.companyId, quote.id), [], 'a quote is not dispatched');
    await api(admin, 'PUT', `/Quotes/ApproveQuote?quoteId=${quote.id}`);
    const legs = await legsOf(admin.companyId, quote.id);
    assert.deepEqual(
      legs.map((l) => [l.stop_id, l.kind, l.route_id, l.status]),
      [
        [quote.stops[0].id, 'Pickup', null, 'ToDo'],
        [quote.stops[1].id, 'Delivery', null, 'ToDo'],
      ],
    );
    const hub = await createAddress(t, admin, null, { street: '9 Hub Rd', city: 'Waco', state: 'TX', postalCode: '76701', country: 'US', isHub: true });
    const added = await api(admin, 'POST', `/Quotes/${quote.id}/OrderStop`, { type: 'Transfer', addressId: hub.id });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    const withHub = await legsOf(admin.companyId, quote.id);
    assert.deepEqual(
      withHub.filter((l) => l.stop_id === added.body.data.id).map((l) => l.kind),
      ['DeliveryToTransfer', 'PickupFromTransfer'],
    );
    // Closing keeps done legs (history) and drops the rest, from the pool and from routes.
    const route = await createRoute(t, admin, { date: DAY });
    const pickup = withHub.find((l) => l.kind === 'Pickup')!;
    const delivery = withHub.find((l) => l.kind === 'Delivery')!;
    await placeOnRoute(admin, route.id, [pickup.id, delivery.id], [pickup.id]);
    assert.equal((await api(admin, 'PUT', `/Orders/${quote.id}/close`)).status, 200);
    assert.deepEqual(
      (await legsOf(admin.companyId, quote.id)).map((l) => [l.kind, l.status]),
      [['Pickup', 'Done']],
    );
    assert.equal((await api(admin, 'GET', `/Routes/${route.id}`)).body.data.version, 3, 'placed (1), the pickup done (2), then the route lost a stop (3)');
    const other = await approvedOrder(admin);
    assert.equal((await api(admin, 'DELETE', '/Quotes', [other.id])).status, 200);
    assert.deepEqual(await legsOf(admin.companyId, other.id), []);
  });
});

describe('route lists', () => {
  it("GET /Routes/Routes: the day's active routes with their stops, filtered, searched and paged in SQL", async () => {
    const admin = await signIn(t);
    const driver = await createDriver(t, admin, { firstName: 'Maria', lastName: 'Lopez' });
    const truck = await createTruck(t, admin, { name: 'Unit Kestrel' });
    const a = await createRoute(t, admin, { name: 'Alpha', date: DAY, driverId: driver.id });
    const b = await createRoute(t, admin, { name: 'Bravo', date: DAY, truckId: truck.id });
    const c = await createRoute(t, admin, { name: 'Charlie', date: DAY });
    await createRoute(t, admin, { name: 'Next day', date: '2026-12-02' });
    const order = await approvedOrder(admin);
    const legs = await legsOf(admin.companyId, order.id);
    await placeOnRoute(
      admin,
      b.id,
      legs.map((l) => l.id),
      [legs[0]!.id],
    );
    await api(admin, 'PUT', `/Routes/${c.id}/updateStatus/Completed`);
    const list = async (query: string) => (await api(admin, 'GET', `/Routes/Routes${query}`)).body.data;
    const ids = async (query: string) => (await list(query)).list.map((r: any) => r.id);
    assert.deepEqual(await ids(`?Date=${DAY}`), [a.id, b.id]);
    assert.deepEqual(await ids(`?Date=${DAY}&completedRoutes=true`), [a.id, b.id, c.id]);
    assert.deepEqual(await ids(`?Date=${DAY}&Drivers=${driver.id}`), [a.id]);
    assert.deepEqual(await ids('?SearchTerm=lopez'), [a.id], "by the driver's name");
    assert.deepEqual(await ids('?SearchTerm=kestrel'), [b.id], "by the truck's name");
    assert.deepEqual(await ids(`?Date=${DAY}&routeItemStatus=1`), [b.id]);
    assert.deepEqual(await ids(`?DateRange=${DAY}&DateRange=2026-12-02&SortBy=name&SortDirection=1`).then((x) => x.length), 3);
    const page = await list(`?Date=${DAY}&ItemsPerPage=1&Page=2`);
    assert.deepEqual([page.list.map((r: any) => r.id), page.totalCount], [[b.id], 2]);
    const board = (await list(`?Date=${DAY}&separateCompletedDirections=true`)).list.find((r: any) => r.id === b.id);
    assert.deepEqual(
      [board.items.map((g: any) => [g.type, g.status, g.items.length]), board.completedItems.map((g: any) => [g.type, g.status])],
      [[['Delivery', 0, 1]], [['Pickup', 1]]],
    );
    const pickup = board.completedItems[0].items[0];
    // A leg in its group: the group's address is its place; a list leaves its order items out.
    assert.deepEqual(
      [pickup.orderId, pickup.orderNumber, pickup.orderStopId, pickup.status, board.completedItems[0].address.city, pickup.weight, pickup.pallets],
      [order.id, order.orderNumber, order.stops[0].id, 1, 'Dallas', 3200, 4],
    );
    assert.deepEqual([pickup.address, pickup.items], [undefined, undefined]);
    const alone = (await api(admin, 'GET', `/Routes/${b.id}?separateCompletedDirections=true`)).body.data;
    assert.equal(alone.completedItems[0].items[0].items.length, 1, 'a route read alone lists the order items');
    expectProblem(await api(admin, 'GET', '/Routes/Routes?SortBy=driver'), 'SortBy');
    expectProblem(await api(admin, 'GET', '/Routes/Routes?routeItemStatus=7'), 'routeItemStatus');
  });

  it('GET /Routes/active and GET /Quotes/{id}/Routes', async () => {
    const admin = await signIn(t);
    const later = await createRoute(t, admin, { date: '2026-12-09' });
    const sooner = await createRoute(t, admin, { date: '2026-12-08' });
    const done = await createRoute(t, admin, { date: '2026-12-07' });
    const order = await approvedOrder(admin);
    const [pickup, delivery] = await legsOf(admin.companyId, order.id);
    await placeOnRoute(admin, done.id, [pickup!.id], [pickup!.id]);
    await api(admin, 'PUT', `/Routes/${done.id}/updateStatus/Completed`);
    const active = (await api(admin, 'GET', '/Routes/active')).body.data;
    assert.deepEqual([active.list.map((r: any) => r.id), active.totalCount], [[sooner.id, later.id], 2]);
    await placeOnRoute(admin, later.id, [delivery!.id]);
    const routes = async (query = '') => (await api(admin, 'GET', `/Quotes/${order.id}/Routes${query}`)).body.data.list.map((r: any) => r.id);
    assert.deepEqual(await routes(), [done.id, later.id]);
    assert.deepEqual(await routes('?includeInactiveRoutes=false'), [later.id]);
    expectNotFound(await api(admin, 'GET', '/Quotes/2147480000/Routes'));
  });
});

describe('PUT /Routes/AvoidTolls and POST /Warehouses/{id}/move', () => {
  it('keeps the toll choice; starts and ends a route at a warehouse', async () => {
    const admin = await signIn(t);
    const route = await createRoute(t, admin, { date: DAY });
    assert.equal((await api(admin, 'PUT', `/Routes/AvoidTolls?routeId=${route.id}&avoidTolls=true`)).status, 200);
    assert.equal((await api(admin, 'GET', `/Routes/${route.id}`)).body.data.avoidTolls, true);
    expectProblem(await api(admin, 'PUT', `/Routes/AvoidTolls?routeId=${route.id}`), 'avoidTolls');
    const warehouse = await createWarehouse(t, admin);
    const moved = await api(admin, 'POST', `/Warehouses/${warehouse.id}/move`, { id: route.id, end: false });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal(moved.body.data.id, warehouse.id);
    const read = (await api(admin, 'GET', `/Routes/${route.id}`)).body.data;
    assert.deepEqual([read.startAddress.id, read.endAddress], [warehouse.address.id, null]);
    expectNotFound(await api(admin, 'POST', `/Warehouses/${warehouse.id}/move`, { id: 2147480000 }));
    assert.deepEqual([await auditCount(t, admin.companyId, 'route.avoid_tolls'), await auditCount(t, admin.companyId, 'route.move_to_warehouse')], [1, 1]);
    // The warehouse a route uses is not deleted under it.
    const del = await api(admin, 'DELETE', `/Warehouses/${warehouse.id}`);
    assert.equal(del.status, 400, JSON.stringify(del.body));
  });
});

describe('permissions', () => {
  it('reading needs View Order Sheet; changing a route Edit/Delete/Create Route; its state Archive', async () => {
    const admin = await signIn(t);
    const route = await createRoute(t, admin, { date: DAY });
    const accountant = await signIn(t, 'Accountant', admin.companyId);
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    expectForbidden(await api(accountant, 'GET', `/Routes/${route.id}`), 'View Order Sheet');
    expectForbidden(await api(accountant, 'GET', '/Routes/Routes'), 'View Order Sheet');
    assert.equal((await api(viewer, 'GET', `/Routes/${route.id}`)).status, 200);
    assert.equal((await api(viewer, 'GET', '/Routes/active')).status, 200);
    expectForbidden(await api(viewer, 'POST', '/Routes', { name: 'X', date: DAY }), 'Edit/Delete/Create Route');
    expectForbidden(await api(viewer, 'PUT', `/Routes/${route.id}`, { name: 'X' }), 'Edit/Delete/Create Route');
    expectForbidden(await api(viewer, 'DELETE', `/Routes/${route.id}`), 'Edit/Delete/Create Route');
    expectForbidden(await api(viewer, 'PUT', `/Routes/${route.id}/updateStatus/Archive`), 'Archive');
    expectForbidden(await api(viewer, 'PUT', `/Routes/AvoidTolls?routeId=${route.id}&avoidTolls=true`), 'Edit/Delete/Create Route');
    assert.equal((await api(admin, 'GET', `/Routes/${route.id}`)).body.data.status, 'Planned');
    assert.equal(await countRows(t, 'routes', admin.companyId), 1);
  });
});
