import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { auditCount, createAddress, createQuote, createRoute, createWarehouse, type Session, signIn } from '../helpers/factories.js';

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
const HOUSTON = at('Houston', 29.7604, -95.3698);

async function quote(s: Session) {
  return createQuote(t, s, {
    stops: [
      { type: 'Pickup', address: DALLAS, items: [{ description: 'Machine parts', weight: 500, pallets: 1 }] },
      { type: 'Delivery', address: HOUSTON },
    ],
  });
}

async function ok(res: Promise<{ status: number; body: any }>) {
  const answer = await res;
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body;
}

describe('transfers through hubs', () => {
  it('walks an order from quote to closed through two routes and a hub', async () => {
    const admin = await signIn(t);
    // A cross-dock in Corsicana (on the way) and one in Austin (off it).
    const corsicana = await createWarehouse(t, admin, { name: 'Corsicana cross-dock', address: at('Corsicana', 32.0954, -96.4689) });
    const austin = await createWarehouse(t, admin, { name: 'Austin yard', address: at('Austin', 30.2672, -97.7431) });
    const q = await quote(admin);
    const options = (await ok(api(admin, 'POST', '/Routes/TransferOptions', { orderId: q.id }))).data;
    assert.deepEqual(
      options.options.map((o: any) => o.warehouseId),
      [corsicana.id, austin.id],
    );
    assert.ok(options.options[0].addedDistanceMeters < options.options[1].addedDistanceMeters);
    assert.deepEqual([options.id, options.warehouseId, options.address.city], [null, corsicana.id, 'Corsicana']);
    const hub = (await ok(api(admin, 'POST', '/Routes/NewTransfer', { orderId: q.id, warehouseId: corsicana.id }))).data;
    assert.deepEqual([hub.type, hub.address.id, hub.sequence], ['Transfer', corsicana.address.id, 2]);
    await ok(api(admin, 'PUT', `/Quotes/ApproveQuote?quoteId=${q.id}`));
    const pool = (await ok(api(admin, 'GET', `/Routes/UnassignedRoutes?orderId=${q.id}`))).data.list;
    const leg = (type: string) => pool.find((l: any) => l.type === type).id as number;
    // First route: Dallas pickup → the hub. Second route: the hub → Houston.
    const inbound = await createRoute(t, admin, { date: DAY });
    const outbound = await createRoute(t, admin, { date: DAY });
    await ok(api(admin, 'POST', `/Routes/${inbound.id}/assign-unassigned-stop`, { routeItemIds: [leg('Pickup'), leg('DeliveryToTransfer')] }));
    await ok(api(admin, 'POST', `/Routes/${outbound.id}/assign-unassigned-stop`, { routeItemIds: [leg('PickupFromTransfer'), leg('Delivery')] }));
    assert.deepEqual((await ok(api(admin, 'GET', `/Routes/RouteIds?orderStopId=${hub.id}`))).data.sort(), [inbound.id, outbound.id].sort());
    const atHub = (await ok(api(admin, 'GET', `/Routes/TransferRouteItems?routeId=${inbound.id}&transferStopIds=${hub.id}`))).data;
    assert.deepEqual(
      atHub.map((i: any) => i.type),
      ['DeliveryToTransfer'],
    );
    const snapshot = (await ok(api(admin, 'GET', `/Routes/OrderRouteSnapshot?orderId=${q.id}`))).data;
    assert.deepEqual(
      snapshot.legs.map((l: any) => [l.routeItem.type, l.routeItem.address.city, l.routeName]),
      [
        ['Pickup', 'Dallas', inbound.name],
        ['DeliveryToTransfer', 'Corsicana', inbound.name],
        ['PickupFromTransfer', 'Corsicana', outbound.name],
        ['Delivery', 'Houston', outbound.name],
      ],
    );
    // A leg on the other route cannot join this one.
    expectFailure(
      await api(admin, 'PUT', `/Routes/${inbound.id}/stops`, [
        { items: [{ id: leg('PickupFromTransfer') }, { id: leg('Pickup') }, { id: leg('DeliveryToTransfer') }] },
      ]),
      'routes.stop_taken',
    );
    await ok(api(admin, 'PUT', `/Routes/${inbound.id}/RouteItems/CloseAll`));
    assert.equal((await ok(api(admin, 'GET', `/Quotes/${q.id}`))).data.status, 'Order', 'half way: at the hub');
    await ok(api(admin, 'PUT', `/Routes/${outbound.id}/RouteItems/CloseAll`));
    assert.equal((await ok(api(admin, 'GET', `/Quotes/${q.id}`))).data.status, 'Closed');
    const events = (await ok(api(admin, 'GET', `/Quotes/${q.id}/Items/${q.stops[0].items[0].id}/Events`))).data.map((e: any) => e.type);
    assert.deepEqual(events, ['Created', 'PickedUp', 'DroppedAtHub', 'PickedUpFromHub', 'Delivered']);
    expectFailure(await api(admin, 'DELETE', `/Routes/Transfers/${hub.id}`), 'routes.item_done');
  });

  it('moves a transfer to another hub and removes it; a done leg keeps it; refuses what is not a hub', async () => {
    const admin = await signIn(t);
    const first = await createWarehouse(t, admin, { address: at('Corsicana', 32.0954, -96.4689) });
    const hubAddress = await createAddress(t, admin, null, { ...at('Ennis', 32.3293, -96.6253), isHub: true });
    const plain = await createAddress(t, admin, null, at('Waco', 31.5493, -97.1467));
    const q = await quote(admin);
    expectProblem(await api(admin, 'POST', '/Routes/NewTransfer', { orderId: q.id }), 'warehouseId');
    expectProblem(await api(admin, 'POST', '/Routes/NewTransfer', { orderId: q.id, addressId: plain.id }), 'warehouseId');
    expectProblem(await api(admin, 'POST', '/Routes/NewTransfer', { orderId: q.id, warehouseId: first.id, addressId: hubAddress.id }), 'warehouseId');
    expectNotFound(await api(admin, 'POST', '/Routes/NewTransfer', { orderId: q.id, warehouseId: 2147480000 }));
    await ok(api(admin, 'POST', '/Quotes/AssignHub', { orderId: q.id, warehouseId: first.id }));
    const hub = (await ok(api(admin, 'GET', `/Quotes/${q.id}`))).data.stops.find((s: any) => s.type === 'Transfer');
    const moved = await ok(api(admin, 'PUT', `/Routes/TransferStops/${hub.id}/Address`, { id: hubAddress.id }));
    assert.deepEqual([moved.data.id, moved.data.address.city, moved.data.warehouseId], [hub.id, 'Ennis', null]);
    expectProblem(await api(admin, 'PUT', `/Routes/TransferStops/${hub.id}/Address`, { id: plain.id }), 'id');
    expectProblem(await api(admin, 'PUT', `/Routes/TransferStops/${q.stops[0].id}/Address`, { warehouseId: first.id }), 'transferStopId');
    await ok(api(admin, 'PUT', `/Quotes/ApproveQuote?quoteId=${q.id}`));
    const route = await createRoute(t, admin, { date: DAY });
    const pool = (await ok(api(admin, 'GET', `/Routes/UnassignedRoutes?orderId=${q.id}`))).data.list;
    const pickup = pool.find((l: any) => l.type === 'Pickup').id;
    const drop = pool.find((l: any) => l.type === 'DeliveryToTransfer').id;
    await ok(api(admin, 'POST', `/Routes/${route.id}/assign-unassigned-stop`, { routeItemIds: [pickup, drop] }));
    // Moved while on a route: the route keeps the leg, measured again, and says so.
    const again = await api(admin, 'PUT', `/Routes/TransferStops/${hub.id}/Address`, { warehouseId: first.id });
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.match(again.body.otherMessages.at(-1).message, new RegExp(`Route ${route.id} keeps`));
    // Removing it takes its legs off the route first.
    await ok(api(admin, 'DELETE', `/Routes/Transfers/${hub.id}`));
    const read = (await ok(api(admin, 'GET', `/Routes/${route.id}`))).data;
    assert.deepEqual(
      read.items.flatMap((g: any) => g.items.map((i: any) => i.type)),
      ['Pickup'],
    );
    assert.deepEqual(
      (await ok(api(admin, 'GET', `/Quotes/${q.id}`))).data.stops.map((s: any) => [s.type, s.sequence]),
      [
        ['Pickup', 1],
        ['Delivery', 2],
      ],
    );
    assert.equal(await auditCount(t, admin.companyId, 'order_stop.remove'), 1);
    // A transfer whose drop is done stays.
    const second = await ok(api(admin, 'POST', '/Routes/NewTransfer', { orderId: q.id, warehouseId: first.id }));
    const legs = (await ok(api(admin, 'GET', `/Routes/UnassignedRoutes?orderStopId=${second.data.id}`))).data.list;
    await ok(api(admin, 'POST', `/Routes/${route.id}/assign-unassigned-stop`, { routeItemIds: [legs[0].id] }));
    await ok(api(admin, 'PUT', `/Routes/${route.id}/routeItems/updateStatus/1`, { routeItemIds: [legs[0].id] }));
    expectFailure(await api(admin, 'DELETE', `/Routes/Transfers/${second.data.id}`), 'routes.item_done');
    expectFailure(await api(admin, 'PUT', `/Routes/TransferStops/${second.data.id}/Address`, { id: hubAddress.id }), 'routes.item_done');
  });

  it('permissions: transfers need Edit Orders; reading them View Order Sheet', async () => {
    const admin = await signIn(t);
    const warehouse = await createWarehouse(t, admin);
    const q = await quote(admin);
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    const accountant = await signIn(t, 'Accountant', admin.companyId);
    expectForbidden(await api(viewer, 'POST', '/Routes/NewTransfer', { orderId: q.id, warehouseId: warehouse.id }), 'Edit Orders');
    expectForbidden(await api(viewer, 'POST', '/Quotes/AssignHub', { orderId: q.id, warehouseId: warehouse.id }), 'Edit Orders');
    expectForbidden(await api(accountant, 'POST', '/Routes/TransferOptions', { orderId: q.id }), 'View Order Sheet');
    expectForbidden(await api(accountant, 'GET', `/Routes/OrderRouteSnapshot?orderId=${q.id}`), 'View Order Sheet');
    assert.equal((await ok(api(viewer, 'GET', `/Routes/OrderRouteSnapshot?orderId=${q.id}`))).data.legs.length, 0, 'a quote has no legs');
    assert.equal((await ok(api(admin, 'GET', `/Quotes/${q.id}`))).data.stops.length, 2);
  });
});
