// What the drivers area reads of the routes drivers are on: counts for ValidateDisable. The routes
// belong to dispatch (which imports this area, never the reverse), so this reads their table by
// name and writes nothing; taking drivers off routes is dispatch's answer to `driversStatusChanged`.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { companyEvent } from '../../platform/events.js';

/** Drivers given a record status; dispatch takes them off routes not started when asked. */
export const driversStatusChanged = companyEvent<{ driverIds: number[]; status: string; unassignPendingRoutes: boolean }>('drivers.status_changed');

/** By driver: routes started and not completed (InProgress), and routes not started (Planned, Next). */
export async function routeCountsOf(t: Tenant, driverIds: readonly number[]): Promise<Map<number, { active: number; pending: number }>> {
  if (driverIds.length === 0) return new Map();
  const rows = await t
    .select('routes as r')
    .select([
      'r.driver_id',
      sql<number>`(count(*) filter (where r.status = 'InProgress'))::int`.as('active'),
      sql<number>`(count(*) filter (where r.status in ('Planned', 'Next')))::int`.as('pending'),
    ])
    .where('r.driver_id', 'in', [...driverIds])
    .groupBy('r.driver_id')
    .execute();
  return new Map(rows.map((r) => [r.driver_id!, { active: r.active, pending: r.pending }]));
}

/** The states of an active route (dispatch's), as SQL literals: the driver's day index on routes
 *  holds only these, and a prepared statement's generic plan uses it only when its text names them
 *  (src/areas/dispatch/partial-indexes.ts says why). */
export const ACTIVE_ROUTE_STATES = (['Planned', 'Next', 'InProgress'] as const).map((state) => sql.lit(state));

/** By driver: the day's active route (InProgress first), if any. */
export async function availabilityOf(t: Tenant, driverIds: readonly number[], day: string) {
  if (driverIds.length === 0) return new Map<number, { status: 'Planned' | 'OnRoute'; routeId: number; routeName: string }>();
  const rows = await t
    .select('routes as r')
    .select(['r.driver_id', 'r.id', 'r.name', 'r.status'])
    .distinctOn('r.driver_id')
    .where('r.driver_id', 'in', [...driverIds])
    .where('r.date', '=', day)
    .where('r.status', 'in', ACTIVE_ROUTE_STATES)
    .orderBy('r.driver_id')
    .orderBy(sql`r.status = 'InProgress'`, 'desc')
    .execute();
  return new Map(
    rows.map((r) => [r.driver_id!, { status: r.status === 'InProgress' ? ('OnRoute' as const) : ('Planned' as const), routeId: r.id, routeName: r.name }]),
  );
}
