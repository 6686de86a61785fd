// Where each stop stands on its route, as dispatch tells it: order_stops.route_id, route_sequence,
// route_status and done_at mirror the stop's leg on a route (route_items, the dispatch area's
// table; a transfer's drop leg before its second), so
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

/** Each stop's value of a column: a searched CASE on the stop's id. (Citus 13 crashes on picking
 *  from an array by position in an UPDATE's SET, and misreads a simple CASE's WHEN parameters.) */
function byStop<V>(stops: readonly StopRoute[], value: (s: StopRoute) => V, type: string) {
  return sql<V>`CASE ${sql.join(
    stops.map((s) => sql`WHEN s.id = ${s.stopId}::int THEN ${value(s)}::${sql.raw(type)}`),
    sql` `,
  )} END`;
}

/** Writes where these stops stand on their routes: one statement for all. */
export async function mirrorStopRoutes(t: Tenant, stops: readonly StopRoute[]): Promise<void> {
  if (stops.length === 0) return;
  await t
    .update('order_stops as s')
    .set({
      route_id: byStop(stops, (s) => s.routeId, 'int'),
      route_sequence: byStop(stops, (s) => s.sequence, 'int'),
      route_status: byStop(stops, (s) => s.status, 'text') as never,
      done_at: byStop(stops, (s) => s.doneAt, 'timestamptz'),
      updated_at: new Date(),
    })
    .where(
      's.id',
      'in',
      stops.map((s) => s.stopId),
    )
    .execute();
}
