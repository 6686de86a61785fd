// Where each stop stands on its route, as dispatch tells it: order_stops.route_id, route_sequence,
// route_status and done_at mirror the stop's first leg (route_items, the dispatch area's table) so
// that the orders' own answers and lists (OrderStop.routeId...) read the stop alone. This area owns
// order_stops; dispatch calls this in the transaction of every change of its legs.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import type { RouteItemStatus } from './orders.tables.js';

export interface StopRoute {
  stopId: number;
  routeId: number | null;
  sequence: number | null;
  status: RouteItemStatus;
  doneAt: Date | null;
}

/** Writes where these stops stand on their routes: one statement for all. */
export async function mirrorStopRoutes(t: Tenant, stops: readonly StopRoute[]): Promise<void> {
  if (stops.length === 0) return;
  const ids = stops.map((s) => s.stopId);
  // Each column's new value, picked from an array by the row's place in the ids.
  const at = sql`array_position(${sql.val(ids)}::int[], s.id)`;
  await t
    .update('order_stops as s')
    .set({
      route_id: sql<number | null>`(${sql.val(stops.map((s) => s.routeId))}::int[])[${at}]`,
      route_sequence: sql<number | null>`(${sql.val(stops.map((s) => s.sequence))}::int[])[${at}]`,
      route_status: sql<RouteItemStatus>`(${sql.val(stops.map((s) => s.status))}::text[])[${at}]`,
      done_at: sql<Date | null>`(${sql.val(stops.map((s) => s.doneAt?.toISOString() ?? null))}::timestamptz[])[${at}]`,
      updated_at: new Date(),
    })
    .where('s.id', 'in', ids)
    .execute();
}
