// SQL of truck inspections (status checks), in the company's transaction. The list is paged in SQL
// along (company_id, checked_at, id), or (company_id, driver_id | truck_id, checked_at) when it asks
// for drivers or trucks; each inspection is read with its driver's and truck's names (joins on
// their keys; deleted drivers and trucks keep their inspections).
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { likePattern } from '../../platform/paging.js';
import { OPEN_INSPECTION_STATUSES, type StatusCheckRow } from './status-checks.schemas.js';

export interface StatusCheckFilter {
  /** Contained (any case) in the driver's name, the truck's name, the notes or the location. */
  search: string | null;
  driverName: string | null;
  driverIds: number[] | null;
  truckIds: number[] | null;
  statuses: number[] | null;
  checkTypes: string[] | null;
  from: Date | null;
  to: Date | null;
}

function checks(t: Tenant, f: StatusCheckFilter) {
  let q = t.db.selectFrom('driver_status_checks as c')
    .innerJoin('drivers as d', (j) => j.onRef('d.company_id', '=', 'c.company_id').onRef('d.id', '=', 'c.driver_id'))
    .innerJoin('trucks as k', (j) => j.onRef('k.company_id', '=', 'c.company_id').onRef('k.id', '=', 'c.truck_id'))
    .where('c.company_id', '=', t.companyId);
  if (f.search) q = q.where(sql<boolean>`lower(concat_ws(' ', d.first_name, d.last_name, k.name, c.notes, c.location)) like ${likePattern(f.search.toLowerCase())}`);
  if (f.driverName) q = q.where(sql<boolean>`lower(d.first_name || ' ' || d.last_name) like ${likePattern(f.driverName.toLowerCase())}`);
  if (f.driverIds) q = q.where('c.driver_id', 'in', f.driverIds);
  if (f.truckIds) q = q.where('c.truck_id', 'in', f.truckIds);
  if (f.statuses) q = q.where('c.status', 'in', f.statuses);
  if (f.checkTypes) q = q.where('c.check_type', 'in', f.checkTypes);
  if (f.from) q = q.where('c.checked_at', '>=', f.from);
  if (f.to) q = q.where('c.checked_at', '<=', f.to);
  return q;
}

export function listChecks(t: Tenant, f: StatusCheckFilter, descending: boolean, limit: number, offset: number): Promise<StatusCheckRow[]> {
  const direction = descending ? 'desc' : 'asc';
  return checks(t, f)
    .select([
      'c.id', 'c.driver_id', 'd.first_name', 'd.last_name', 'c.truck_id', 'k.name as truck_name', 'c.check_type', 'c.status', 'c.checked_at',
      'c.odometer', 'c.odometer_unit', 'c.defects', 'c.notes', 'c.location', 'c.created_at',
    ])
    .orderBy('c.checked_at', direction).orderBy('c.id', direction).limit(limit).offset(offset).execute();
}

export async function countChecks(t: Tenant, f: StatusCheckFilter): Promise<number> {
  const row = await checks(t, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Per driver among `driverIds`: its inspections, and those not closed (Pending, Failed, Maintenance). */
export async function countsByDriver(t: Tenant, driverIds: number[]): Promise<Map<number, { total: number; open: number }>> {
  if (driverIds.length === 0) return new Map();
  const rows = await t.db.selectFrom('driver_status_checks').where('company_id', '=', t.companyId).where('driver_id', 'in', driverIds)
    .select(['driver_id', sql<number>`count(*)::int`.as('total'), sql<number>`(count(*) filter (where status in (${sql.join([...OPEN_INSPECTION_STATUSES])})))::int`.as('open')])
    .groupBy('driver_id').execute();
  return new Map(rows.map((r) => [r.driver_id, { total: r.total, open: r.open }]));
}

/** What recording an inspection sets: the row's own columns, its time as a date or a date-time text. */
export type StatusCheckValues = Omit<StatusCheckRow, 'id' | 'first_name' | 'last_name' | 'truck_name' | 'created_at' | 'checked_at'> & { checked_at: Date | string };

export async function insertCheck(t: Tenant, values: StatusCheckValues): Promise<number> {
  const row = await t.db.insertInto('driver_status_checks')
    .values({ company_id: t.companyId, ...values, defects: JSON.stringify(values.defects) })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}
