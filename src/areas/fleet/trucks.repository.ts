// SQL of the company's trucks, through the company door. Lists are paged in SQL along the live
// trucks' indexes: (company_id, lower(name)), (company_id, lower(plate_number), id) and
// (company_id, created_at, id); each truck is read with its type's name (one join, on the page only).
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { companyEvent } from '../../platform/events.js';
import { pagedList } from '../../platform/list.js';
import { likePattern } from '../../platform/paging.js';
import { companyRecords } from '../../platform/records.js';
import { type TruckRow, TrucksQuery, toTruck } from './trucks.schemas.js';

/** Trucks the company deleted (deleted_at set): records keeping a truck as a live one (a driver's
 *  default truck) let go of it, in the same transaction. Subscribers: drivers. */
export const trucksDeleted = companyEvent<{ truckIds: number[] }>('trucks.deleted');

/** Trucks of deleted truck types lose the type (live trucks keep theirs: such a type is not deleted). */
export async function clearTypeOfTruck(t: Tenant, typeIds: number[]): Promise<void> {
  if (typeIds.length === 0) return;
  await t.update('trucks').set({ type_of_truck_id: null }).where('type_of_truck_id', 'in', typeIds).execute();
}

/** The company's live trucks. */
const live = (t: Tenant) => t.select('trucks as k').where('k.deleted_at', 'is', null);

function withType<Q extends ReturnType<typeof live>>(q: Q) {
  return q
    .leftJoin('type_of_trucks as y', (j) => j.onRef('y.company_id', '=', 'k.company_id').onRef('y.id', '=', 'k.type_of_truck_id'))
    .select([
      'k.id',
      'k.name',
      'k.plate_number',
      'k.plate_state',
      'k.vin',
      'k.make',
      'k.model',
      'k.year',
      'k.type_of_truck_id',
      'y.name as type_name',
      'k.status',
      'k.capacity_weight',
      'k.weight_unit',
      'k.capacity_pallets',
      'k.capacity_volume',
      'k.volume_unit',
      'k.telematics_vehicle_id',
      'k.notes',
      'k.created_at',
      'k.updated_at',
      'k.deleted_at',
    ]);
}

/** Live trucks: a deleted one reads as missing ("Truck 5 was not found."). */
export const truckRecords = companyRecords<TruckRow>({
  name: 'truck',
  what: 'Truck',
  read: (t, ids) => withType(live(t)).where('k.id', 'in', ids).execute(),
});

export const listTrucks = pagedList({
  query: TrucksQuery,
  from: live,
  filters: {
    // Contained (any case) in the unit name, plate, VIN, make or model.
    SearchTerm: (q, term) =>
      q.where(sql<boolean>`lower(concat_ws(' ', k.name, k.plate_number, k.vin, k.make, k.model)) like ${likePattern(term.toLowerCase())}`),
    status: (q, statuses) => q.where('k.status', 'in', statuses),
    typeOfTruckIds: (q, ids) => q.where('k.type_of_truck_id', 'in', ids),
  },
  sortable: {
    name: [sql`lower(k.name)`, 'k.id'],
    plateNumber: [sql`lower(k.plate_number)`, 'k.id'],
    createdAt: ['k.created_at', 'k.id'],
  },
  select: withType,
  map: (rows: TruckRow[]) => rows.map(toTruck),
});

/** Live trucks paired with these telematics vehicles. */
export function trucksOfVehicles(t: Tenant, vehicleIds: string[]): Promise<Array<{ id: number; telematics_vehicle_id: string | null }>> {
  if (vehicleIds.length === 0) return Promise.resolve([]);
  return live(t).select(['k.id', 'k.telematics_vehicle_id']).where('k.telematics_vehicle_id', 'in', vehicleIds).execute();
}

export type TruckClash = 'name' | 'vin' | 'telematics_vehicle_id';

/** Another live truck with the same unit name (any case), VIN or telematics vehicle. */
export async function clashOf(
  t: Tenant,
  keys: { name?: string | undefined; vin?: string | null | undefined; telematics_vehicle_id?: string | null | undefined },
  exceptId: number | null,
): Promise<{ id: number; name: string; on: TruckClash } | null> {
  const tests: Array<[TruckClash, string]> = [];
  if (keys.name) tests.push(['name', keys.name.toLowerCase()]);
  if (keys.vin) tests.push(['vin', keys.vin]);
  if (keys.telematics_vehicle_id) tests.push(['telematics_vehicle_id', keys.telematics_vehicle_id]);
  if (tests.length === 0) return null;
  let q = live(t)
    .select(['k.id', 'k.name', 'k.vin', 'k.telematics_vehicle_id'])
    .where((eb) => eb.or(tests.map(([on, value]) => (on === 'name' ? eb(sql`lower(k.name)`, '=', value) : eb(`k.${on}`, '=', value)))));
  if (exceptId !== null) q = q.where('k.id', '<>', exceptId);
  const row = await q.orderBy('k.id').executeTakeFirst();
  if (!row) return null;
  const on = tests.find(([column, value]) => (column === 'name' ? row.name.toLowerCase() === value : row[column] === value))![0];
  return { id: row.id, name: row.name, on };
}

export type TruckValues = Omit<TruckRow, 'id' | 'type_name' | 'created_at' | 'updated_at' | 'deleted_at'>;

export async function insertTruck(t: Tenant, values: Partial<TruckValues> & { name: string }): Promise<number> {
  return (await t.insert('trucks', values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateTruck(t: Tenant, id: number, values: Partial<TruckValues>): Promise<void> {
  await t
    .update('trucks')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Marks a truck deleted; it stays for the records that point at it. */
export async function markDeleted(t: Tenant, id: number, at: Date): Promise<void> {
  await t.update('trucks').set({ deleted_at: at, updated_at: at }).where('id', '=', id).execute();
}
