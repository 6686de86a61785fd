// SQL of warehouses, through the company door. A warehouse's place is an address of kind
// 'warehouse', which the customers area owns and writes for us (addSiteAddress...); here it is read
// joined, and the two rows are written and removed together in the caller's transaction.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { companyEvent } from '../../platform/events.js';
import { pagedList } from '../../platform/list.js';
import { likePattern } from '../../platform/paging.js';
import { companyRecords } from '../../platform/records.js';
import { toWarehouse, type WarehouseRow, WarehousesQuery } from './warehouses.schemas.js';

const COLUMNS = [
  'w.id',
  'w.name',
  'w.code',
  'w.email',
  'w.opening_hours',
  'w.is_active',
  'w.created_at',
  'w.updated_at',
  'w.address_id',
  'a.name as a_name',
  'a.street',
  'a.street2',
  'a.city',
  'a.state',
  'a.postal_code',
  'a.country',
  'a.latitude',
  'a.longitude',
  'a.is_hub',
  'a.contact_name',
  'a.contact_phone',
  'a.notes',
  'a.created_at as a_created_at',
  'a.updated_at as a_updated_at',
] as const;

/** Warehouses with their place. */
const warehouses = (t: Tenant) =>
  t.select('warehouses as w').innerJoin('addresses as a', (j) => j.onRef('a.company_id', '=', 'w.company_id').onRef('a.id', '=', 'w.address_id'));

export const warehouseRecords = companyRecords<WarehouseRow>({
  name: 'warehouse',
  what: 'Warehouse',
  read: (t, ids) => warehouses(t).select(COLUMNS).where('w.id', 'in', ids).execute(),
});

export const listWarehouses = pagedList({
  query: WarehousesQuery,
  from: warehouses,
  filters: {
    // Contained in the name, the code or the address (any case).
    SearchTerm: (q, term) => {
      const pattern = likePattern(term.toLowerCase());
      return q.where((eb) =>
        eb.or([eb(eb.fn('lower', ['w.name']), 'like', pattern), eb(sql`lower(coalesce(w.code, ''))`, 'like', pattern), eb('a.search_text', 'like', pattern)]),
      );
    },
    Cities: (q, cities) =>
      q.where(
        sql`lower(a.city)`,
        'in',
        cities.map((c) => c.trim().toLowerCase()),
      ),
    States: (q, states) =>
      q.where(
        sql`lower(a.state)`,
        'in',
        states.map((s) => s.trim().toLowerCase()),
      ),
    Zip: (q, zips) =>
      q.where(
        sql`upper(a.postal_code)`,
        'in',
        zips.map((z) => z.trim().toUpperCase()),
      ),
    Countries: (q, countries) =>
      q.where(
        'a.country',
        'in',
        countries.map((c) => c.trim().toUpperCase()),
      ),
    isActive: (q, active) => q.where('w.is_active', '=', active),
  },
  sortable: { name: [sql`lower(w.name)`, 'w.id'], createdAt: ['w.created_at', 'w.id'] },
  select: (q) => q.select(COLUMNS),
  map: (rows) => rows.map(toWarehouse),
});

export interface Duplicate {
  id: number;
  name: string;
  reason: 'Name' | 'Address' | 'Code';
}

/** The company's warehouses (other than `exceptId`) with the same name key, address key or code. */
export async function duplicatesOf(
  t: Tenant,
  keys: { name: string | null; address: string | null; code: string | null },
  exceptId: number | null,
): Promise<Duplicate[]> {
  if (!keys.name && !keys.address && !keys.code) return [];
  let q = warehouses(t)
    .select(['w.id', 'w.name', 'w.name_key', 'w.code', 'a.normalized_key'])
    .where((eb) =>
      eb.or([
        ...(keys.name ? [eb('w.name_key', '=', keys.name)] : []),
        ...(keys.address ? [eb('a.normalized_key', '=', keys.address)] : []),
        ...(keys.code ? [eb('w.code', '=', keys.code)] : []),
      ]),
    );
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

export async function insertWarehouse(t: Tenant, addressId: number, values: WarehouseValues): Promise<number> {
  return (
    await t
      .insert('warehouses', { address_id: addressId, ...values })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export async function updateWarehouse(t: Tenant, id: number, values: WarehouseValues): Promise<void> {
  await t
    .update('warehouses')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Announced before a warehouse is deleted: drivers based there lose it as their home first. */
export const warehousesDeleted = companyEvent<{ warehouseIds: number[] }>('warehouses.deleted');

export async function deleteWarehouse(t: Tenant, id: number): Promise<void> {
  await t.delete('warehouses').where('id', '=', id).execute();
}
