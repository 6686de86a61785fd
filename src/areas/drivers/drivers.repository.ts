// SQL of drivers, in the company's transaction. Lists are paged in SQL along the indexes
// (company_id, lower(first_name), lower(last_name), id), (company_id, lower(last_name),
// lower(first_name), id) and (company_id, created_at, id); each driver is read with the names of
// its carrier, license type, home terminal and default truck (left joins on their keys). The
// carriers' and trucks' tables are joined as their areas' table files intend; the warehouses' table
// too, as the settings area exports no lookup of its own.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { likePattern, type SortSpec } from '../../platform/paging.js';
import type { PayoutColumns } from './driver-payout.js';
import type { DriverRow } from './drivers.schemas.js';

export interface DriverFilter {
  /** Contained (any case) in the name, email, phone or license number; its digits in the phone. */
  search: string | null;
  /** Contained (any case) in "first last". */
  name: string | null;
  ids: number[] | null;
  /** The record statuses listed (Deleted among them for deleted drivers). */
  statuses: readonly string[];
  types: string[] | null;
  payoutTypes: string[] | null;
  carrierIds: number[] | null;
}

export type DriverSort = 'name' | 'last_name' | 'created_at';

function drivers(t: Tenant, f: DriverFilter | null) {
  let q = t.db.selectFrom('drivers as d').where('d.company_id', '=', t.companyId);
  if (!f) return q;
  if (f.search) {
    const pattern = likePattern(f.search.toLowerCase());
    const digits = f.search.replace(/\D/g, '');
    const license = f.search.replace(/[\s-]/g, '').toUpperCase();
    q = q.where((eb) => eb.or([
      eb(sql`lower(concat_ws(' ', d.first_name, d.last_name, d.email, d.phone, d.license_number))`, 'like', pattern),
      ...(digits.length >= 3 ? [eb(sql`regexp_replace(coalesce(d.phone, ''), '[^0-9]', '', 'g')`, 'like', likePattern(digits))] : []),
      ...(license ? [eb('d.license_number', 'like', likePattern(license))] : []),
    ]));
  }
  if (f.name) q = q.where(sql<boolean>`lower(d.first_name || ' ' || d.last_name) like ${likePattern(f.name.toLowerCase())}`);
  if (f.ids) q = q.where('d.id', 'in', f.ids);
  if (f.statuses.length < 7) q = q.where('d.status', 'in', f.statuses);
  if (f.types) q = q.where('d.type', 'in', f.types);
  if (f.payoutTypes) q = q.where('d.payout_type', 'in', f.payoutTypes);
  if (f.carrierIds) q = q.where('d.outsource_company_id', 'in', f.carrierIds);
  return q;
}

function withNames<Q extends ReturnType<typeof drivers>>(q: Q) {
  return q
    .leftJoin('outsource_companies as o', (j) => j.onRef('o.company_id', '=', 'd.company_id').onRef('o.id', '=', 'd.outsource_company_id'))
    .leftJoin('license_types as l', (j) => j.onRef('l.company_id', '=', 'd.company_id').onRef('l.id', '=', 'd.license_type_id'))
    .leftJoin('warehouses as w', (j) => j.onRef('w.company_id', '=', 'd.company_id').onRef('w.id', '=', 'd.home_warehouse_id'))
    .leftJoin('trucks as k', (j) => j.onRef('k.company_id', '=', 'd.company_id').onRef('k.id', '=', 'd.default_truck_id'))
    .select([
      'd.id', 'd.first_name', 'd.last_name', 'd.email', 'd.phone', 'd.status', 'd.approval_status', 'd.type', 'd.outsource_company_id', 'o.name as carrier_name',
      'd.license_number', 'd.license_state', 'd.license_expires_on', 'd.license_type_id', 'l.name as license_type_name', 'd.hazmat_endorsement',
      'd.medical_card_expires_on', 'd.twic_expires_on', 'd.date_of_birth', 'd.hire_date', 'd.street', 'd.street2', 'd.city', 'd.state', 'd.postal_code', 'd.country',
      'd.emergency_contact_name', 'd.emergency_contact_phone', 'd.emergency_contact_relationship', 'd.home_warehouse_id', 'w.name as warehouse_name',
      'd.default_truck_id', 'k.name as truck_name', 'd.payout_type', 'd.hourly_rate', 'd.salary_amount', 'd.salary_period', 'd.rate_per_distance', 'd.distance_unit',
      'd.revenue_percent', 'd.fixed_cost_per_route', 'd.rate_per_pallet', 'd.payout_currency', 'd.notes', 'd.invited_at', 'd.restore_status',
      'd.created_at', 'd.updated_at', 'd.deleted_at',
    ]);
}

function ordered<Q extends ReturnType<typeof withNames>>(q: Q, sort: SortSpec<DriverSort>) {
  const direction = sort.descending ? 'desc' : 'asc';
  const first = sql`lower(d.first_name)`;
  const last = sql`lower(d.last_name)`;
  const columns = sort.by === 'name' ? [first, last] : sort.by === 'last_name' ? [last, first] : [sql`d.created_at`];
  let out = q;
  for (const column of columns) out = out.orderBy(column, direction) as Q;
  return out.orderBy('d.id', direction);
}

export function listDrivers(t: Tenant, f: DriverFilter, sort: SortSpec<DriverSort>, limit: number, offset: number): Promise<DriverRow[]> {
  return ordered(withNames(drivers(t, f)), sort).limit(limit).offset(offset).execute();
}

export async function countDrivers(t: Tenant, f: DriverFilter): Promise<number> {
  const row = await drivers(t, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A driver, deleted or not. */
export function findDriver(t: Tenant, id: number): Promise<DriverRow | undefined> {
  return withNames(drivers(t, null)).where('d.id', '=', id).executeTakeFirst();
}

/** The live drivers of a carrier, by name. */
export function driversOfCarrier(t: Tenant, carrierId: number): Promise<DriverRow[]> {
  const q = withNames(drivers(t, null)).where('d.outsource_company_id', '=', carrierId).where('d.deleted_at', 'is', null);
  return ordered(q, { by: 'name', descending: false }).execute();
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

/** The drivers among `ids` (deleted ones included), briefly. */
export function findBriefs(t: Tenant, ids: number[]): Promise<DriverBrief[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return drivers(t, null).select(['d.id', 'd.first_name', 'd.last_name', 'd.email', 'd.license_number', 'd.status', 'd.deleted_at']).where('d.id', 'in', ids).orderBy('d.id').execute();
}

export type DuplicateReason = 'Email' | 'Phone' | 'LicenseNumber';

export interface DriverDuplicate {
  id: number;
  name: string;
  reason: DuplicateReason;
}

/** Live drivers (other than `exceptIds`) with the same email, phone or license number, as stored. */
export async function duplicatesOf(t: Tenant, keys: { email: string | null; phone: string | null; license: string | null }, exceptIds: number[]): Promise<DriverDuplicate[]> {
  if (!keys.email && !keys.phone && !keys.license) return [];
  let q = drivers(t, null).select(['d.id', 'd.first_name', 'd.last_name', 'd.email', 'd.phone', 'd.license_number']).where('d.deleted_at', 'is', null)
    .where((eb) => eb.or([
      ...(keys.email ? [eb('d.email', '=', keys.email)] : []),
      ...(keys.phone ? [eb('d.phone', '=', keys.phone)] : []),
      ...(keys.license ? [eb('d.license_number', '=', keys.license)] : []),
    ]));
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
export function liveHolders(t: Tenant, keys: { emails: string[]; licenses: string[] }): Promise<Array<Pick<DriverBrief, 'id' | 'first_name' | 'last_name' | 'email' | 'license_number'>>> {
  if (keys.emails.length === 0 && keys.licenses.length === 0) return Promise.resolve([]);
  return drivers(t, null).select(['d.id', 'd.first_name', 'd.last_name', 'd.email', 'd.license_number']).where('d.deleted_at', 'is', null)
    .where((eb) => eb.or([
      ...(keys.emails.length > 0 ? [eb('d.email', 'in', keys.emails)] : []),
      ...(keys.licenses.length > 0 ? [eb('d.license_number', 'in', keys.licenses)] : []),
    ]))
    .orderBy('d.id').execute();
}

/** The warehouse's name, or undefined when the company has no such warehouse. */
export async function warehouseName(t: Tenant, id: number): Promise<string | undefined> {
  const row = await t.db.selectFrom('warehouses').select('name').where('company_id', '=', t.companyId).where('id', '=', id).executeTakeFirst();
  return row?.name;
}

/** What a write sets: the row's own columns. */
export type DriverValues = PayoutColumns & Omit<DriverRow, keyof PayoutColumns | 'id' | 'carrier_name' | 'license_type_name' | 'warehouse_name' | 'truck_name'
  | 'invited_at' | 'restore_status' | 'created_at' | 'updated_at' | 'deleted_at'>;

export async function insertDriver(t: Tenant, values: DriverValues): Promise<number> {
  const row = await t.db.insertInto('drivers').values({ company_id: t.companyId, ...values }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDriver(t: Tenant, id: number, values: Partial<DriverValues>): Promise<void> {
  await t.db.updateTable('drivers').set({ ...values, updated_at: new Date() }).where('company_id', '=', t.companyId).where('id', '=', id).execute();
}

/** Deletes live drivers: status Deleted, the status they had kept for a restore. */
export async function markDeleted(t: Tenant, ids: number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await t.db.updateTable('drivers').set((eb) => ({ restore_status: eb.ref('status'), status: 'Deleted', deleted_at: at, updated_at: at }))
    .where('company_id', '=', t.companyId).where('id', 'in', ids).where('deleted_at', 'is', null).execute();
}

/** Gives drivers a status other than Deleted; a deleted one is restored with it. */
export async function setStatus(t: Tenant, ids: number[], status: string): Promise<void> {
  if (ids.length === 0) return;
  await t.db.updateTable('drivers').set({ status, deleted_at: null, restore_status: null, updated_at: new Date() })
    .where('company_id', '=', t.companyId).where('id', 'in', ids).execute();
}

/** Restores a deleted driver with the status it had. */
export async function restore(t: Tenant, id: number): Promise<void> {
  await t.db.updateTable('drivers').set((eb) => ({ status: eb.fn.coalesce('restore_status', sql.lit('Active')), deleted_at: null, restore_status: null, updated_at: new Date() }))
    .where('company_id', '=', t.companyId).where('id', '=', id).where('deleted_at', 'is not', null).execute();
}

export async function setApproval(t: Tenant, id: number, approval: string): Promise<void> {
  await t.db.updateTable('drivers').set({ approval_status: approval, updated_at: new Date() }).where('company_id', '=', t.companyId).where('id', '=', id).execute();
}

export async function setInvitation(t: Tenant, id: number, invitation: { tokenHash: string; expiresAt: Date; status: string }): Promise<void> {
  const now = new Date();
  await t.db.updateTable('drivers')
    .set({ invitation_token_hash: invitation.tokenHash, invitation_expires_at: invitation.expiresAt, invited_at: now, status: invitation.status, updated_at: now })
    .where('company_id', '=', t.companyId).where('id', '=', id).execute();
}

export async function deleteDriver(t: Tenant, id: number): Promise<void> {
  await t.db.deleteFrom('drivers').where('company_id', '=', t.companyId).where('id', '=', id).execute();
}
