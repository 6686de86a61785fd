// Putting stops on routes and taking them off. Every change of a route's stops ends in one place,
// `arrange`: the route's legs become exactly the ordered list given, in the route's lock —
//  - a leg coming from the pool is claimed by a conditional UPDATE (still in the pool, not done):
//    of two dispatchers taking the same stop at once, one wins and the other gets routes.stop_taken;
//  - a done leg never leaves its route (routes.item_done);
//  - an order's freight is loaded before it is unloaded (routes.pickup_after_delivery);
//  - the truck's capacity and the stops' time windows are checked by the optimizer's checker on the
//    route as it would be: a violation is a warning in otherMessages, or with validateIsAssigned a
//    400 (routes.not_feasible) and nothing written;
//  - the route is measured (distance, duration) by the travel matrix, its version rises, and the
//    orders area hears where the stops now stand.
import type { Tenant } from '../../db/tenant.js';
import type { MatrixProvider } from '../../integrations/geo/matrix/index.js';
import { checkSolution } from '../../optimize/index.js';
import { audit } from '../../platform/audit.js';
import type { OtherMessageT } from '../../platform/envelope.js';
import { fail, invalid } from '../../platform/errors.js';
import { placesByIds, toAddress } from '../customers/index.js';
import { truckRecords } from '../fleet/index.js';
import { DispatchErrors } from './dispatch.errors.js';
import { routeStopsChanged } from './dispatch.events.js';
import { ACTIVE_STATES, isLoading } from './dispatch.tables.js';
import { claimLegs, type LegRow, legDetails, legsByIds, legsOnRoutes, mirrorStops, resequence, unassignLegs } from './legs.repository.js';
import { legAnswers } from './route-answers.js';
import { placesInOrder, pointsOf, routeProblem, VEHICLE_ID } from './route-problem.js';
import * as routes from './routes.repository.js';
import type { RouteItemT } from './routes.schemas.js';

/** Whether leg `a` must come before leg `b` on one route: an order's freight is loaded before it is
 *  unloaded, and at one hub it is dropped (DeliveryToTransfer) before it is taken on again. */
function mustPrecede(a: LegRow, b: LegRow): boolean {
  if (a.order_id !== b.order_id) return false;
  if (a.stop_id === b.stop_id) return a.kind === 'DeliveryToTransfer' && b.kind === 'PickupFromTransfer';
  return isLoading(a.kind) && !isLoading(b.kind);
}

/** The first pair of legs out of order, if any. */
function outOfOrder(legs: readonly LegRow[]): [LegRow, LegRow] | null {
  for (let j = 0; j < legs.length; j++) for (let i = j + 1; i < legs.length; i++) if (mustPrecede(legs[i]!, legs[j]!)) return [legs[i]!, legs[j]!];
  return null;
}

const describe = (l: Pick<RouteItemT, 'orderStopId' | 'orderNumber' | 'type'>) => `stop ${l.orderStopId} (${l.type} of order ${l.orderNumber})`;

export interface ArrangeOptions {
  /** validateIsAssigned: capacity and time-window warnings refuse the change. */
  validate?: boolean;
  /** The audit action. */
  action: string;
}

export function assignService(matrix: MatrixProvider) {
  /** The route (locked) must be active (Planned, Next, InProgress) to take or lose stops. */
  function requireActive(row: routes.RouteRow): routes.RouteRow {
    if (!ACTIVE_STATES.includes(row.status)) throw fail(DispatchErrors.routeClosed, `Route ${row.id} is ${row.status}: its stops cannot change.`);
    return row;
  }

  /** The route, locked, in a transaction after the one its id was checked in (auto-reroute's):
   *  one deleted meanwhile is 404. It must be active. */
  async function lockRoute(t: Tenant, id: number): Promise<routes.RouteRow> {
    return requireActive(await routes.routeRecords.requireOne(t, id, { lock: true }));
  }

  /** The route read again and locked, in the transaction that read it already (or holds its legs). It must be active. */
  async function relockRoute(t: Tenant, id: number): Promise<routes.RouteRow> {
    return requireActive(await routes.routeRecords.reread(t, id, { lock: true }));
  }

  /** Warnings of the route as it would be: capacity, time windows, places not measured; and its measure. */
  async function measure(t: Tenant, route: routes.RouteRow, items: RouteItemT[]) {
    const ends = (
      await placesByIds(
        t,
        [route.start_address_id, route.end_address_id].filter((id): id is number => id !== null),
      )
    ).map(toAddress);
    const place = (id: number | null) => ends.find((a) => a.id === id) ?? null;
    const endsOf = { start: place(route.start_address_id), end: place(route.end_address_id) };
    const truck = route.truck_id === null ? null : ((await truckRecords.find(t, route.truck_id)) ?? null);
    const { points } = pointsOf(endsOf, items);
    const travel = await matrix.matrix(points, { avoidTolls: route.avoid_tolls });
    const { problem, stops, legOf, unplaced } = routeProblem(route, endsOf, items, truck, travel);
    const warnings: string[] = [];
    for (const leg of unplaced) warnings.push(`${describe(leg)} has no coordinates: the route is measured without it.`);
    const checked = checkSolution(problem, { routes: [{ vehicleId: VEHICLE_ID, stops }] });
    for (const line of checked.violations) {
      const job = /job (.+?) (pickup|delivery)/.exec(line);
      const legs = job ? (legOf.get(job[1]!) ?? []) : [];
      const leg = legs.find((l) => (job![2] === 'pickup') === (l.type === 'Pickup' || l.type === 'PickupFromTransfer')) ?? legs[0];
      if (line.startsWith('capacity'))
        warnings.push(`Capacity: the load is over the truck's ${truck ? `(${truck.name})` : ''} capacity${leg ? ` after ${describe(leg)}` : ''}.`);
      else if (line.startsWith('time window')) warnings.push(`Time window: ${leg ? describe(leg) : 'a stop'} is reached after its window closes.`);
      else if (line.startsWith('shift')) warnings.push("Shift: the route ends after the route's end time.");
    }
    return { warnings, distance: checked.distance, duration: checked.duration, measured: stops.length > 0 };
  }

  /**
   * The route's legs become `ordered`, in that order. Legs not on it yet come from the pool; legs
   * left out go back to it. Answers the warnings (otherMessages).
   */
  async function arrange(t: Tenant, routeId: number, ordered: readonly number[], options: ArrangeOptions): Promise<OtherMessageT[]> {
    if (new Set(ordered).size !== ordered.length) throw invalid('items', 'A route item is listed twice.');
    const route = await relockRoute(t, routeId);
    const current = await legsOnRoutes(t, [routeId]);
    const currentIds = new Set(current.map((l) => l.id));
    const added = ordered.filter((id) => !currentIds.has(id));
    const removed = current.filter((l) => !ordered.includes(l.id));
    const done = removed.find((l) => l.status === 'Done');
    if (done) throw fail(DispatchErrors.itemDone, `Route item ${done.id} (stop ${done.stop_id}) is done on route ${routeId}: it stays there.`);
    const incoming = await legsByIds(t, added);
    const missing = added.filter((id) => !incoming.some((l) => l.id === id));
    if (missing.length > 0) throw fail(DispatchErrors.stopTaken, `Route item ${missing[0]} was not found.`);
    for (const leg of incoming) {
      if (leg.status === 'Done') throw fail(DispatchErrors.itemDone, `Route item ${leg.id} (stop ${leg.stop_id}) is done: it stays on route ${leg.route_id}.`);
      if (leg.route_id !== null)
        throw fail(DispatchErrors.stopTaken, `Route item ${leg.id} (stop ${leg.stop_id}) is on route ${leg.route_id}: take it off that route first.`);
    }
    const byId = new Map([...current, ...incoming].map((l) => [l.id, l]));
    const final = ordered.map((id) => byId.get(id)!);
    const wrong = outOfOrder(final);
    if (wrong)
      throw fail(
        DispatchErrors.pickupAfterDelivery,
        `Route item ${wrong[0].id} (${wrong[0].kind}, stop ${wrong[0].stop_id}) must come before route item ${wrong[1].id} (${wrong[1].kind}, stop ${wrong[1].stop_id}) of the same order.`,
      );
    const items = await legAnswers(t, await legDetails(t, { legIds: ordered }));
    const sorted = ordered.map((id) => items.find((i) => i.id === id)!);
    const { warnings, distance, duration, measured } = await measure(t, route, sorted);
    if (options.validate && warnings.length > 0) throw fail(DispatchErrors.notFeasible, warnings.join(' '));
    // Writes: claim last of the checks, so a stop taken meanwhile refuses the whole change.
    const claimed = await claimLegs(t, routeId, added);
    if (claimed.length < added.length) {
      const lost = added.find((id) => !claimed.includes(id))!;
      throw fail(DispatchErrors.stopTaken, `Route item ${lost} was put on another route meanwhile: nothing changed; read the pool again.`);
    }
    await unassignLegs(
      t,
      removed.map((l) => l.id),
    );
    await resequence(t, ordered);
    await routes.updateRoute(t, routeId, {
      distance_m: measured ? Math.round(distance * 10) / 10 : null,
      duration_s: measured ? Math.round(duration) : null,
      places: placesInOrder(sorted),
    });
    await routes.touchRoutes(t, [routeId]);
    await mirrorStops(t, [...final.map((l) => l.stop_id), ...removed.map((l) => l.stop_id)]);
    await audit(t, {
      action: options.action,
      entityType: 'route',
      entityId: routeId,
      before: { items: current.map((l) => l.id) },
      after: { items: [...ordered] },
    });
    await t.announce(routeStopsChanged, { routeId, name: route.name, date: route.date, added, removed: removed.map((l) => l.id) });
    return warnings.map((message) => ({ message, type: 'Warning' }));
  }

  /** Takes legs off their routes (back to the pool), route by route. */
  async function release(t: Tenant, legs: readonly LegRow[], action: string): Promise<void> {
    const onRoutes = legs.filter((l) => l.route_id !== null);
    const done = onRoutes.find((l) => l.status === 'Done');
    if (done) throw fail(DispatchErrors.itemDone, `Route item ${done.id} (stop ${done.stop_id}) is done on route ${done.route_id}: it stays there.`);
    const routeIds = [...new Set(onRoutes.map((l) => l.route_id!))].sort((a, b) => a - b);
    await routes.lockRoutes(t, routeIds);
    for (const routeId of routeIds) {
      const leaving = new Set(onRoutes.filter((l) => l.route_id === routeId).map((l) => l.id));
      const staying = (await legsOnRoutes(t, [routeId])).filter((l) => !leaving.has(l.id)).map((l) => l.id);
      await arrange(t, routeId, staying, { action });
    }
  }

  /** Where in the route's order new legs go at least added distance, loading before unloading. */
  async function cheapestOrder(t: Tenant, route: routes.RouteRow, current: readonly number[], adding: readonly number[]): Promise<number[]> {
    let order = [...current];
    const all = [...current, ...adding];
    const rows = await legsByIds(t, all);
    const byId = new Map(rows.map((l) => [l.id, l]));
    const items = await legAnswers(t, await legDetails(t, { legIds: all }));
    const ends = (
      await placesByIds(
        t,
        [route.start_address_id, route.end_address_id].filter((id): id is number => id !== null),
      )
    ).map(toAddress);
    const endsOf = { start: ends.find((a) => a.id === route.start_address_id) ?? null, end: ends.find((a) => a.id === route.end_address_id) ?? null };
    const { points, index, start, end } = pointsOf(endsOf, items);
    const travel = await matrix.matrix(points, { avoidTolls: route.avoid_tolls });
    const at = new Map(items.map((i) => [i.id, index.get(i.address.id) ?? null]));
    const length = (ids: readonly number[]) => {
      const path = [start, ...ids.map((id) => at.get(id) ?? null), end].filter((p): p is number => p !== null);
      let d = 0;
      for (let k = 1; k < path.length; k++) d += travel.distances[path[k - 1]!]![path[k]!]!;
      return d;
    };
    for (const id of adding) {
      let best: number[] | null = null;
      let bestLength = Infinity;
      for (let k = 0; k <= order.length; k++) {
        const candidate = [...order.slice(0, k), id, ...order.slice(k)];
        if (outOfOrder(candidate.map((x) => byId.get(x)!))) continue;
        const d = length(candidate);
        if (d < bestLength) [best, bestLength] = [candidate, d];
      }
      order = best ?? [...order, id];
    }
    return order;
  }

  return { arrange, release, cheapestOrder, requireActive, lockRoute, relockRoute };
}

export type AssignService = ReturnType<typeof assignService>;
