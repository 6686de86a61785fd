// The dispatcher's moves between the unassigned pool and routes: assign, reorder, move an order to
// another route, take stops back (MoveToUnassigned, the Undo rows, a failed attempt). Each ends in
// assign.service's `arrange`, route by route, in one transaction: all or nothing.
//
// Undoing a stop takes its legs not done off their routes, and with a loading leg (a pickup) the
// order's unloading legs after it on the same route: freight not picked up cannot be delivered
// there (UndoOrderStopsInfo lists those stops before the undo).
import type { Tenant } from '../../db/tenant.js';
import { withNotices } from '../../platform/envelope.js';
import { fail, invalid } from '../../platform/errors.js';
import { text } from '../../platform/writes.js';
import { addItemEvents, logActivity, type OrderStopT, orderItemsOf, ordersService, type stopRecords } from '../orders/index.js';
import type {
  AssignUnassignedStopRequestT,
  AttemptRequestT,
  ChangeOrderRouteRequestT,
  MoveToUnassignedRequestT,
  RouteItemDetailsQueryT,
  RouteItemGroupInputT,
  UnassignedRoutesQueryT,
} from './assign.schemas.js';
import type { AssignService } from './assign.service.js';
import { DispatchErrors } from './dispatch.errors.js';
import { isLoading } from './dispatch.tables.js';
import { groupPage } from './groups.repository.js';
import { type LegRow, legsOfOrders, legsOfStops, legsOnRoutes } from './legs.repository.js';
import { listPool, poolFacets } from './pool.repository.js';
import { groupLegs, legAnswers } from './route-answers.js';
import { lockRoutes, type RouteRow } from './routes.repository.js';
import type { RoutesService } from './routes.service.js';

type StopRow = Awaited<ReturnType<typeof stopRecords.reread>>;

export function poolService(assign: AssignService, routes: RoutesService) {
  const orders = ordersService();

  /** The legs an undo of these stops (the company's) takes off their routes (see the file's head). */
  async function undoSet(t: Tenant, stopIds: readonly number[]): Promise<LegRow[]> {
    const legs = await legsOfStops(t, stopIds);
    const set = new Map<number, LegRow>();
    for (const stopId of stopIds) {
      const onRoutes = legs.filter((l) => l.stop_id === stopId && l.route_id !== null);
      if (onRoutes.length === 0) throw fail(DispatchErrors.notAssigned, `Stop ${stopId} is on no route.`);
      const done = onRoutes.find((l) => l.status === 'Done');
      if (done) throw fail(DispatchErrors.itemDone, `Stop ${stopId} is done on route ${done.route_id}: it stays there.`);
      for (const l of onRoutes) set.set(l.id, l);
    }
    const routeIds = [...new Set([...set.values()].map((l) => l.route_id!))];
    const onThoseRoutes = await legsOnRoutes(t, routeIds);
    for (const leg of [...set.values()].filter((l) => isLoading(l.kind))) {
      for (const other of onThoseRoutes)
        if (
          other.route_id === leg.route_id &&
          other.order_id === leg.order_id &&
          !isLoading(other.kind) &&
          other.status !== 'Done' &&
          other.sequence! > leg.sequence!
        )
          set.set(other.id, other);
    }
    return [...set.values()];
  }

  /** Legs named by id (`items`: the rows the id gate read) or by stop (the gate checked them), for a move. */
  async function legsNamed(t: Tenant, items: readonly LegRow[], stopIds: readonly number[] | undefined, field: string): Promise<LegRow[]> {
    if (items.length + (stopIds?.length ?? 0) === 0) throw invalid(field, 'Name the route items (routeItemIds) or the stops (orderStopIds).');
    return [...items, ...(await legsOfStops(t, stopIds ?? []))];
  }

  return {
    /** The pool, filtered and paged. */
    async list(t: Tenant, query: UnassignedRoutesQueryT) {
      const page = await listPool(t, query);
      return { ...page, list: await legAnswers(t, page.list) };
    },

    /** Groups of legs (RouteItemDetails, RouteItemGroups), paged by group. */
    async groups(t: Tenant, query: RouteItemDetailsQueryT, paged: boolean) {
      const page = await groupPage(t, query, paged);
      return { list: groupLegs(await legAnswers(t, page.legs)), page: page.page, itemsPerPage: page.itemsPerPage, totalCount: page.total };
    },

    async filters(t: Tenant) {
      const f = await poolFacets(t);
      return {
        cities: f.cities,
        customers: f.customers,
        dates: f.dates,
        types: f.kinds.map((k) => ({ type: k.kind, count: k.count })),
      };
    },

    /** `route` locked and `items` (routeItemIds), as the id gate read them. */
    async assignUnassigned(t: Tenant, route: RouteRow, input: AssignUnassignedStopRequestT, items: readonly LegRow[]) {
      const routeId = assign.requireActive(route).id;
      const named = await legsNamed(t, items, input.orderStopIds, 'routeItemIds');
      // A stop named by id brings its pool legs; a stop with none is on a route already or done.
      const fromStops = named.filter((l) => !input.routeItemIds?.includes(l.id));
      for (const stopId of input.orderStopIds ?? []) {
        const mine = fromStops.filter((l) => l.stop_id === stopId);
        if (!mine.some((l) => l.route_id === null && l.status !== 'Done'))
          throw fail(
            DispatchErrors.stopTaken,
            `Stop ${stopId} has no leg in the unassigned pool: it is on ${mine.map((l) => `route ${l.route_id}`).join(' and ') || 'no route and not dispatchable'}.`,
          );
      }
      const adding = [...new Set([...(input.routeItemIds ?? []), ...fromStops.filter((l) => l.route_id === null && l.status !== 'Done').map((l) => l.id)])];
      const current = (await legsOnRoutes(t, [routeId])).map((l) => l.id);
      const fresh = adding.filter((id) => !current.includes(id));
      const ordered =
        input.position != null
          ? [...current.slice(0, input.position - 1), ...fresh, ...current.slice(input.position - 1)]
          : await assign.cheapestOrder(t, route, current, fresh);
      const notices = await assign.arrange(t, routeId, ordered, { validate: input.validateIsAssigned ?? false, action: 'route.assign' });
      return withNotices(null, notices);
    },

    /** `items`: the groups' route items as the id gate read them, in the order sent (each once). */
    async setStops(t: Tenant, route: RouteRow, groups: readonly RouteItemGroupInputT[], items: readonly LegRow[], validate: boolean) {
      const routeId = route.id;
      const ordered = items.map((l) => l.id);
      // An item listed twice, which the gate's rows hold once, is refused as arrange refuses it.
      if (groups.reduce((n, g) => n + g.items.length, 0) !== ordered.length) throw invalid('items', 'A route item is listed twice.');
      const notices = await assign.arrange(t, routeId, ordered, { validate, action: 'route.stops' });
      return withNotices(await routes.reread(t, routeId), notices);
    },

    /** `target`: the route routeId, as the id gate read it (it checked the order and fromRouteId too). */
    async changeOrderRoute(t: Tenant, input: ChangeOrderRouteRequestT, target: RouteRow) {
      // Every route involved locked at once, in id order (no two moves wait for each other).
      const legs = (await legsOfOrders(t, [input.orderId])).filter(
        (l) => l.status !== 'Done' && l.route_id !== input.routeId && (input.fromRouteId == null || l.route_id === input.fromRouteId),
      );
      if (legs.length === 0)
        throw fail(
          DispatchErrors.notAssigned,
          `Order ${input.orderId} has no stop to move${input.fromRouteId != null ? ` on route ${input.fromRouteId}` : ''}.`,
        );
      await lockRoutes(t, [target.id, ...legs.flatMap((l) => (l.route_id === null ? [] : [l.route_id]))]);
      await assign.relockRoute(t, target.id);
      await assign.release(t, legs, 'route.change_order_route');
      const current = (await legsOnRoutes(t, [target.id])).map((l) => l.id);
      const ordered = await assign.cheapestOrder(
        t,
        target,
        current,
        legs.map((l) => l.id),
      );
      const notices = await assign.arrange(t, target.id, ordered, { validate: input.validateIsAssigned ?? false, action: 'route.change_order_route' });
      return withNotices(null, notices);
    },

    /** The order and the route as the id gate read them. */
    async moveOrderOnRouteToUnassigned(t: Tenant, order: { id: number }, route: RouteRow): Promise<null> {
      const [orderId, routeId] = [order.id, route.id];
      const legs = (await legsOnRoutes(t, [routeId])).filter((l) => l.order_id === orderId);
      if (legs.length === 0) throw fail(DispatchErrors.notAssigned, `Order ${orderId} has no stop on route ${routeId}.`);
      await assign.release(t, legs, 'route.unassign');
      return null;
    },

    /** `items` (routeItemIds) as the id gate read them; it checked the route and the stops. */
    async moveToUnassigned(t: Tenant, input: MoveToUnassignedRequestT, items: readonly LegRow[]) {
      const legs = (await legsNamed(t, items, input.orderStopIds, 'routeItemIds')).filter((l) => l.route_id === input.routeId);
      if (legs.length === 0) throw fail(DispatchErrors.notAssigned, `None of the items named is on route ${input.routeId}.`);
      await assign.release(t, legs, 'route.unassign');
      return routes.reread(t, input.routeId);
    },

    async routeIdsOfStop(t: Tenant, stop: StopRow): Promise<number[]> {
      return [...new Set((await legsOfStops(t, [stop.id])).flatMap((l) => (l.route_id === null ? [] : [l.route_id])))];
    },

    /** A failed attempt at the stop: said in the order's activity and its items' events; the stop
     *  goes back to the pool (with what an undo takes with it). */
    async attempt(t: Tenant, stop: StopRow, input: AttemptRequestT): Promise<null> {
      const stopId = stop.id;
      const reason = text(input.reason);
      if (!reason) throw invalid('reason', 'Say why the attempt failed.');
      const legs = await undoSet(t, [stopId]);
      const notes = text(input.notes);
      const when = input.attemptedAt ? ` at ${new Date(input.attemptedAt).toISOString()}` : '';
      await logActivity(t, [stop.order_id], 'stop.attempt_failed', `Attempt at stop ${stopId} failed${when}: ${reason}${notes ? ` (${notes})` : ''}.`, stopId);
      const items = (await orderItemsOf(t, [stop.order_id])).filter((i) => stop.type !== 'Pickup' || i.stop_id === stopId);
      await addItemEvents(
        t,
        items.map((i) => ({ order_id: stop.order_id, item_id: i.id, stop_id: stopId, type: 'AttemptFailed', note: reason })),
      );
      await assign.release(t, legs, 'route.attempt_failed');
      return null;
    },

    async undoOrder(t: Tenant, order: { id: number }): Promise<null> {
      const legs = (await legsOfOrders(t, [order.id])).filter((l) => l.route_id !== null && l.status !== 'Done');
      await assign.release(t, legs, 'route.undo_order');
      return null;
    },

    /** `stops` as the id gate read them, in the order sent (each once). */
    async undoStops(t: Tenant, stops: readonly StopRow[]): Promise<null> {
      if (stops.length === 0) throw invalid('$', 'Name at least one stop.');
      const stopIds = stops.map((s) => s.id);
      await assign.release(t, await undoSet(t, stopIds), 'route.undo_stops');
      return null;
    },

    async undoStop(t: Tenant, stop: StopRow): Promise<null> {
      await assign.release(t, await undoSet(t, [stop.id]), 'route.undo_stops');
      return null;
    },

    async undoInfo(t: Tenant, stop: StopRow): Promise<OrderStopT[]> {
      const legs = await undoSet(t, [stop.id]);
      const stopIds = new Set(legs.map((l) => l.stop_id));
      const order = await orders.read(t, legs[0]!.order_id);
      return order.stops.filter((s) => stopIds.has(s.id));
    },
  };
}

export type PoolService = ReturnType<typeof poolService>;
