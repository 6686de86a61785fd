// A route being driven: its stops marked done (picked up, delivered, dropped at or taken from a
// hub), pending or to do again. A done stop writes its items' events and the order's activity, and
// starts a Planned or Next route (InProgress); an order whose every stop is done is closed
// (closeOrder). Close All marks every stop left done and completes the route.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { type OtherMessageT, withNotices } from '../../platform/envelope.js';
import { fail } from '../../platform/errors.js';
import { addItemEvents, type itemRecords, logActivity, orderItemsOf, orderRecords, ordersService } from '../orders/index.js';
import type { ItemStatusQueryT, RouteItemStopGroupT } from './assign.schemas.js';
import type { AssignService } from './assign.service.js';
import { DispatchErrors } from './dispatch.errors.js';
import { routeItemsStatusChanged, routeStatusChanged } from './dispatch.events.js';
import { LEG_STATUSES, type LegKind, type LegStatus } from './dispatch.tables.js';
import { type LegRow, legsOfOrders, legsOnRoutes, mirrorStops, setLegStatus } from './legs.repository.js';
import * as repo from './routes.repository.js';
import type { RoutesService } from './routes.service.js';

/** What a done leg did, for the items' events and the order's activity. */
const DONE: Record<LegKind, { event: string; words: string }> = {
  Pickup: { event: 'PickedUp', words: 'picked up' },
  DeliveryToTransfer: { event: 'DroppedAtHub', words: 'dropped at the hub' },
  PickupFromTransfer: { event: 'PickedUpFromHub', words: 'taken on from the hub' },
  Delivery: { event: 'Delivered', words: 'delivered' },
};

type ItemRow = Awaited<ReturnType<typeof itemRecords.reread>>;

export function executionService(assign: AssignService, routes: RoutesService) {
  const orders = ordersService();

  /** `route`: locked and active; `items`: the rows of the items counted (body.items), as the id gate read them. */
  async function setStatus(
    t: Tenant,
    route: repo.RouteRow,
    status: LegStatus,
    legs: readonly LegRow[],
    body: RouteItemStopGroupT,
    query: ItemStatusQueryT,
    items: readonly ItemRow[],
  ) {
    const routeId = route.id;
    // The legs' orders (ids of the database, not of the request).
    const orderRows = await orderRecords.requireAll(t, [...new Set(legs.map((l) => l.order_id))]);
    const closed = orderRows.find((o) => o.status !== 'Order');
    if (closed && status !== 'Done')
      throw fail(DispatchErrors.orderClosed, `Order ${closed.id} (${closed.order_number}) is ${closed.status}: its stops stay done.`);
    // What the driver counted: items of these orders, at most what was ordered unless allowed.
    const counted = body.items ?? [];
    const orderOfItem = new Map(items.map((i) => [i.id, i.order_id]));
    const ordered = new Map((await orderItemsOf(t, [...new Set(legs.map((l) => l.order_id))])).map((i) => [i.id, i]));
    for (const c of counted) {
      const item = ordered.get(c.orderItemId);
      if (!item) throw fail(DispatchErrors.notAssigned, `Item ${c.orderItemId} is not of an order of these stops (order ${orderOfItem.get(c.orderItemId)}).`);
      if (query.allowIncreaseDeliveryQuantity === false && c.quantity > item.quantity)
        throw fail(DispatchErrors.quantityAboveOrdered, `Item ${item.id} "${item.description}": ${c.quantity} counted, ${item.quantity} ordered.`);
    }
    const changing = legs.filter((l) => l.status !== status);
    await setLegStatus(
      t,
      changing.map((l) => l.id),
      status,
    );
    if (status === 'Done' && (route.status === 'Planned' || route.status === 'Next') && changing.length > 0) {
      await repo.updateRoute(t, routeId, { status: 'InProgress', started_at: new Date() });
      await t.announce(routeStatusChanged, {
        routeId,
        name: route.name,
        date: route.date,
        driverId: route.driver_id,
        truckId: route.truck_id,
        status: 'InProgress',
      });
    }
    if (status === 'Done') {
      const note = new Map(counted.map((c) => [c.orderItemId, c.quantity]));
      await addItemEvents(
        t,
        changing.flatMap((l) =>
          [...ordered.values()]
            .filter((i) => i.order_id === l.order_id && (l.kind !== 'Pickup' || i.stop_id === l.stop_id))
            .map((i) => ({
              order_id: l.order_id,
              item_id: i.id,
              stop_id: l.stop_id,
              type: DONE[l.kind].event,
              note: note.has(i.id) ? `Counted ${note.get(i.id)} of ${i.quantity}.` : null,
            })),
        ),
      );
    }
    for (const l of changing) {
      const words = status === 'Done' ? DONE[l.kind].words : status === 'Pending' ? 'pending' : 'to do again';
      await logActivity(t, [l.order_id], `stop.${status.toLowerCase()}`, `Stop ${l.stop_id} ${words} on route ${routeId} "${route.name}".`, l.stop_id);
    }
    await mirrorStops(
      t,
      changing.map((l) => l.stop_id),
    );
    await repo.touchRoutes(t, [routeId]);
    await audit(t, {
      action: 'route.items_status',
      entityType: 'route',
      entityId: routeId,
      before: { items: changing.map((l) => ({ id: l.id, status: l.status })) },
      after: { status },
    });
    await t.announce(routeItemsStatusChanged, { routeId, status, routeItemIds: changing.map((l) => l.id), orderIds: orderRows.map((o) => o.id) });
    // Orders whose every stop is done are closed.
    const notices: OtherMessageT[] = [];
    const all = await legsOfOrders(
      t,
      orderRows.map((o) => o.id),
    );
    for (const o of orderRows) {
      const mine = all.filter((l) => l.order_id === o.id);
      const done = mine.filter((l) => l.status === 'Done').length;
      const closes = status === 'Done' && query.closeOrder !== false && o.status === 'Order' && done === mine.length;
      if (closes) await orders.close(t, o.id);
      if (query.getUpdateStatus)
        notices.push({ type: 'Info', message: `Order ${o.order_number}: ${done} of ${mine.length} stops done${closes ? '; closed' : ''}.` });
    }
    return withNotices(await routes.reread(t, routeId), notices);
  }

  /** The legs the body names on the route: by id or by stop (the company's: the id gate read them); each must be on it. */
  async function named(t: Tenant, routeId: number, body: RouteItemStopGroupT): Promise<LegRow[]> {
    const onRoute = await legsOnRoutes(t, [routeId]);
    const ids = new Set(body.routeItemIds ?? []);
    const stops = new Set(body.orderStopIds ?? []);
    const legs = onRoute.filter((l) => ids.has(l.id) || stops.has(l.stop_id));
    const missing = [...ids].find((id) => !legs.some((l) => l.id === id)) ?? [...stops].find((id) => !legs.some((l) => l.stop_id === id));
    if (missing !== undefined) throw fail(DispatchErrors.notAssigned, `${ids.has(missing) ? 'Route item' : 'Stop'} ${missing} is not on route ${routeId}.`);
    if (legs.length === 0) throw fail(DispatchErrors.notAssigned, 'Name the route items (routeItemIds) or the stops (orderStopIds) whose status changes.');
    return legs;
  }

  return {
    /** `route`: the id gate's, locked before its legs are read (none moves off it meanwhile); `items`: body.items' rows, the gate's. */
    async updateStatus(t: Tenant, route: repo.RouteRow, status: number, body: RouteItemStopGroupT, query: ItemStatusQueryT, items: readonly ItemRow[]) {
      assign.requireActive(route);
      return setStatus(t, route, LEG_STATUSES[status]!, await named(t, route.id, body), body, query, items);
    },

    /** Every stop left done (orders closed as they complete), then the route completed. `route`: the id gate's, locked. */
    async closeAll(t: Tenant, route: repo.RouteRow): Promise<null> {
      const routeId = assign.requireActive(route).id;
      const open = (await legsOnRoutes(t, [routeId])).filter((l) => l.status !== 'Done');
      if (open.length > 0) await setStatus(t, route, 'Done', open, {}, {}, []);
      await routes.changeStatus(t, await repo.routeRecords.reread(t, routeId, { lock: true }), 'Completed');
      return null;
    },
  };
}

export type ExecutionService = ReturnType<typeof executionService>;
