// SQL of the legs (route_items), through the company door. A stop's legs follow its type: a Pickup
// or a Delivery one leg of its name, a Transfer two (DeliveryToTransfer, PickupFromTransfer). Legs
// with no route are the unassigned pool. Every change of legs tells the orders area where the
// stops now stand (mirrorStopRoutes), in the same transaction.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { companyRecords } from '../../platform/records.js';
import { mirrorStopRoutes } from '../orders/index.js';
import type { LegKind, LegStatus } from './dispatch.tables.js';
import { DONE } from './partial-indexes.js';

export const KINDS_OF_STOP: Record<'Pickup' | 'Delivery' | 'Transfer', readonly LegKind[]> = {
  Pickup: ['Pickup'],
  Delivery: ['Delivery'],
  Transfer: ['DeliveryToTransfer', 'PickupFromTransfer'],
};

export interface LegRow {
  id: number;
  order_id: number;
  stop_id: number;
  kind: LegKind;
  route_id: number | null;
  sequence: number | null;
  status: LegStatus;
  done_at: Date | null;
}

const LEG_COLUMNS = ['l.id', 'l.order_id', 'l.stop_id', 'l.kind', 'l.route_id', 'l.sequence', 'l.status', 'l.done_at'] as const;

/** The legs of these orders, by stop and kind. */
export function legsOfOrders(t: Tenant, orderIds: readonly number[]): Promise<LegRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return t
    .select('route_items as l')
    .select(LEG_COLUMNS)
    .where('l.order_id', 'in', [...orderIds])
    .orderBy('l.stop_id')
    .orderBy('l.id')
    .execute();
}

/** The legs on these routes, in route order. */
export function legsOnRoutes(t: Tenant, routeIds: readonly number[]): Promise<LegRow[]> {
  if (routeIds.length === 0) return Promise.resolve([]);
  return t
    .select('route_items as l')
    .select(LEG_COLUMNS)
    .where('l.route_id', 'in', [...routeIds])
    .orderBy('l.route_id')
    .orderBy('l.sequence')
    .orderBy('l.id')
    .execute();
}

/** The stops of these orders (type and order status), to make their legs. */
export function stopsToDispatch(t: Tenant, orderIds: readonly number[]) {
  return t
    .select('order_stops as s')
    .innerJoin('orders as o', (j) => j.onRef('o.company_id', '=', 's.company_id').onRef('o.id', '=', 's.order_id'))
    .select(['s.id', 's.order_id', 's.type', 'o.status'])
    .where('s.order_id', 'in', [...orderIds])
    .execute();
}

/** New pool legs (a leg that exists already is kept as it is). */
export async function insertLegs(t: Tenant, legs: ReadonlyArray<{ order_id: number; stop_id: number; kind: LegKind }>): Promise<void> {
  if (legs.length === 0) return;
  await t
    .insert('route_items', legs)
    .onConflict((oc) => oc.columns(['company_id', 'stop_id', 'kind']).doNothing())
    .execute();
}

export async function deleteLegs(t: Tenant, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await t
    .delete('route_items')
    .where('id', 'in', [...ids])
    .execute();
}

/** Puts legs back in the pool (they keep their status). */
export async function unassignLegs(t: Tenant, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await t
    .update('route_items')
    .set({ route_id: null, sequence: null, assigned_at: null, assigned_by: null, updated_at: new Date() })
    .where('id', 'in', [...ids])
    .execute();
}

/** Tells the orders area where these stops stand now: on the route of a leg that is on one (a
 *  transfer's DeliveryToTransfer before its PickupFromTransfer), or nowhere — so a stop with any
 *  leg on a route reads as on a route (the orders area's checks before removing or changing it). */
export async function mirrorStops(t: Tenant, stopIds: readonly number[]): Promise<void> {
  if (stopIds.length === 0) return;
  const unique = [...new Set(stopIds)];
  const first = await t
    .select('route_items as l')
    .select(['l.stop_id', 'l.route_id', 'l.sequence', 'l.status', 'l.done_at'])
    .distinctOn('l.stop_id')
    .where('l.stop_id', 'in', unique)
    .orderBy('l.stop_id')
    .orderBy(sql`l.route_id IS NULL`)
    .orderBy(sql`l.kind = 'PickupFromTransfer'`)
    .execute();
  const byStop = new Map(first.map((l) => [l.stop_id, l]));
  await mirrorStopRoutes(
    t,
    unique.map((stopId) => {
      const l = byStop.get(stopId);
      return { stopId, routeId: l?.route_id ?? null, sequence: l?.sequence ?? null, status: l?.status ?? 'ToDo', doneAt: l?.done_at ?? null };
    }),
  );
}

export interface LegDetailRow extends LegRow {
  address_id: number;
  date: string | null;
  time_window_start: Date | null;
  time_window_end: Date | null;
  priority: string;
  is_on_hold: boolean;
  order_number: string;
  customer_id: number;
  customer_name: string;
  weight_unit: string;
}

/** Legs joined with their stop, order and customer (the stop's place is read apart). */
export const legsWithStops = (t: Tenant) =>
  t
    .select('route_items as l')
    .innerJoin('order_stops as s', (j) => j.onRef('s.company_id', '=', 'l.company_id').onRef('s.id', '=', 'l.stop_id'))
    .innerJoin('orders as o', (j) => j.onRef('o.company_id', '=', 'l.company_id').onRef('o.id', '=', 'l.order_id'))
    .innerJoin('customers as c', (j) => j.onRef('c.company_id', '=', 'o.company_id').onRef('c.id', '=', 'o.customer_id'));

export const LEG_DETAIL_COLUMNS = [
  ...LEG_COLUMNS,
  's.address_id',
  's.date',
  's.time_window_start',
  's.time_window_end',
  's.priority',
  's.is_on_hold',
  'o.order_number',
  'o.customer_id',
  'c.name as customer_name',
  'o.weight_unit',
] as const;

/** Legs with what a dispatcher sees of their stop and order. */
export function legDetails(t: Tenant, where: { routeIds: readonly number[] } | { legIds: readonly number[] }): Promise<LegDetailRow[]> {
  const ids = 'routeIds' in where ? where.routeIds : where.legIds;
  if (ids.length === 0) return Promise.resolve([]);
  return legsWithStops(t)
    .select(LEG_DETAIL_COLUMNS)
    .where('routeIds' in where ? 'l.route_id' : 'l.id', 'in', [...ids])
    .orderBy('l.route_id')
    .orderBy('l.sequence')
    .orderBy('l.id')
    .execute() as Promise<LegDetailRow[]>;
}

/** A leg as the optimizer reads it (route-problem.ts): its place's coordinates, its stop's window
 *  and day, and the load it carries summed in SQL — a pickup the items loaded at its stop, the
 *  other legs their order's items (as the RouteItems' weight and pallets, route-answers.ts). */
export interface ProblemLegRow {
  id: number;
  order_id: number;
  stop_id: number;
  kind: LegKind;
  route_id: number | null;
  status: LegStatus;
  address_id: number;
  latitude: number | null;
  longitude: number | null;
  date: string | null;
  time_window_start: Date | null;
  time_window_end: Date | null;
  weight_unit: string;
  weight: number;
  pallets: number;
}

/** Legs for the suggestions' problems in one statement, in route order: where the RouteItems'
 *  read (legDetails, then the places and the items) took three and parsed every field of each. */
export function problemLegs(t: Tenant, where: { routeIds: readonly number[] } | { legIds: readonly number[] }): Promise<ProblemLegRow[]> {
  const ids = 'routeIds' in where ? where.routeIds : where.legIds;
  if (ids.length === 0) return Promise.resolve([]);
  return t
    .select('route_items as l')
    .innerJoin('order_stops as s', (j) => j.onRef('s.company_id', '=', 'l.company_id').onRef('s.id', '=', 'l.stop_id'))
    .innerJoin('orders as o', (j) => j.onRef('o.company_id', '=', 'l.company_id').onRef('o.id', '=', 'l.order_id'))
    .innerJoin('addresses as a', (j) => j.onRef('a.company_id', '=', 's.company_id').onRef('a.id', '=', 's.address_id'))
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('order_items as i')
          .select([sql<number>`coalesce(sum(i.weight), 0)`.as('weight'), sql<number>`coalesce(sum(i.pallets), 0)`.as('pallets')])
          .where(t.owns('i'))
          .whereRef('i.order_id', '=', 'l.order_id')
          .where(sql<boolean>`(l.kind <> 'Pickup' OR i.stop_id = l.stop_id)`)
          .as('load'),
      (j) => j.onTrue(),
    )
    .select([
      'l.id',
      'l.order_id',
      'l.stop_id',
      'l.kind',
      'l.route_id',
      'l.status',
      's.address_id',
      'a.latitude',
      'a.longitude',
      's.date',
      's.time_window_start',
      's.time_window_end',
      'o.weight_unit',
      'load.weight',
      'load.pallets',
    ])
    .where('routeIds' in where ? 'l.route_id' : 'l.id', 'in', [...ids])
    .orderBy('l.route_id')
    .orderBy('l.sequence')
    .orderBy('l.id')
    .execute() as Promise<ProblemLegRow[]>;
}

/** Puts pool legs on the route, each only if still in the pool and not done; answers those taken
 *  (fewer than asked: another dispatcher took one meanwhile). */
export async function claimLegs(t: Tenant, routeId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await t
    .update('route_items')
    .set({ route_id: routeId, sequence: 0, assigned_at: new Date(), assigned_by: t.userId, updated_at: new Date() })
    .where('id', 'in', [...ids])
    .where('route_id', 'is', null)
    .where('status', '<>', DONE)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The route's legs in this order (sequence 1, 2, ...): one statement. */
export async function resequence(t: Tenant, ordered: readonly number[]): Promise<void> {
  if (ordered.length === 0) return;
  await t
    .update('route_items as l')
    .set({ sequence: sql<number>`array_position(${sql.val([...ordered])}::int[], l.id)`, updated_at: new Date() })
    .where('l.id', 'in', [...ordered])
    .execute();
}

/** The legs of these stops. */
export function legsOfStops(t: Tenant, stopIds: readonly number[]): Promise<LegRow[]> {
  if (stopIds.length === 0) return Promise.resolve([]);
  return t
    .select('route_items as l')
    .select(LEG_COLUMNS)
    .where('l.stop_id', 'in', [...stopIds])
    .orderBy('l.stop_id')
    .orderBy('l.id')
    .execute();
}

/** Legs by id (the company's only). */
export function legsByIds(t: Tenant, ids: readonly number[]): Promise<LegRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return t
    .select('route_items as l')
    .select(LEG_COLUMNS)
    .where('l.id', 'in', [...ids])
    .execute();
}

/** Legs by id (the routes' routeItemIds): another company's reads as missing. */
export const routeItemRecords = companyRecords<LegRow>({
  name: 'route_item',
  what: 'Route item',
  read: (t, ids) => legsByIds(t, ids),
});

/** Sets the status of legs on routes (done ones stamped with when and by whom); a leg in the pool
 *  is never done. Answers how many changed. */
export async function setLegStatus(t: Tenant, ids: readonly number[], status: LegStatus): Promise<number> {
  if (ids.length === 0) return 0;
  const now = new Date();
  const rows = await t
    .update('route_items')
    .set({ status, done_at: status === 'Done' ? now : null, done_by: status === 'Done' ? t.userId : null, updated_at: now })
    .where('id', 'in', [...ids])
    .where('route_id', 'is not', null)
    .returning('id')
    .execute();
  return rows.length;
}
