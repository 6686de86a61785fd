// SQL of the company's truck types, through the company door: a named lookup (records, the list
// searched in the name and description and sorted by name or creation, the unique name, the
// refusal to delete one in use), paged along the unique (company_id, lower(name)) index or
// (company_id, created_at, id).
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { fail } from '../../platform/errors.js';
import { companyEvent } from '../../platform/events.js';
import { namedLookup } from '../../platform/named-lookup.js';
import { CarriersErrors } from './carriers.errors.js';
import { type TypeOfTruckRow, TypeOfTrucksQuery, toTypeOfTruck } from './type-of-trucks.schemas.js';

const COLUMNS = [
  'y.id',
  'y.name',
  'y.description',
  'y.capacity_weight',
  'y.weight_unit',
  'y.capacity_pallets',
  'y.capacity_volume',
  'y.volume_unit',
  'y.is_refrigerated',
  'y.created_at',
  'y.updated_at',
] as const;

/** Live users of a type: the company's trucks (the fleet area's table, read here as the type's
 *  owner decides whether it may go) and the rows of live carriers. */
async function liveUses(t: Tenant, id: number): Promise<{ trucks: number; carriers: number }> {
  const { rows } = await sql<{ trucks: number; carriers: number }>`
    select
      (select count(*)::int from trucks where company_id = ${t.companyId} and type_of_truck_id = ${id} and deleted_at is null) as trucks,
      (select count(*)::int from outsource_company_type_of_trucks r
         join outsource_companies o on o.company_id = r.company_id and o.id = r.outsource_company_id
        where r.company_id = ${t.companyId} and r.type_of_truck_id = ${id} and o.deleted_at is null) as carriers
  `.execute(t.db);
  return rows[0]!;
}

/** The company's truck types: by id, the list, the unique name, in use or not. */
export const typeOfTrucks = namedLookup({
  name: 'type_of_truck',
  what: 'Type of truck',
  alias: 'y',
  query: TypeOfTrucksQuery,
  from: (t: Tenant) => t.select('type_of_trucks as y'),
  columns: (q) => q.select(COLUMNS),
  search: ['y.name', 'y.description'],
  map: (rows: TypeOfTruckRow[]) => rows.map(toTypeOfTruck),
  duplicate: (clash) => fail(CarriersErrors.typeOfTruckDuplicateName, `Type of truck ${clash.id} is already named "${clash.name}"; names are unique.`),
  async inUse(t, row) {
    const uses = await liveUses(t, row.id);
    if (uses.trucks + uses.carriers === 0) return null;
    return fail(
      CarriersErrors.typeOfTruckInUse,
      `Type of truck ${row.id} "${row.name}" is used by ${uses.trucks} truck(s) and ${uses.carriers} carrier(s); change those first.`,
    );
  },
});

export const typeOfTruckRecords = typeOfTrucks.records;

/** The types among `ids` (those the company has). */
export function findTypes(t: Tenant, ids: number[]): Promise<TypeOfTruckRow[]> {
  return typeOfTruckRecords.findAll(t, ids);
}

/** The company's types by name (any case), for records made by name (demo data). */
export function typeIdsByName(t: Tenant, names: string[]): Promise<Map<string, number>> {
  return typeOfTrucks.idsByName(t, names);
}

export type TypeOfTruckValues = Omit<TypeOfTruckRow, 'id' | 'created_at' | 'updated_at'>;

export async function insertType(t: Tenant, values: Partial<TypeOfTruckValues> & { name: string }): Promise<number> {
  return (await t.insert('type_of_trucks', values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateType(t: Tenant, id: number, values: Partial<TypeOfTruckValues>): Promise<void> {
  await t
    .update('type_of_trucks')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Announced before a type is deleted: the fleet clears it from its (deleted) trucks first. */
export const typeOfTrucksDeleted = companyEvent<{ typeIds: number[] }>('type_of_trucks.deleted');

export async function deleteType(t: Tenant, id: number): Promise<void> {
  await t.delete('type_of_trucks').where('id', '=', id).execute();
}

/** The most the company's types of trucks carry: the largest weight (in `weightUnit` of that type)
 *  and the most pallets, each of whichever type holds it; null when no type says. */
export async function largestCapacity(t: Tenant): Promise<{ weight: number | null; weightUnit: string | null; pallets: number | null }> {
  const [heaviest, widest] = await Promise.all([
    t
      .select('type_of_trucks')
      .select(['capacity_weight', 'weight_unit'])
      .where('capacity_weight', 'is not', null)
      // Compared in one unit (a kg is 2.20462 lb).
      .orderBy(sql`capacity_weight * CASE weight_unit WHEN 'kg' THEN 2.20462 ELSE 1 END`, 'desc')
      .limit(1)
      .executeTakeFirst(),
    t
      .select('type_of_trucks')
      .select('capacity_pallets')
      .where('capacity_pallets', 'is not', null)
      .orderBy('capacity_pallets', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { weight: heaviest?.capacity_weight ?? null, weightUnit: heaviest?.weight_unit ?? null, pallets: widest?.capacity_pallets ?? null };
}
