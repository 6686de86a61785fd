// SQL of warehouses, in the company's transaction. A warehouse's place is a row of `addresses` of
// kind 'warehouse' that only this area writes (customers' address rules never see it: they read
// kind 'customer'); the two rows are written and removed together.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { likePattern, type SortSpec } from '../../platform/paging.js';
import type { WarehouseRow } from './warehouses.schemas.js';

const COLUMNS = [
  'w.id', 'w.name', 'w.code', 'w.email', 'w.opening_hours', 'w.is_active', 'w.created_at', 'w.updated_at', 'w.address_id',
  'a.name as a_name', 'a.street', 'a.street2', 'a.city', 'a.state', 'a.postal_code', 'a.country', 'a.latitude', 'a.longitude',
  'a.is_hub', 'a.contact_name', 'a.contact_phone', 'a.notes', 'a.created_at as a_created_at', 'a.updated_at as a_updated_at',
] as const;

export interface WarehouseFilter {
  /** Contained in the name, the code or the address (any case). */
  search: string | null;
  cities: string[] | null;
  states: string[] | null;
  /** Normalized (upper-case) postal codes. */
  zips: string[] | null;
  countries: string[] | null;
  isActive: boolean | null;
}

export type WarehouseSort = 'name' | 'created_at';

const NO_FILTER: WarehouseFilter = { search: null, cities: null, states: null, zips: null, countries: null, isActive: null };

function warehouses(t: Tenant, f: WarehouseFilter) {
  let q = t.db.selectFrom('warehouses as w')
    .innerJoin('addresses as a', (j) => j.onRef('a.company_id', '=', 'w.company_id').onRef('a.id', '=', 'w.address_id'))
    .where('w.company_id', '=', t.companyId);
  if (f.search) {
    const pattern = likePattern(f.search.toLowerCase());
    q = q.where((eb) => eb.or([
      eb(eb.fn('lower', ['w.name']), 'like', pattern),
      eb(sql`lower(coalesce(w.code, ''))`, 'like', pattern),
      eb('a.search_text', 'like', pattern),
    ]));
  }
  if (f.cities) q = q.where(sql`lower(a.city)`, 'in', f.cities.map((c) => c.trim().toLowerCase()));
  if (f.states) q = q.where(sql`lower(a.state)`, 'in', f.states.map((s) => s.trim().toLowerCase()));
  if (f.zips) q = q.where(sql`upper(a.postal_code)`, 'in', f.zips);
  if (f.countries) q = q.where('a.country', 'in', f.countries);
  if (f.isActive !== null) q = q.where('w.is_active', '=', f.isActive);
  return q;
}

export function listWarehouses(t: Tenant, f: WarehouseFilter, sort: SortSpec<WarehouseSort>, limit: number, offset: number): Promise<WarehouseRow[]> {
  const direction = sort.descending ? 'desc' : 'asc';
  const column = sort.by === 'name' ? sql`lower(w.name)` : sql`w.created_at`;
  return warehouses(t, f).select(COLUMNS).orderBy(column, direction).orderBy('w.id', direction).limit(limit).offset(offset).execute();
}

export async function countWarehouses(t: Tenant, f: WarehouseFilter): Promise<number> {
  const row = await warehouses(t, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findWarehouse(t: Tenant, id: number): Promise<WarehouseRow | undefined> {
  return warehouses(t, NO_FILTER).select(COLUMNS).where('w.id', '=', id).executeTakeFirst();
}

export interface Duplicate {
  id: number;
  name: string;
  reason: 'Name' | 'Address' | 'Code';
}

/** The company's warehouses (other than `exceptId`) with the same name key, address key or code. */
export async function duplicatesOf(t: Tenant, keys: { name: string | null; address: string | null; code: string | null }, exceptId: number | null): Promise<Duplicate[]> {
  if (!keys.name && !keys.address && !keys.code) return [];
  let q = warehouses(t, NO_FILTER).select(['w.id', 'w.name', 'w.name_key', 'w.code', 'a.normalized_key'])
    .where((eb) => eb.or([
      ...(keys.name ? [eb('w.name_key', '=', keys.name)] : []),
      ...(keys.address ? [eb('a.normalized_key', '=', keys.address)] : []),
      ...(keys.code ? [eb('w.code', '=', keys.code)] : []),
    ]));
  if (exceptId !== null) q = q.where('w.id', '<>', exceptId);
  const rows = await q.orderBy('w.id').execute();
  const out: Duplicate[] = [];
  for (const r of rows) {
    if (keys.name && r.name_key === keys.name) out.push({ id: r.id, name: r.name, reason: 'Name' });
    if (keys.address && r.normalized_key === keys.address) out.push({ id: r.id, name: r.name, reason: 'Address' });
    if (keys.code && r.code === keys.code) out.push({ id: r.id, name: r.name, reason: 'Code' });
  }
  return out;
}

export interface WarehouseValues {
  name: string;
  name_key: string;
  code: string | null;
  email: string | null;
  opening_hours: string | null;
  is_active: boolean;
}

export interface PlaceValues {
  name: string;
  street: string;
  street2: string | null;
  city: string;
  state: string | null;
  postal_code: string | null;
  country: string;
  latitude: number | null;
  longitude: number | null;
  contact_name: string | null;
  contact_phone: string | null;
  notes: string | null;
  normalized_key: string;
}

export async function insertWarehouse(t: Tenant, values: WarehouseValues, place: PlaceValues): Promise<number> {
  const address = await t.db.insertInto('addresses')
    .values({ company_id: t.companyId, kind: 'warehouse', customer_id: null, is_main: false, is_hub: false, ...place })
    .returning('id').executeTakeFirstOrThrow();
  const row = await t.db.insertInto('warehouses').values({ company_id: t.companyId, address_id: address.id, ...values })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateWarehouse(t: Tenant, current: WarehouseRow, values: WarehouseValues, place: PlaceValues): Promise<void> {
  const now = new Date();
  await t.db.updateTable('addresses').set({ ...place, updated_at: now })
    .where('company_id', '=', t.companyId).where('id', '=', current.address_id).where('kind', '=', 'warehouse').execute();
  await t.db.updateTable('warehouses').set({ ...values, updated_at: now })
    .where('company_id', '=', t.companyId).where('id', '=', current.id).execute();
}

/** Removes the warehouse and its address. */
export async function deleteWarehouse(t: Tenant, current: WarehouseRow): Promise<void> {
  await t.db.deleteFrom('warehouses').where('company_id', '=', t.companyId).where('id', '=', current.id).execute();
  await t.db.deleteFrom('addresses').where('company_id', '=', t.companyId).where('id', '=', current.address_id).where('kind', '=', 'warehouse').execute();
}
