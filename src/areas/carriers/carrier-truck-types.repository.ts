// SQL of the truck types carriers run, through the company door; each row is read with its type's
// name (one join). Rows of deleted carriers are kept but never found here.
import type { Tenant } from '../../db/tenant.js';
import { companyRecords } from '../../platform/records.js';
import type { OfCarrier } from './carrier-lookup.js';
import type { CarrierTruckTypeRow } from './carrier-truck-types.schemas.js';

function rows(t: Tenant) {
  return t
    .select('outsource_company_type_of_trucks as r')
    .innerJoin('type_of_trucks as y', (j) => j.onRef('y.company_id', '=', 'r.company_id').onRef('y.id', '=', 'r.type_of_truck_id'))
    .innerJoin('outsource_companies as o', (j) => j.onRef('o.company_id', '=', 'r.company_id').onRef('o.id', '=', 'r.outsource_company_id'))
    .where('o.deleted_at', 'is', null)
    .select([
      'r.id',
      'r.outsource_company_id',
      'r.type_of_truck_id',
      'y.name as type_name',
      'r.truck_count',
      'r.fixed_rate',
      'r.rate_per_distance',
      'r.distance_unit',
      'r.rate_per_hour',
      'r.rate_per_pallet',
      'r.currency',
      'r.notes',
      'r.created_at',
      'r.updated_at',
    ]);
}

/** Rows of live carriers; with `carrierId`, only that carrier's. */
export const carrierTruckTypeRecords = companyRecords<CarrierTruckTypeRow, number, OfCarrier>({
  name: 'carrier_truck_type',
  what: 'Carrier truck type',
  read: (t, ids, options) => {
    const q = rows(t).where('r.id', 'in', ids);
    return (options?.carrierId === undefined ? q : q.where('r.outsource_company_id', '=', options.carrierId)).execute();
  },
});

/** A carrier's rows, by type name. */
export function rowsOf(t: Tenant, outsourceCompanyId: number): Promise<CarrierTruckTypeRow[]> {
  return rows(t).where('r.outsource_company_id', '=', outsourceCompanyId).orderBy('y.name').orderBy('r.id').execute();
}

/** The carrier's row for a type, other than `exceptId`. */
export async function rowForType(t: Tenant, outsourceCompanyId: number, typeOfTruckId: number, exceptId: number | null): Promise<number | null> {
  let q = t
    .select('outsource_company_type_of_trucks')
    .select('id')
    .where('outsource_company_id', '=', outsourceCompanyId)
    .where('type_of_truck_id', '=', typeOfTruckId);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst())?.id ?? null;
}

export type CarrierTruckTypeValues = Omit<CarrierTruckTypeRow, 'id' | 'outsource_company_id' | 'type_name' | 'created_at' | 'updated_at'>;

export async function insertRow(t: Tenant, outsourceCompanyId: number, values: CarrierTruckTypeValues): Promise<number> {
  return (
    await t
      .insert('outsource_company_type_of_trucks', { outsource_company_id: outsourceCompanyId, ...values })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export async function updateRow(t: Tenant, id: number, values: Partial<CarrierTruckTypeValues>): Promise<void> {
  await t
    .update('outsource_company_type_of_trucks')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteRows(t: Tenant, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await t.delete('outsource_company_type_of_trucks').where('id', 'in', ids).execute();
}
