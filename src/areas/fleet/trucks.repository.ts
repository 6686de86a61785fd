// SQL of the company's trucks, in the company's transaction. Lists are paged in SQL along the live
// trucks' indexes: (company_id, lower(name)), (company_id, lower(plate_number), id) and
// (company_id, created_at, id); each truck is read with its type's name (one join).
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { likePattern, type SortSpec } from '../../platform/paging.js';
import type { TruckRow } from './trucks.schemas.js';

export interface TruckFilter {
  /** Contained (any case) in the unit name, plate, VIN, make or model. */
  search: string | null;
  statuses: string[] | null;
  typeIds: number[] | null;
}

export type TruckSort = 'name' | 'plate_number' | 'created_at';

const NO_FILTER: TruckFilter = { search: null, statuses: null, typeIds: null };

function trucks(t: Tenant, f: TruckFilter) {
  let q = t.db.selectFrom('trucks as k').where('k.company_id', '=', t.companyId).where('k.deleted_at', 'is', null);
  if (f.search) {
    const pattern = likePattern(f.search.toLowerCase());
    q = q.where(sql<boolean>`lower(concat_ws(' ', k.name, k.plate_number, k.vin, k.make, k.model)) like ${pattern}`);
  }
  if (f.statuses) q = q.where('k.status', 'in', f.statuses);
  if (f.typeIds) q = q.where('k.type_of_truck_id', 'in', f.typeIds);
  return q;
}

function withType<Q extends ReturnType<typeof trucks>>(q: Q) {
  return q.leftJoin('type_of_trucks as y', (j) => j.onRef('y.company_id', '=', 'k.company_id').onRef('y.id', '=', 'k.type_of_truck_id'))
    .select([
      'k.id', 'k.name', 'k.plate_number', 'k.plate_state', 'k.vin', 'k.make', 'k.model', 'k.year', 'k.type_of_truck_id', 'y.name as type_name', 'k.status',
      'k.capacity_weight', 'k.weight_unit', 'k.capacity_pallets', 'k.capacity_volume', 'k.volume_unit', 'k.telematics_vehicle_id', 'k.notes',
      'k.created_at', 'k.updated_at', 'k.deleted_at',
    ]);
}

export function listTrucks(t: Tenant, f: TruckFilter, sort: SortSpec<TruckSort>, limit: number, offset: number): Promise<TruckRow[]> {
  const direction = sort.descending ? 'desc' : 'asc';
  const column = sort.by === 'name' ? sql`lower(k.name)` : sort.by === 'plate_number' ? sql`lower(k.plate_number)` : sql`k.created_at`;
  return withType(trucks(t, f)).orderBy(column, direction).orderBy('k.id', direction).limit(limit).offset(offset).execute();
}

export async function countTrucks(t: Tenant, f: TruckFilter): Promise<number> {
  const row = await trucks(t, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A live truck. */
export function findTruck(t: Tenant, id: number): Promise<TruckRow | undefined> {
  return withType(trucks(t, NO_FILTER)).where('k.id', '=', id).executeTakeFirst();
}

/** Live trucks paired with these telematics vehicles. */
export function trucksOfVehicles(t: Tenant, vehicleIds: string[]): Promise<Array<{ id: number; telematics_vehicle_id: string | null }>> {
  if (vehicleIds.length === 0) return Promise.resolve([]);
  return trucks(t, NO_FILTER).select(['k.id', 'k.telematics_vehicle_id']).where('k.telematics_vehicle_id', 'in', vehicleIds).execute();
}

export type TruckClash = 'name' | 'vin' | 'telematics_vehicle_id';

/** Another live truck with the same unit name (any case), VIN or telematics vehicle. */
export async function clashOf(t: Tenant, keys: { name?: string | undefined; vin?: string | null | undefined; telematics_vehicle_id?: string | null | undefined }, exceptId: number | null)
  : Promise<{ id: number; name: string; on: TruckClash } | null> {
  const tests: Array<[TruckClash, string]> = [];
  if (keys.name) tests.push(['name', keys.name.toLowerCase()]);
  if (keys.vin) tests.push(['vin', keys.vin]);
  if (keys.telematics_vehicle_id) tests.push(['telematics_vehicle_id', keys.telematics_vehicle_id]);
  if (tests.length === 0) return null;
  let q = trucks(t, NO_FILTER).select(['k.id', 'k.name', 'k.vin', 'k.telematics_vehicle_id'])
    .where((eb) => eb.or(tests.map(([on, value]) => (on === 'name' ? eb(sql`lower(k.name)`, '=', value) : eb(`k.${on}`, '=', value)))));
  if (exceptId !== null) q = q.where('k.id', '<>', exceptId);
  const row = await q.orderBy('k.id').executeTakeFirst();
  if (!row) return null;
  const on = tests.find(([column, value]) => (column === 'name' ? row.name.toLowerCase() === value : row[column] === value))![0];
  return { id: row.id, name: row.name, on };
}

export type TruckValues = Omit<TruckRow, 'id' | 'type_name' | 'created_at' | 'updated_at' | 'deleted_at'>;

export async function insertTruck(t: Tenant, values: Partial<TruckValues> & { name: string }): Promise<number> {
  const row = await t.db.insertInto('trucks').values({ company_id: t.companyId, ...values }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTruck(t: Tenant, id: number, values: Partial<TruckValues>): Promise<void> {
  await t.db.updateTable('trucks').set({ ...values, updated_at: new Date() }).where('company_id', '=', t.companyId).where('id', '=', id).execute();
}

/** Marks a truck deleted; it stays for the records that point at it. */
export async function markDeleted(t: Tenant, id: number, at: Date): Promise<void> {
  await t.db.updateTable('trucks').set({ deleted_at: at, updated_at: at }).where('company_id', '=', t.companyId).where('id', '=', id).execute();
}

/** The drivers whose default truck it is have none afterwards (a default truck is a live one, which
 *  dispatch proposes); answers how many. The drivers' table is merged into the database type by
 *  the drivers area (src/areas/drivers/drivers.tables.ts). */
export async function clearDefaultTruck(t: Tenant, id: number, at: Date): Promise<number> {
  const result = await t.db.updateTable('drivers').set({ default_truck_id: null, updated_at: at })
    .where('company_id', '=', t.companyId).where('default_truck_id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
