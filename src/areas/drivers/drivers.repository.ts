// SQL of drivers, through the company door. Lists are paged in SQL along the indexes
// (company_id, lower(first_name), lower(last_name), id), (company_id, lower(last_name),
// lower(first_name), id) and (company_id, created_at, id); each driver is read with the names of
// its carrier, license type, home terminal and default truck (left joins on their keys, on the
// page only). The carriers', trucks' and warehouses' tables are read joined, as their areas' table
// files intend; drivers write only their own table.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { companyEvent } from '../../platform/events.js';
import { pagedList } from '../../platform/list.js';
import { dayOf, likePattern } from '../../platform/paging.js';
import { companyRecords } from '../../platform/records.js';
import type { PayoutColumns } from './driver-payout.js';
import { ACTIVE_ROUTE_STATES } from './driver-routes.js';
import { DRIVER_STATUSES, type DriverRow, type DriverStatus, DriversQuery, toDriver } from './drivers.schemas.js';

const drivers = (t: Tenant) => t.select('drivers as d');

function withNames<Q extends ReturnType<typeof drivers>>(q: Q) {
  return q
    .leftJoin('outsource_companies as o', (j) => j.onRef('o.company_id', '=', 'd.company_id').onRef('o.id', '=', 'd.outsource_company_id'))
    .leftJoin('license_types as l', (j) => j.onRef('l.company_id', '=', 'd.company_id').onRef('l.id', '=', 'd.license_type_id'))
    .leftJoin('warehouses as w', (j) => j.onRef('w.company_id', '=', 'd.company_id').onRef('w.id', '=', 'd.home_warehouse_id'))
    .leftJoin('trucks as k', (j) => j.onRef('k.company_id', '=', 'd.company_id').onRef('k.id', '=', 'd.default_truck_id'))
    .select([
      'd.id',
      'd.first_name',
      'd.last_name',
      'd.email',
      'd.phone',
      'd.status',
      'd.approval_status',
      'd.type',
      'd.outsource_company_id',
      'o.name as carrier_name',
      'd.license_number',
      'd.license_state',
      'd.license_expires_on',
      'd.license_type_id',
      'l.name as license_type_name',
      'd.hazmat_endorsement',
      'd.medical_card_expires_on',
      'd.twic_expires_on',
      'd.date_of_birth',
      'd.hire_date',
      'd.street',
      'd.street2',
      'd.city',
      'd.state',
      'd.postal_code',
      'd.country',
      'd.emergency_contact_name',
      'd.emergency_contact_phone',
      'd.emergency_contact_relationship',
      'd.home_warehouse_id',
      'w.name as warehouse_name',
      'd.default_truck_id',
      'k.name as truck_name',
      'd.payout_type',
      'd.hourly_rate',
      'd.salary_amount',
      'd.salary_period',
      'd.rate_per_distance',
      'd.distance_unit',
      'd.revenue_percent',
      'd.fixed_cost_per_route',
      'd.rate_per_pallet',
      'd.payout_currency',
      'd.notes',
      'd.invited_at',
      'd.restore_status',
      'd.created_at',
      'd.updated_at',
      'd.deleted_at',
    ]);
}

const FIRST = sql`lower(d.first_name)`;
const LAST = sql`lower(d.last_name)`;

/** Drivers, deleted ones too (status Deleted). */
export const driverRecords = companyRecords<DriverRow>({
  name: 'driver',
  what: 'Driver',
  read: (t, ids) => withNames(drivers(t)).where('d.id', 'in', ids).execute(),
});

const LIVE_STATUSES = DRIVER_STATUSES.filter((s) => s !== 'Deleted');

export const listDrivers = pagedList({
  query: DriversQuery,
  // Without DriverStatus every status but Deleted; deletedDrivers adds the deleted ones.
  from: (t, q) => {
    const statuses = new Set<DriverStatus>(q.DriverStatus?.length ? q.DriverStatus : LIVE_STATUSES);
    if (q.deletedDrivers) statuses.add('Deleted');
    return statuses.size < DRIVER_STATUSES.length ? drivers(t).where('d.status', 'in', [...statuses]) : drivers(t);
  },
  filters: {
    // Contained (any case) in the name, email, phone or license number; its digits in the phone.
    SearchTerm: (q, term) => {
      const pattern = likePattern(term.toLowerCase());
      const digits = term.replace(/\D/g, '');
      const license = term.replace(/[\s-]/g, '').toUpperCase();
      return q.where((eb) =>
        eb.or([
          eb(sql`lower(concat_ws(' ', d.first_name, d.last_name, d.email, d.phone, d.license_number))`, 'like', pattern),
          ...(digits.length >= 3 ? [eb(sql`regexp_replace(coalesce(d.phone, ''), '[^0-9]', '', 'g')`, 'like', likePattern(digits))] : []),
          ...(license ? [eb('d.license_number', 'like', likePattern(license))] : []),
        ]),
      );
    },
    // Contained (any case) in "first last".
    DriverName: (q, name) => q.where(sql<boolean>`lower(d.first_name || ' ' || d.last_name) like ${likePattern(name.toLowerCase())}`),
    Drivers: (q, ids) => q.where('d.id', 'in', ids),
    DriverTypes: (q, types) => q.where('d.type', 'in', types),
    DriverPayoutTypes: (q, types) => q.where('d.payout_type', 'in', types),
    OutsourceCompanyIds: (q, ids) => q.where('d.outsource_company_id', 'in', ids),
    // On an active route that day (the routes are dispatch's: read by name).
    driversOnRoute: (q, on, query, t) => {
      const busy = t
        .select('routes as r')
        .select(sql`1`.as('one'))
        .where(sql<boolean>`r.driver_id = d.id`)
        .where('r.status', 'in', ACTIVE_ROUTE_STATES)
        .where('r.date', '=', dayOf(query.Date));
      return q.where((eb) => (on ? eb.exists(busy) : eb.not(eb.exists(busy))));
    },
  },
  sortable: {
    name: [FIRST, LAST, 'd.id'],
    lastName: [LAST, FIRST, 'd.id'],
    createdAt: ['d.created_at', 'd.id'],
  },
  select: withNames,
  map: (rows: DriverRow[]) => rows.map(toDriver),
});

/** The live drivers of a carrier, by name. */
export function driversOfCarrier(t: Tenant, carrierId: number): Promise<DriverRow[]> {
  return withNames(drivers(t))
    .where('d.outsource_company_id', '=', carrierId)
    .where('d.deleted_at', 'is', null)
    .orderBy(FIRST)
    .orderBy(LAST)
    .orderBy('d.id')
    .execute();
}

export interface DriverBrief {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  license_number: string | null;
  status: string;
  deleted_at: Date | null;
}

/** Drivers (deleted ones included), briefly: the batch rules' read (delete, status, restore, ValidateDisable), which the
 *  routes taking a list of drivers declare (`ids: { body: { '[]': driverBriefs } }`) for the id gate to read. */
export const driverBriefs = companyRecords<DriverBrief>({
  name: 'driver',
  what: 'Driver',
  read: (t, ids) =>
    drivers(t).select(['d.id', 'd.first_name', 'd.last_name', 'd.email', 'd.license_number', 'd.status', 'd.deleted_at']).where('d.id', 'in', ids).execute(),
});

export type DuplicateReason = 'Email' | 'Phone' | 'LicenseNumber';

export interface DriverDuplicate {
  id: number;
  name: string;
  reason: DuplicateReason;
}

/** Live drivers (other than `exceptIds`) with the same email, phone or license number, as stored. */
export async function duplicatesOf(
  t: Tenant,
  keys: { email: string | null; phone: string | null; license: string | null },
  exceptIds: number[],
): Promise<DriverDuplicate[]> {
  if (!keys.email && !keys.phone && !keys.license) return [];
  let q = drivers(t)
    .select(['d.id', 'd.first_name', 'd.last_name', 'd.email', 'd.phone', 'd.license_number'])
    .where('d.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        ...(keys.email ? [eb('d.email', '=', keys.email)] : []),
        ...(keys.phone ? [eb('d.phone', '=', keys.phone)] : []),
        ...(keys.license ? [eb('d.license_number', '=', keys.license)] : []),
      ]),
    );
  if (exceptIds.length > 0) q = q.where('d.id', 'not in', exceptIds);
  const out: DriverDuplicate[] = [];
  for (const r of await q.orderBy('d.id').execute()) {
    const name = `${r.first_name} ${r.last_name}`;
    if (keys.email && r.email === keys.email) out.push({ id: r.id, name, reason: 'Email' });
    if (keys.phone && r.phone === keys.phone) out.push({ id: r.id, name, reason: 'Phone' });
    if (keys.license && r.license_number === keys.license) out.push({ id: r.id, name, reason: 'LicenseNumber' });
  }
  return out;
}

/** Live drivers holding any of these emails or license numbers, by id: one query for a whole batch
 *  of drivers coming back (driver-rules.ts restoreProblems). */
export function liveHolders(
  t: Tenant,
  keys: { emails: string[]; licenses: string[] },
): Promise<Array<Pick<DriverBrief, 'id' | 'first_name' | 'last_name' | 'email' | 'license_number'>>> {
  if (keys.emails.length === 0 && keys.licenses.length === 0) return Promise.resolve([]);
  return drivers(t)
    .select(['d.id', 'd.first_name', 'd.last_name', 'd.email', 'd.license_number'])
    .where('d.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        ...(keys.emails.length > 0 ? [eb('d.email', 'in', keys.emails)] : []),
        ...(keys.licenses.length > 0 ? [eb('d.license_number', 'in', keys.licenses)] : []),
      ]),
    )
    .orderBy('d.id')
    .execute();
}

/** What a write sets: the row's own columns. */
export type DriverValues = PayoutColumns &
  Omit<
    DriverRow,
    | keyof PayoutColumns
    | 'id'
    | 'carrier_name'
    | 'license_type_name'
    | 'warehouse_name'
    | 'truck_name'
    | 'invited_at'
    | 'restore_status'
    | 'created_at'
    | 'updated_at'
    | 'deleted_at'
  >;

export async function insertDriver(t: Tenant, values: DriverValues): Promise<number> {
  return (await t.insert('drivers', values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateDriver(t: Tenant, id: number, values: Partial<DriverValues>): Promise<void> {
  await t
    .update('drivers')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Deletes live drivers: status Deleted, the status they had kept for a restore. */
export async function markDeleted(t: Tenant, ids: number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await t
    .update('drivers')
    .set((eb) => ({ restore_status: eb.ref('status'), status: 'Deleted', deleted_at: at, updated_at: at }))
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Gives drivers a status other than Deleted; a deleted one is restored with it. */
export async function setStatus(t: Tenant, ids: number[], status: string): Promise<void> {
  if (ids.length === 0) return;
  await t.update('drivers').set({ status, deleted_at: null, restore_status: null, updated_at: new Date() }).where('id', 'in', ids).execute();
}

/** Restores a deleted driver with the status it had. */
export async function restore(t: Tenant, id: number): Promise<void> {
  await t
    .update('drivers')
    .set((eb) => ({ status: eb.fn.coalesce('restore_status', sql.lit('Active')), deleted_at: null, restore_status: null, updated_at: new Date() }))
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .execute();
}

export async function setApproval(t: Tenant, id: number, approval: string): Promise<void> {
  await t.update('drivers').set({ approval_status: approval, updated_at: new Date() }).where('id', '=', id).execute();
}

export async function setInvitation(t: Tenant, id: number, invitation: { tokenHash: string; expiresAt: Date; status: string }): Promise<void> {
  const now = new Date();
  await t
    .update('drivers')
    .set({
      invitation_token_hash: invitation.tokenHash,
      invitation_expires_at: invitation.expiresAt,
      invited_at: now,
      status: invitation.status,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/** A driver erased for good (not logged: the audit row tells it); areas with records naming it let go. */
export const driverPurged = companyEvent<{ driverId: number }>('driver.purged');

export async function deleteDriver(t: Tenant, id: number): Promise<void> {
  await t.delete('drivers').where('id', '=', id).execute();
}

/** The drivers (deleted ones too) whose default truck is one of these have none afterwards: a
 *  default truck is a live one, which dispatch proposes. Answers them, with the truck each had. */
/** Drivers based at deleted warehouses lose them as their home. */
export async function clearHomeWarehouse(t: Tenant, warehouseIds: number[]): Promise<void> {
  if (warehouseIds.length === 0) return;
  await t.update('drivers').set({ home_warehouse_id: null, updated_at: new Date() }).where('home_warehouse_id', 'in', warehouseIds).execute();
}

export async function clearDefaultTrucks(t: Tenant, truckIds: number[]): Promise<Array<{ id: number; truck_id: number }>> {
  if (truckIds.length === 0) return [];
  const held = await drivers(t).select(['d.id', 'd.default_truck_id']).where('d.default_truck_id', 'in', truckIds).orderBy('d.id').execute();
  if (held.length === 0) return [];
  await t
    .update('drivers')
    .set({ default_truck_id: null, updated_at: new Date() })
    .where(
      'id',
      'in',
      held.map((r) => r.id),
    )
    .execute();
  return held.map((r) => ({ id: r.id, truck_id: r.default_truck_id! }));
}
