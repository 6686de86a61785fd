// Rows → Route answers: routes with their legs grouped by place and kind, each leg with its stop's
// place, window and items, read for any number of routes in a fixed number of statements (routes,
// legs with their stops and orders, places, items, drivers, trucks), never one per route.
import type { Tenant } from '../../db/tenant.js';
import { type AddressT, placesByIds, toAddress } from '../customers/index.js';
import { driverRecords } from '../drivers/index.js';
import { truckRecords } from '../fleet/index.js';
import { type OrderItemT, orderItemsOf, toItem } from '../orders/index.js';
import { type LegDetailRow, legDetails } from './legs.repository.js';
import type { RouteRow } from './routes.repository.js';
import { ITEM_STATUS_NUMBER, type RouteItemGroupT, type RouteItemT, type RouteResponseT } from './routes.schemas.js';

const sum = (items: readonly OrderItemT[], field: 'weight' | 'pallets') => Math.round(items.reduce((n, i) => n + (i[field] ?? 0), 0) * 1000) / 1000;

/** The legs as RouteItems: a pickup carries the items loaded there; the other legs (deliveries,
 *  transfers) carry the order's items, which travel through them. */
export async function legAnswers(
  t: Tenant,
  legs: readonly LegDetailRow[],
  known = new Map<number, AddressT>(),
  options: { orderItems?: boolean } = {},
): Promise<RouteItemT[]> {
  const missing = [...new Set(legs.map((l) => l.address_id))].filter((id) => !known.has(id));
  const [places, items] = await Promise.all([placesByIds(t, missing), orderItemsOf(t, [...new Set(legs.map((l) => l.order_id))])]);
  for (const p of places) known.set(p.id, toAddress(p));
  const byOrder = new Map<number, OrderItemT[]>();
  for (const row of items) {
    const list = byOrder.get(row.order_id) ?? [];
    list.push(toItem(row));
    byOrder.set(row.order_id, list);
  }
  return legs.map((l) => {
    const ofOrder = byOrder.get(l.order_id) ?? [];
    const carried = l.kind === 'Pickup' ? ofOrder.filter((i) => i.stopId === l.stop_id) : ofOrder;
    return {
      id: l.id,
      routeId: l.route_id,
      sequence: l.sequence,
      type: l.kind,
      status: ITEM_STATUS_NUMBER[l.status],
      doneAt: l.done_at,
      orderId: l.order_id,
      orderNumber: l.order_number,
      orderStopId: l.stop_id,
      customerId: l.customer_id,
      customerName: l.customer_name,
      address: known.get(l.address_id)!,
      date: l.date,
      timeWindowStart: l.time_window_start,
      timeWindowEnd: l.time_window_end,
      priority: l.priority,
      isOnHold: l.is_on_hold,
      weight: sum(carried, 'weight'),
      weightUnit: l.weight_unit,
      pallets: sum(carried, 'pallets'),
      ...(options.orderItems === false ? {} : { items: carried }),
    };
  });
}

/** Consecutive legs of one kind at one place make a group (the spec's RouteItemGroup). */
export function groupLegs(items: readonly RouteItemT[]): RouteItemGroupT[] {
  const groups: RouteItemGroupT[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last && last.type === item.type && last.address.id === item.address.id && last.routeId === item.routeId) last.items.push(item);
    else groups.push({ type: item.type, routeId: item.routeId, sequence: item.sequence, address: item.address, status: 0, items: [item] });
  }
  for (const g of groups) {
    const statuses = g.items.map((i) => i.status);
    g.status = statuses.every((s) => s === 1) ? 1 : statuses.includes(2) ? 2 : 0;
  }
  return groups;
}

export interface AnswerOptions {
  /** Done groups apart (completedItems), the rest in items. */
  separateCompletedDirections?: boolean;
  /** false: legs without their order items (lists of routes). */
  orderItems?: boolean;
}

export async function routeAnswers(t: Tenant, rows: readonly RouteRow[], options: AnswerOptions = {}): Promise<RouteResponseT[]> {
  if (rows.length === 0) return [];
  const ends = rows.flatMap((r) => [r.start_address_id, r.end_address_id]).filter((id): id is number => id !== null);
  const driverIds = rows.flatMap((r) => (r.driver_id === null ? [] : [r.driver_id]));
  const truckIds = rows.flatMap((r) => (r.truck_id === null ? [] : [r.truck_id]));
  const [legs, endPlaces, drivers, trucks] = await Promise.all([
    legDetails(t, { routeIds: rows.map((r) => r.id) }),
    placesByIds(t, [...new Set(ends)]),
    driverRecords.findAll(t, driverIds),
    truckRecords.findAll(t, truckIds),
  ]);
  const known = new Map(endPlaces.map((p) => [p.id, toAddress(p)]));
  const items = await legAnswers(t, legs, known, { orderItems: options.orderItems !== false });
  const byRoute = new Map<number, RouteItemT[]>();
  for (const item of items) {
    const list = byRoute.get(item.routeId!) ?? [];
    list.push(item);
    byRoute.set(item.routeId!, list);
  }
  const driverName = new Map(drivers.map((d) => [d.id, `${d.first_name} ${d.last_name}`]));
  const truckName = new Map(trucks.map((k) => [k.id, k.name]));
  return rows.map((r) => {
    const mine = byRoute.get(r.id) ?? [];
    const groups = groupLegs(mine);
    const separate = options.separateCompletedDirections === true;
    return {
      id: r.id,
      name: r.name,
      date: r.date,
      driverId: r.driver_id,
      driverName: r.driver_id === null ? null : (driverName.get(r.driver_id) ?? null),
      truckId: r.truck_id,
      truckName: r.truck_id === null ? null : (truckName.get(r.truck_id) ?? null),
      status: r.status,
      startAddress: r.start_address_id === null ? null : (known.get(r.start_address_id) ?? null),
      endAddress: r.end_address_id === null ? null : (known.get(r.end_address_id) ?? null),
      startTime: r.start_time,
      endTime: r.end_time,
      avoidTolls: r.avoid_tolls,
      distanceMeters: r.distance_m,
      durationSeconds: r.duration_s,
      notes: r.notes,
      version: r.version,
      itemCount: mine.length,
      doneCount: mine.filter((i) => i.status === 1).length,
      payoutStatus: r.payout_status as RouteResponseT['payoutStatus'],
      payoutAmount: r.payout_amount,
      payoutCurrency: r.payout_currency,
      startedAt: r.started_at,
      completedAt: r.completed_at,
      archivedAt: r.archived_at,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      items: separate ? groups.filter((g) => g.status !== 1) : groups,
      completedItems: separate ? groups.filter((g) => g.status === 1) : [],
    };
  });
}
