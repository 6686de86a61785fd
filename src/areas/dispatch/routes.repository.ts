// SQL of routes, through the company door. The board pages in SQL along (company_id, date, id);
// active routes along the partial index of the active states.
import { type Selectable, sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { pagedList } from '../../platform/list.js';
import { dateRangeOf, dayOf, likePattern } from '../../platform/paging.js';
import { companyRecords } from '../../platform/records.js';
import type { RoutesTable } from './dispatch.tables.js';
import { ACTIVE, ACTIVE_OR_COMPLETED } from './partial-indexes.js';
import { ActiveRoutesQuery, ITEM_STATUS_NAME, OrderRoutesQuery, RoutesQuery } from './routes.schemas.js';

export type RouteRow = Omit<Selectable<RoutesTable>, 'company_id' | 'places'>;

const COLUMNS = [
  'r.id',
  'r.name',
  'r.date',
  'r.driver_id',
  'r.truck_id',
  'r.status',
  'r.status_before_archive',
  'r.start_address_id',
  'r.end_address_id',
  'r.start_time',
  'r.end_time',
  'r.avoid_tolls',
  'r.version',
  'r.distance_m',
  'r.duration_s',
  'r.notes',
  'r.started_at',
  'r.completed_at',
  'r.archived_at',
  'r.payout_status',
  'r.payout_amount',
  'r.payout_currency',
  'r.created_by',
  'r.created_at',
  'r.updated_at',
] as const;

const routes = (t: Tenant) => t.select('routes as r');

export const routeRecords = companyRecords<RouteRow, number, { lock?: boolean } | undefined>({
  name: 'route',
  what: 'Route',
  read: (t, ids, options) =>
    routes(t)
      .select(COLUMNS)
      .where('r.id', 'in', ids)
      .$if(options?.lock === true, (q) => q.forUpdate())
      .execute(),
});

/** Routes read locked: how a route that changes one reads it (its id gate too). */
export const lockedRouteRecords = routeRecords.with({ lock: true });

export type RouteValues = Partial<Omit<Selectable<RoutesTable>, 'company_id' | 'id' | 'created_at' | 'updated_at' | 'created_by'>>;

export async function insertRoute(t: Tenant, values: RouteValues & { name: string; date: string }): Promise<number> {
  return (
    await t
      .insert('routes', { ...values, created_by: t.userId })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export async function updateRoute(t: Tenant, id: number, values: RouteValues): Promise<void> {
  await t
    .update('routes')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteRoute(t: Tenant, id: number): Promise<void> {
  await t.delete('routes').where('id', '=', id).execute();
}

/** The routes' items changed: their version rises (an optimization of an older one is discarded). */
export async function touchRoutes(t: Tenant, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await t
    .update('routes')
    .set({ version: sql`version + 1`, updated_at: new Date() })
    .where('id', 'in', [...ids])
    .execute();
}

/** The routes' places (routes.places) read again from their legs: after legs left them other than
 *  through a new order of their stops (an order closed or deleted, a stop taken off it). */
export async function refreshPlaces(t: Tenant, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await t
    .select('route_items as l')
    .innerJoin('order_stops as s', (j) => j.onRef('s.company_id', '=', 'l.company_id').onRef('s.id', '=', 'l.stop_id'))
    .innerJoin('addresses as a', (j) => j.onRef('a.company_id', '=', 's.company_id').onRef('a.id', '=', 's.address_id'))
    .select(['l.route_id', 'a.latitude', 'a.longitude'])
    .where('l.route_id', 'in', [...ids])
    .where('a.latitude', 'is not', null)
    .where('a.longitude', 'is not', null)
    .orderBy('l.route_id')
    .orderBy('l.sequence')
    .orderBy('l.id')
    .execute();
  for (const id of new Set(ids)) {
    const places = rows.filter((r) => r.route_id === id).flatMap((r) => [Number(r.latitude), Number(r.longitude)]);
    await t.update('routes').set({ places }).where('id', '=', id).execute();
  }
}

/** Another active route of the day with this driver or truck. */
export function activeRouteWith(t: Tenant, column: 'driver_id' | 'truck_id', id: number, date: string, exceptId: number | null) {
  return routes(t)
    .select(['r.id', 'r.name'])
    .where(`r.${column}`, '=', id)
    .where('r.date', '=', date)
    .where('r.status', 'in', ACTIVE)
    .$if(exceptId !== null, (q) => q.where('r.id', '<>', exceptId!))
    .executeTakeFirst();
}

/** Whether any of the route's legs is done. */
export async function hasDoneLegs(t: Tenant, routeId: number): Promise<boolean> {
  const row = await t.select('route_items as l').select('l.id').where('l.route_id', '=', routeId).where('l.status', '=', 'Done').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Counts of legs and done legs, by route. */
export async function legCounts(t: Tenant, routeIds: readonly number[]): Promise<Map<number, { items: number; done: number }>> {
  if (routeIds.length === 0) return new Map();
  const rows = await t
    .select('route_items as l')
    .select(['l.route_id', sql<number>`count(*)::int`.as('items'), sql<number>`(count(*) filter (where l.status = 'Done'))::int`.as('done')])
    .where('l.route_id', 'in', [...routeIds])
    .groupBy('l.route_id')
    .execute();
  return new Map(rows.map((r) => [r.route_id!, { items: r.items, done: r.done }]));
}

/** The day of a Date parameter (a date-time is read as its UTC day). */

/** The board: the day's (or range's) routes, active ones and, asked for, completed ones. */
export const listRoutes = pagedList({
  query: RoutesQuery,
  from: (t: Tenant, query) => routes(t).where('r.status', 'in', query.completedRoutes ? ACTIVE_OR_COMPLETED : ACTIVE),
  filters: {
    Date: (q, date) => q.where('r.date', '=', dayOf(date)),
    DateRange: (q, range) => {
      const r = dateRangeOf(range)!;
      return q.where('r.date', '>=', dayOf(r.start)).where('r.date', '<=', dayOf(r.end));
    },
    Drivers: (q, ids) => q.where('r.driver_id', 'in', ids),
    RoutePayoutStatus: (q, statuses) => q.where('r.payout_status', 'in', statuses),
    // Contained (any case) in the route's name, or its driver's or truck's.
    SearchTerm: (q, term, _query, t) => {
      const pattern = likePattern(term.toLowerCase());
      return q.where((eb) =>
        eb.or([
          eb(sql`lower(r.name)`, 'like', pattern),
          eb.exists(
            eb
              .selectFrom('drivers as d')
              .select(sql`1`.as('one'))
              .where(t.owns('d'))
              .whereRef('d.id', '=', 'r.driver_id')
              .where(sql`lower(d.first_name || ' ' || d.last_name)`, 'like', pattern),
          ),
          eb.exists(
            eb
              .selectFrom('trucks as k')
              .select(sql`1`.as('one'))
              .where(t.owns('k'))
              .whereRef('k.id', '=', 'r.truck_id')
              .where(sql`lower(k.name)`, 'like', pattern),
          ),
        ]),
      );
    },
    routeItemStatus: (q, status, _query, t) =>
      q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('route_items as s')
            .select(sql`1`.as('one'))
            .where(t.owns('s'))
            .whereRef('s.route_id', '=', 'r.id')
            .where('s.status', '=', ITEM_STATUS_NAME[status]),
        ),
      ),
  },
  sortable: {
    date: ['r.date', 'r.id'],
    name: [sql`lower(r.name)`, 'r.id'],
    createdAt: ['r.created_at', 'r.id'],
  },
  select: (q) => q.select(COLUMNS),
  map: (rows) => rows as RouteRow[],
});

/** Routes not Completed or Archived, of any day: the earliest day first. */
export const listActiveRoutes = pagedList({
  query: ActiveRoutesQuery,
  from: (t: Tenant) => routes(t).where('r.status', 'in', ACTIVE),
  sortable: { date: ['r.date', 'r.id'] },
  fixedOrder: true,
  select: (q) => q.select(COLUMNS),
  map: (rows) => rows as RouteRow[],
});

/** The routes holding a leg of the order. */
export const listOrderRoutes = pagedList({
  query: OrderRoutesQuery,
  from: (t: Tenant, query, orderId: number) =>
    routes(t)
      .where('r.id', 'in', (eb) =>
        eb.selectFrom('route_items as l').select('l.route_id').where(t.owns('l')).where('l.order_id', '=', orderId).where('l.route_id', 'is not', null),
      )
      .$if(query.includeInactiveRoutes === false, (q) => q.where('r.status', 'in', ACTIVE)),
  sortable: { date: ['r.date', 'r.id'] },
  fixedOrder: true,
  select: (q) => q.select(COLUMNS),
  map: (rows) => rows as RouteRow[],
});

/** Most routes a stop's suggestions rank: the day's active routes it would add least to. */
export const MAX_SUGGESTED_ROUTES = 10;

export interface RoutePlacesRow {
  id: number;
  date: string;
  /** Latitude, longitude, … of its start, its legs in sequence (routes.places) and its end. */
  places: number[];
  /** Whether the first and last places are its start and end (nothing goes before or after them). */
  fixedStart: boolean;
  fixedEnd: boolean;
}

/** The day's active routes (any day's when `day` is null) with their places in order: one
 *  statement over the routes alone (the legs' places are kept on the route, 0028_route_places). */
export async function activeRoutePlaces(t: Tenant, day: string | null): Promise<RoutePlacesRow[]> {
  const rows = await routes(t)
    .leftJoin('addresses as sa', (j) => j.onRef('sa.company_id', '=', 'r.company_id').onRef('sa.id', '=', 'r.start_address_id'))
    .leftJoin('addresses as ea', (j) => j.onRef('ea.company_id', '=', 'r.company_id').onRef('ea.id', '=', 'r.end_address_id'))
    .select([
      'r.id',
      'r.date',
      // JSON, which the driver parses natively (a float8[] is parsed character by character).
      sql<number[]>`to_json(r.places)`.as('places'),
      'sa.latitude as start_lat',
      'sa.longitude as start_lon',
      'ea.latitude as end_lat',
      'ea.longitude as end_lon',
    ])
    .where('r.status', 'in', ACTIVE)
    .$if(day !== null, (x) => x.where('r.date', '=', day!))
    .execute();
  const point = (lat: number | null, lon: number | null) => (lat !== null && lon !== null ? [Number(lat), Number(lon)] : []);
  return rows.map((r) => {
    const start = point(r.start_lat, r.start_lon);
    const end = point(r.end_lat, r.end_lon);
    return { id: r.id, date: r.date, places: [...start, ...r.places, ...end], fixedStart: start.length > 0, fixedEnd: end.length > 0 };
  });
}

/** A driver's (or every driver's) routes in figures. */
export async function driverFigures(t: Tenant, driverId: number | null, today: string) {
  const [routeRow, stopRow] = await Promise.all([
    routes(t)
      .select([
        sql<number>`count(*)::int`.as('routes'),
        sql<number>`(count(*) filter (where r.date = ${today} and r.status <> 'Archived'))::int`.as('routes_today'),
        sql<number>`(count(*) filter (where r.status in ('Planned', 'Next', 'InProgress')))::int`.as('active'),
        sql<number>`(count(*) filter (where r.status = 'Completed'))::int`.as('completed'),
        sql<number | null>`sum(r.distance_m) filter (where r.status = 'Completed')`.as('distance'),
        sql<number | null>`sum(r.payout_amount) filter (where r.status = 'Completed')`.as('payout'),
      ])
      .where('r.driver_id', driverId === null ? 'is not' : '=', driverId)
      .executeTakeFirstOrThrow(),
    t
      .select('route_items as l')
      .innerJoin('routes as r', (j) => j.onRef('r.company_id', '=', 'l.company_id').onRef('r.id', '=', 'l.route_id'))
      .select([
        sql<number>`(count(*) filter (where l.status = 'Done'))::int`.as('done'),
        sql<number>`(count(*) filter (where l.status <> 'Done' and r.status in ('Planned', 'Next', 'InProgress')))::int`.as('open'),
      ])
      .where('r.driver_id', driverId === null ? 'is not' : '=', driverId)
      .executeTakeFirstOrThrow(),
  ]);
  return { ...routeRow, ...stopRow };
}

/** Routes not started (Planned, Next) of these drivers, locked. */
export function pendingRoutesOf(t: Tenant, driverIds: readonly number[]): Promise<RouteRow[]> {
  if (driverIds.length === 0) return Promise.resolve([]);
  return routes(t)
    .select(COLUMNS)
    .where('r.driver_id', 'in', [...driverIds])
    .where('r.status', 'in', ['Planned', 'Next'])
    .orderBy('r.id')
    .forUpdate()
    .execute() as Promise<RouteRow[]>;
}

/** Locks these routes, in id order: every change that touches several routes takes their locks
 *  this way first, so two of them never wait for each other's routes (no deadlock). */
export async function lockRoutes(t: Tenant, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return;
  await routes(t).select('r.id').where('r.id', 'in', unique).orderBy('r.id').forUpdate().execute();
}
