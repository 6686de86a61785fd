// The dispatch area's part of the conventions walk (test/helpers/walk.ts says what each holds):
// routes, made through POST /Routes, and legs of approved orders (route items).
import { call, type TestApp } from '../app.js';
import { createQuote, createRoute, type Session } from '../factories.js';
import type { AreaWalk, Factory, RouteCase } from '../walk.js';

const route: Factory = async (t, s) => (await createRoute(t, s)).id;

async function ok(res: Promise<{ status: number; body: any }>, what: string) {
  const answer = await res;
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/** An approved order: its stops' legs are in the unassigned pool. */
async function approved(t: TestApp, s: Session) {
  const q = await createQuote(t, s);
  await ok(call(t, 'PUT', `/api/v1/Quotes/ApproveQuote?quoteId=${q.id}`, { token: s.token }), 'quote not approved');
  const legs = await ok(call(t, 'GET', `/api/v1/Routes/UnassignedRoutes?orderId=${q.id}`, { token: s.token }), 'pool not read');
  return { order: q, pickupLeg: legs.list.find((l: any) => l.type === 'Pickup').id as number };
}

/** An approved order whose stops are on a new route. */
async function onRoute(t: TestApp, s: Session) {
  const { order, pickupLeg } = await approved(t, s);
  const r = await createRoute(t, s);
  await ok(
    call(t, 'POST', `/api/v1/Routes/${r.id}/assign-unassigned-stop`, { token: s.token, body: { orderStopIds: order.stops.map((x: any) => x.id) } }),
    'stops not assigned',
  );
  return { order, routeId: r.id as number, pickupLeg, pickupStop: order.stops[0].id as number };
}

/** A transfer stop of a new quote, at the warehouse. */
async function transferStop(t: TestApp, s: Session, warehouseId: number | string): Promise<number> {
  const q = await createQuote(t, s);
  return (await ok(call(t, 'POST', '/api/v1/Routes/NewTransfer', { token: s.token, body: { orderId: q.id, warehouseId } }), 'transfer not made')).id;
}

const routeItem: Factory = async (t, s) => (await approved(t, s)).pickupLeg;

/** A route's header starting and ending at warehouses: a route's end is a warehouse or an address,
 *  not both (the walk puts another company's address in place of the null). */
const header: RouteCase = async ({ make }) => ({
  body: {
    name: 'Walk route',
    date: '2026-12-01',
    driverId: await make('driver'),
    truckId: await make('truck'),
    startWarehouseId: await make('warehouse'),
    startAddressId: null,
    endWarehouseId: await make('warehouse'),
    endAddressId: null,
  },
});

export const dispatchWalk: AreaWalk = {
  factories: { route, route_item: routeItem },
  cases: {
    'POST /Routes': header,
    'PUT /Routes/:id': async (ctx) => ({ params: { id: await ctx.make('route') }, ...(await header(ctx)) }),
    'POST /Routes/:id/assign-unassigned-stop': async ({ make }) => ({
      params: { id: await make('route') },
      body: { routeItemIds: [await make('route_item')], orderStopIds: [] },
    }),
    // The body is the route's groups: one group of one pool item.
    'PUT /Routes/:id/stops': async ({ make }) => ({ params: { id: await make('route') }, body: [{ items: [{ id: await make('route_item') }] }] }),
    'PUT /Routes/ChangeOrderRoute': async ({ t, admin, make }) => {
      const { order } = await onRoute(t, admin);
      return { body: { orderId: order.id, routeId: await make('route'), fromRouteId: null } };
    },
    'PUT /Routes/MoveOrderOnRouteToUnassigned': async ({ t, admin }) => {
      const { order, routeId } = await onRoute(t, admin);
      return { query: { orderId: order.id, routeId } };
    },
    'PUT /Routes/MoveToUnassigned': async ({ t, admin }) => {
      const { routeId, pickupLeg } = await onRoute(t, admin);
      return { body: { routeId, routeItemIds: [pickupLeg], orderStopIds: [] } };
    },
    'PUT /Quotes/:id/MoveOrderStopOnRouteToUnassigned': async ({ t, admin }) => ({
      params: { id: (await onRoute(t, admin)).pickupStop },
      body: { reason: 'Dock closed' },
    }),
    'PUT /Quotes/:id/UndoOrder': async ({ t, admin }) => ({ params: { id: (await onRoute(t, admin)).order.id } }),
    'PUT /Quotes/:orderStopId/UndoOrderStop': async ({ t, admin }) => ({ params: { orderStopId: (await onRoute(t, admin)).pickupStop } }),
    'GET /Quotes/:orderStopId/UndoOrderStopsInfo': async ({ t, admin }) => ({ params: { orderStopId: (await onRoute(t, admin)).pickupStop } }),
    'PUT /Routes/:id/routeItems/updateStatus/:status': async ({ t, admin }) => {
      const { order, routeId, pickupLeg } = await onRoute(t, admin);
      return {
        params: { id: routeId, status: 1 },
        body: { routeItemIds: [pickupLeg], orderStopIds: [], items: [{ orderItemId: order.stops[0].items[0].id, quantity: 1 }] },
      };
    },
    'POST /Routes/NewTransfer': async ({ make }) => ({ body: { orderId: await make('order'), warehouseId: await make('warehouse'), addressId: null } }),
    'POST /Quotes/AssignHub': async ({ make }) => ({ body: { orderId: await make('order'), warehouseId: await make('warehouse'), addressId: null } }),
    'POST /Routes/TransferOptions': async ({ t, admin }) => ({ body: { orderId: (await approved(t, admin)).order.id, warehouseId: null, addressId: null } }),
    'DELETE /Routes/Transfers/:transferStopId': async ({ t, admin, make }) => ({
      params: { transferStopId: await transferStop(t, admin, await make('warehouse')) },
    }),
    'PUT /Routes/TransferStops/:transferStopId/Address': async ({ t, admin, make }) => ({
      params: { transferStopId: await transferStop(t, admin, await make('warehouse')) },
      body: { id: null, warehouseId: await make('warehouse') },
    }),
    'POST /Routes/:id/auto-reroute': async ({ t, admin }) => ({ params: { id: (await onRoute(t, admin)).routeId }, body: { timeLimitMs: 100 } }),
    'GET /Routes/UnassignedStopRouteSuggestions': async ({ t, admin }) => ({ query: { orderStopId: (await approved(t, admin)).order.stops[0].id } }),
    'PUT /Quotes/UndoOrderStops': async ({ t, admin }) => ({ body: [(await onRoute(t, admin)).pickupStop] }),
  },
};
