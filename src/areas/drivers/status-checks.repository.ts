// SQL of truck inspections (status checks), through the company door. The list is paged in SQL
// along (company_id, checked_at, id), or (company_id, driver_id | truck_id, checked_at) when it asks
// for drivers or trucks; each inspection is read with its driver's and truck's names (joins on
// their keys; deleted drivers and trucks keep their inspections).
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { pagedList } from '../../platform/list.js';
import { dateRangeOf, likePattern } from '../../platform/paging.js';
import { companyRecords } from '../../platform/records.js';
import { parseDateTime } from '../../platform/validation.js';
import { OPEN_INSPECTION_STATUSES, type StatusCheckRow, StatusChecksQuery, toStatusCheck } from './status-checks.schemas.js';

const DAY_MS = 86_400_000;

const checks = (t: Tenant) =>
  t
    .select('driver_status_checks as c')
    .innerJoin('drivers as d', (j) => j.onRef('d.company_id', '=', 'c.company_id').onRef('d.id', '=', 'c.driver_id'))
    .innerJoin('trucks as k', (j) => j.onRef('k.company_id', '=', 'c.company_id').onRef('k.id', '=', 'c.truck_id'));

export const listChecks = pagedList({
  query: StatusChecksQuery,
  from: checks,
  filters: {
    // Contained (any case) in the driver's name, the truck's name, the notes or the location.
    SearchTerm: (q, term) =>
      q.where(sql<boolean>`lower(concat_ws(' ', d.first_name, d.last_name, k.name, c.notes, c.location)) like ${likePattern(term.toLowerCase())}`),
    DriverName: (q, name) => q.where(sql<boolean>`lower(d.first_name || ' ' || d.last_name) like ${likePattern(name.toLowerCase())}`),
    Drivers: (q, ids) => q.where('c.driver_id', 'in', ids),
    truckIds: (q, ids) => q.where('c.truck_id', 'in', ids),
    InspectionStatus: (q, statuses) => q.where('c.status', 'in', statuses),
    checkTypes: (q, types) => q.where('c.check_type', 'in', types),
    // DateRange and Date (its UTC day) narrow each other.
    DateRange: (q, range) => {
      const { start, end } = dateRangeOf(range)!;
      return q.where('c.checked_at', '>=', start).where('c.checked_at', '<=', end);
    },
    Date: (q, date) => {
      const day = new Date(Math.floor(parseDateTime(date).getTime() / DAY_MS) * DAY_MS);
      return q.where('c.checked_at', '>=', day).where('c.checked_at', '<=', new Date(day.getTime() + DAY_MS - 1));
    },
  },
  sortable: { checkedAt: ['c.checked_at', 'c.id'] },
  defaultSort: { by: 'checkedAt', descending: true },
  select: (q) =>
    q.select([
      'c.id',
      'c.driver_id',
      'd.first_name',
      'd.last_name',
      'c.truck_id',
      'k.name as truck_name',
      'c.check_type',
      'c.status',
      'c.checked_at',
      'c.odometer',
      'c.odometer_unit',
      'c.defects',
      'c.notes',
      'c.location',
      'c.created_at',
    ]),
  map: (rows: StatusCheckRow[]) => rows.map(toStatusCheck),
});

/** Inspections by id, with their driver (other areas attach files to one: attachments). */
export const statusCheckRecords = companyRecords<{ id: number; driver_id: number }>({
  name: 'driver_status_check',
  what: 'Driver status check',
  read: (t, ids) => t.select('driver_status_checks').select(['id', 'driver_id']).where('id', 'in', ids).execute(),
});

/** Per driver among `driverIds`: its inspections, and those not closed (Pending, Failed, Maintenance). */
export async function countsByDriver(t: Tenant, driverIds: number[]): Promise<Map<number, { total: number; open: number }>> {
  if (driverIds.length === 0) return new Map();
  const rows = await t
    .select('driver_status_checks')
    .where('driver_id', 'in', driverIds)
    .select([
      'driver_id',
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) filter (where status in (${sql.join([...OPEN_INSPECTION_STATUSES])})))::int`.as('open'),
    ])
    .groupBy('driver_id')
    .execute();
  return new Map(rows.map((r) => [r.driver_id, { total: r.total, open: r.open }]));
}

/** What recording an inspection sets: the row's own columns, its time as a date or a date-time text. */
export type StatusCheckValues = Omit<StatusCheckRow, 'id' | 'first_name' | 'last_name' | 'truck_name' | 'created_at' | 'checked_at'> & {
  checked_at: Date | string;
};

export async function insertCheck(t: Tenant, values: StatusCheckValues): Promise<number> {
  return (
    await t
      .insert('driver_status_checks', { ...values, defects: JSON.stringify(values.defects) })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}
