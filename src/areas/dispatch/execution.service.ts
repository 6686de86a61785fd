// A route being driven: its stops marked done (picked up, delivered, dropped at or taken from a
// hub), pending or to do again. A done stop writes its items' events and the order's activity, and
// starts a Planned or Next route (InProgress); an order whose every stop is done is closed
// (closeOrder). Close All marks every stop left done and completes the route.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { type OtherMessageT, withNotices } from '../../platform/envelope.js';
import { fail } from '../../platform/errors.js';
import { addItemEvents, itemRecords, logActivity, orderItemsOf, orderRecords, ordersService, stopRecords } from '../orders/index.js';
import type { ItemStatusQueryT, RouteItemStopGroupT } from './assign.schemas.js';
import type { AssignService } from './assign.service.js';
import { DispatchErrors } from './dispatch.errors.js';
import { routeItemsStatusChanged, routeStatusChanged } from './dispatch.events.js';
import { LEG_STATUSES, type LegKind, type LegStatus } from './dispatch.tables.js';
import { type LegRow, legsOfOrders, legsOnRoutes, mirrorStops, routeItemRecords, setLegStatus } from './legs.repository.js';
import * as repo from './routes.repository.js';
import type { RoutesService } from './routes.service.js';

/** What a done leg did, for the items' events and the order's activity. */
const DONE: Record<LegKind, { event: string; words: string }> = {
  Pickup: { event: 'PickedUp', words: 'picked up' },
  DeliveryToTransfer: { event: 'DroppedAtHub', words: 'dropped at the hub' },
  PickupFromTransfer: { event: 'PickedUpFromHub', words: 'taken on from the hub' },
  Delivery: { event: 'Delivered', words: 'delivered' },
};

export function executionService(assign: AssignService, routes: RoutesService) {
  const orders = ordersService();

  async function setStatus(t: Tenant, routeId: number, status: LegStatus, legs: readonly LegRow[], body: RouteItemStopGroupT, query: ItemStatusQueryT) {
    const route = await assign.lockRoute(t, routeId);
    const orderRows = await orderRecords.requireAll(t, [...new Set(legs.map((l) => l.order_id))]);
    const closed = orderRows.find((o) => o.status !== 'Order');
    if (closed && status !== 'Done')
      throw fail(DispatchErrors.orderClosed, `Order ${closed.id} (${closed.order_number}) is ${closed.status}: its stops stay done.`);
    // What the driver counted: items of these orders, at most what was ordered unless allowed.
    const counted = body.items ?? [];
    const items = await itemRecords.requireAll(
      t,
      counted.map((i) => i.orderItemId),
    );
    const ordered = new Map((await orderItemsOf(t, [...new Set(legs.map((l) => l.order_id))])).map((i) => [i.id, i]));
    for (const [k, c] of counted.entries()) {
      const item = ordered.get(c.orderItemId);
      if (!item) throw fail(DispatchErrors.notAssigned, `Item ${c.orderItemId} is not of an order of these stops (order ${items[k]!.order_id}).`);
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
    return withNotices(await routes.read(t, routeId), notices);
  }

  /** The legs the body names on the route: by id or by stop; each must be on it. */
  async function named(t: Tenant, routeId: number, body: RouteItemStopGroupT): Promise<LegRow[]> {
    await routeItemRecords.requireAll(t, body.routeItemIds ?? []);
    await stopRecords.requireAll(t, body.orderStopIds ?? []);
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
    async updateStatus(t: Tenant, routeId: number, status: number, body: RouteItemStopGroupT, query: ItemStatusQueryT) {
      // The route locked before its legs are read: none moves off it meanwhile.
      await assign.lockRoute(t, routeId);
      return setStatus(t, routeId, LEG_STATUSES[status]!, await named(t, routeId, body), body, query);
    },

    /** Every stop left done (orders closed as they complete), then the route completed. */
    async closeAll(t: Tenant, routeId: number): Promise<null> {
      await assign.lockRoute(t, routeId);
      const open = (await legsOnRoutes(t, [routeId])).filter((l) => l.status !== 'Done');
      if (open.length > 0) await setStatus(t, routeId, 'Done', open, {}, {});
      await routes.changeStatus(t, routeId, 'Completed');
      return null;
    },
  };
}

export type ExecutionService = ReturnType<typeof executionService>;
