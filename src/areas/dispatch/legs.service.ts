// The unassigned pool follows the orders: when an order is approved, or a stop is added to or
// changed on an approved order, its stops get their legs (in the pool); when it is closed or
// deleted, its legs not yet done leave the pool and the routes they were on (done legs stay: they
// are the routes' history). Driven by the orders area's announcements, in their transaction.
import type { Tenant } from '../../db/tenant.js';
import { deleteLegs, insertLegs, KINDS_OF_STOP, type LegRow, legsOfOrders, mirrorStops, setLegStatus, stopsToDispatch } from './legs.repository.js';
import { lockRoutes, refreshPlaces, touchRoutes } from './routes.repository.js';

/** Makes the legs the orders' stops need and removes those they no longer do. */
export async function syncLegs(t: Tenant, orderIds: readonly number[]): Promise<void> {
  const [stops, legs] = await Promise.all([stopsToDispatch(t, orderIds), legsOfOrders(t, orderIds)]);
  const stopById = new Map(stops.map((s) => [s.id, s]));
  const have = new Set(legs.map((l) => `${l.stop_id} ${l.kind}`));
  const wanted = stops
    .filter((s) => s.status === 'Order')
    .flatMap((s) => KINDS_OF_STOP[s.type].map((kind) => ({ order_id: s.order_id, stop_id: s.id, kind })))
    .filter((l) => !have.has(`${l.stop_id} ${l.kind}`));
  const unwanted = legs.filter((l) => {
    if (l.status === 'Done') return false;
    const stop = stopById.get(l.stop_id);
    if (stop === undefined) return true;
    return stop.status !== 'Order' || !KINDS_OF_STOP[stop.type].includes(l.kind);
  });
  await insertLegs(t, wanted);
  await dropLegs(t, unwanted);
  await mirrorStops(t, [...wanted.map((l) => l.stop_id), ...unwanted.map((l) => l.stop_id)]);
}

/** Removes legs (from the pool or their routes, whose version rises). */
async function dropLegs(t: Tenant, legs: readonly LegRow[]): Promise<void> {
  if (legs.length === 0) return;
  // The routes first (in id order), as every change of a route's legs takes them.
  await lockRoutes(
    t,
    legs.flatMap((l) => (l.route_id === null ? [] : [l.route_id])),
  );
  await deleteLegs(
    t,
    legs.map((l) => l.id),
  );
  const routeIds = [...new Set(legs.flatMap((l) => (l.route_id === null ? [] : [l.route_id])))];
  await touchRoutes(t, routeIds);
  await refreshPlaces(t, routeIds);
}

/** A quote step's completeQuoteRouteItems: the order's legs on routes are done. */
export async function completeOrderLegs(t: Tenant, orderId: number): Promise<void> {
  const onRoutes = (await legsOfOrders(t, [orderId])).filter((l) => l.route_id !== null && l.status !== 'Done');
  const routeIds = [...new Set(onRoutes.map((l) => l.route_id!))];
  await lockRoutes(t, routeIds);
  await setLegStatus(
    t,
    onRoutes.map((l) => l.id),
    'Done',
  );
  await mirrorStops(
    t,
    onRoutes.map((l) => l.stop_id),
  );
  await touchRoutes(t, routeIds);
}
