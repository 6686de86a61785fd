// A route as the optimizer's problem (src/optimize/model.ts): one vehicle (the truck's weight and
// pallet capacities, the route's shift, its start and end), the legs on it as jobs, and the travel
// matrix between their places. Used to check a route as a dispatcher builds it (capacity, time
// windows: checkSolution) and to measure it; auto-reroute and the suggestions reuse it.
//  - An order with one loading leg (Pickup, PickupFromTransfer) and one unloading leg (Delivery,
//    DeliveryToTransfer) on the route is a shipment: loaded at the first, on board until the
//    second. Other legs are single jobs: a loading leg keeps its load to the route's end, an
//    unloading leg carries its share of the order's load from the start.
//  - Times are seconds from the route's day at 00:00 UTC (the company keeps no time zone). A stop
//    with a time window must be served inside it; a stop with only a day, within that day; else any
//    time in the week. Service takes SERVICE_SECONDS at each stop.
//  - Legs whose place has no coordinates cannot be measured: they are left out and named.
import type { Job, JobStop, Problem, StopRef, TimeWindow, TravelMatrix, Vehicle } from '../../optimize/index.js';
import { KG_PER_LB } from '../../pricing/rating/index.js';
import type { AddressT } from '../customers/index.js';
import { isLoading } from './dispatch.tables.js';
import type { ProblemLegRow } from './legs.repository.js';
import type { RouteRow } from './routes.repository.js';
import type { RouteItemT } from './routes.schemas.js';

/** Time at each stop: loading or unloading, paperwork. */
export const SERVICE_SECONDS = 600;
const HORIZON = 7 * 86_400;
const UNLIMITED = Number.MAX_SAFE_INTEGER;
export const VEHICLE_ID = 'route';

export interface TruckCapacity {
  capacity_weight: number | null;
  weight_unit: string;
  capacity_pallets: number | null;
}

const kg = (weight: number, unit: string) => (unit === 'kg' ? weight : weight * KG_PER_LB);

/** What the problem reads of a leg: a RouteItem has it, and so has the suggestions' slimmer read
 *  (legs.repository's problemLegs, through problemLeg below). */
export type ProblemLeg = Pick<RouteItemT, 'id' | 'orderId' | 'type' | 'date' | 'timeWindowStart' | 'timeWindowEnd' | 'weight' | 'weightUnit' | 'pallets'> & {
  address: Pick<AddressT, 'id' | 'latitude' | 'longitude'>;
};

export interface RouteProblem<L extends ProblemLeg = RouteItemT> {
  problem: Problem;
  /** The route's legs in order, as the problem's stops. */
  stops: StopRef[];
  /** Leg id of each stop (same order as stops). */
  legOf: Map<string, L[]>;
  /** Legs left out: their place has no coordinates. */
  unplaced: L[];
  /** Points of the matrix, by location index. */
  points: Array<{ lat: number; lon: number }>;
}

type Place = Pick<AddressT, 'id' | 'latitude' | 'longitude'>;

const located = (a: Place | null): a is Place & { latitude: number; longitude: number } =>
  a !== null && typeof a.latitude === 'number' && typeof a.longitude === 'number';

/** The places the matrix is asked for: the route's start and end, then every leg's place. */
export function pointsOf(route: { start: Place | null; end: Place | null }, legs: readonly ProblemLeg[]) {
  const index = new Map<number, number>();
  const points: Array<{ lat: number; lon: number }> = [];
  const add = (a: Place | null): number | null => {
    if (!located(a)) return null;
    let i = index.get(a.id);
    if (i === undefined) {
      i = points.length;
      index.set(a.id, i);
      points.push({ lat: a.latitude, lon: a.longitude });
    }
    return i;
  };
  const start = add(route.start);
  const end = add(route.end);
  for (const leg of legs) add(leg.address);
  return { points, index, start, end };
}

/** Latitude, longitude, … of the legs' places in their order, those with coordinates: what the
 *  route keeps as `places` for the suggestions (route-nearness.ts). */
export function placesInOrder(legs: readonly ProblemLeg[]): number[] {
  return legs.flatMap((leg) => (located(leg.address) ? [leg.address.latitude, leg.address.longitude] : []));
}

function windowOf(leg: ProblemLeg, origin: number): TimeWindow {
  const at = (d: Date | string) => Math.round((new Date(d).getTime() - origin) / 1000);
  if (leg.timeWindowStart || leg.timeWindowEnd) return [leg.timeWindowStart ? at(leg.timeWindowStart) : 0, leg.timeWindowEnd ? at(leg.timeWindowEnd) : HORIZON];
  if (leg.date) {
    const day = at(`${leg.date}T00:00:00Z`);
    return [day, day + 86_400];
  }
  return [0, HORIZON];
}

/** The route (its legs in order) as a one-vehicle problem over this matrix of `pointsOf`. */
export function routeProblem<L extends ProblemLeg>(
  route: Pick<RouteRow, 'date' | 'start_time' | 'end_time'>,
  ends: { start: Place | null; end: Place | null },
  legs: readonly L[],
  truck: TruckCapacity | null,
  matrix: TravelMatrix,
): RouteProblem<L> {
  const origin = Date.parse(`${route.date}T00:00:00Z`);
  const { points, index, start, end } = pointsOf(ends, legs);
  const at = (d: Date | null, fallback: number) => (d ? Math.round((new Date(d).getTime() - origin) / 1000) : fallback);
  const vehicle: Vehicle = {
    id: VEHICLE_ID,
    start,
    end,
    shift: [at(route.start_time, 0), at(route.end_time, HORIZON)],
    capacity: [
      truck?.capacity_weight != null ? kg(truck.capacity_weight, truck.weight_unit) : UNLIMITED,
      truck?.capacity_pallets != null ? truck.capacity_pallets : UNLIMITED,
    ],
  };
  const placed = legs.filter((l) => located(l.address));
  const unplaced = legs.filter((l) => !located(l.address));
  const byOrder = new Map<number, L[]>();
  for (const leg of placed) byOrder.set(leg.orderId, [...(byOrder.get(leg.orderId) ?? []), leg]);
  const jobs: Job[] = [];
  const refOf = new Map<number, StopRef>();
  const legOf = new Map<string, L[]>();
  const stopOf = (leg: L): JobStop => ({ location: index.get(leg.address.id)!, service: SERVICE_SECONDS, windows: [windowOf(leg, origin)] });
  const demandOf = (leg: L, share = 1) => [kg(leg.weight, leg.weightUnit) * share, leg.pallets * share];
  for (const [orderId, mine] of byOrder) {
    const loading = mine.filter((l) => isLoading(l.type));
    const unloading = mine.filter((l) => !isLoading(l.type));
    if (loading.length === 1 && unloading.length === 1) {
      const id = `order ${orderId}`;
      jobs.push({ kind: 'shipment', id, pickup: stopOf(loading[0]!), delivery: stopOf(unloading[0]!), demand: demandOf(loading[0]!) });
      refOf.set(loading[0]!.id, { jobId: id, type: 'pickup' });
      refOf.set(unloading[0]!.id, { jobId: id, type: 'delivery' });
      legOf.set(id, [loading[0]!, unloading[0]!]);
      continue;
    }
    for (const leg of mine) {
      const id = `leg ${leg.id}`;
      const kind = isLoading(leg.type) ? 'pickup' : 'delivery';
      jobs.push({ kind, id, ...stopOf(leg), demand: demandOf(leg, kind === 'delivery' ? 1 / unloading.length : 1) });
      refOf.set(leg.id, { jobId: id, type: kind });
      legOf.set(id, [leg]);
    }
  }
  const problem: Problem = { matrix, vehicles: [vehicle], jobs, dimensions: ['weight', 'pallets'], objective: 'distance-first' };
  return { problem, stops: placed.map((l) => refOf.get(l.id)!), legOf, unplaced, points };
}

/** A leg of the suggestions' slim read, with its route and stop. */
export type SlimLeg = ProblemLeg & Pick<RouteItemT, 'routeId' | 'orderStopId'>;

export function problemLeg(row: ProblemLegRow): SlimLeg {
  return {
    id: row.id,
    routeId: row.route_id,
    orderId: row.order_id,
    orderStopId: row.stop_id,
    type: row.kind,
    date: row.date,
    timeWindowStart: row.time_window_start,
    timeWindowEnd: row.time_window_end,
    weight: row.weight,
    weightUnit: row.weight_unit,
    pallets: row.pallets,
    address: { id: row.address_id, latitude: row.latitude, longitude: row.longitude },
  };
}
