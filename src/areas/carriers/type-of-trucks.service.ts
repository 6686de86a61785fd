// Rules of the company's truck types: names unique (any case); a type that live trucks or live
// carriers use is not deleted (type_of_trucks.in_use) — deleted trucks lose it (announced:
// typeOfTrucksDeleted, the fleet clears its own column), deleted carriers' rows go with it.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { invalid } from '../../platform/errors.js';
import { columnsOf, text, type Writers } from '../../platform/writes.js';
import * as repo from './type-of-trucks.repository.js';
import { type TypeOfTruckCreateDtoT, type TypeOfTruckDtoT, type TypeOfTruckRow, type TypeOfTruckUpdateDtoT, toTypeOfTruck } from './type-of-trucks.schemas.js';

const WRITERS: Writers<TypeOfTruckUpdateDtoT, repo.TypeOfTruckValues> = {
  name: (v) => {
    const name = text(v);
    if (!name) throw invalid('name', 'The name field is required.');
    return { name };
  },
  description: (v) => ({ description: text(v) }),
  capacityWeight: (v) => ({ capacity_weight: v ?? null }),
  weightUnit: (v) => ({ weight_unit: v ?? 'lb' }),
  capacityPallets: (v) => ({ capacity_pallets: v ?? null }),
  capacityVolume: (v) => ({ capacity_volume: v ?? null }),
  volumeUnit: (v) => ({ volume_unit: v ?? 'ft3' }),
  isRefrigerated: (v) => ({ is_refrigerated: v ?? false }),
};

/** The company's type of truck, or 404 "Type of truck 5 was not found.": how other areas check a
 *  type id of theirs (trucks); this area's routes declare theirs (route ids). */
export function requireTypeOfTruck(t: Tenant, id: number): Promise<TypeOfTruckRow> {
  return repo.typeOfTruckRecords.requireOne(t, id);
}

const checkName = (t: Tenant, name: string | undefined, exceptId: number | null) => repo.typeOfTrucks.checkName(t, name, exceptId);

/** The services take the records the request names as the id gate read them (routes' `ids`). */
export function typeOfTrucksService() {
  /** A type this request wrote, read again. */
  const reread = async (t: Tenant, id: number): Promise<TypeOfTruckDtoT> => toTypeOfTruck(await repo.typeOfTruckRecords.reread(t, id));

  return {
    list: repo.typeOfTrucks.list,

    read: (row: TypeOfTruckRow): TypeOfTruckDtoT => toTypeOfTruck(row),

    async create(t: Tenant, input: TypeOfTruckCreateDtoT): Promise<TypeOfTruckDtoT> {
      const values = columnsOf(input, WRITERS, 'all') as repo.TypeOfTruckValues;
      await checkName(t, values.name, null);
      const id = await repo.insertType(t, values);
      const created = await reread(t, id);
      await audit(t, { action: 'type_of_truck.create', entityType: 'type_of_truck', entityId: id, after: created });
      return created;
    },

    /** Changes the fields sent and keeps the others. */
    async update(t: Tenant, row: TypeOfTruckRow, input: TypeOfTruckUpdateDtoT): Promise<TypeOfTruckDtoT> {
      const id = row.id;
      const before = toTypeOfTruck(row);
      const values = columnsOf(input, WRITERS, 'sent');
      await checkName(t, values.name, id);
      await repo.updateType(t, id, values);
      const after = await reread(t, id);
      await audit(t, { action: 'type_of_truck.update', entityType: 'type_of_truck', entityId: id, before, after });
      return after;
    },

    /** Refused while live trucks or live carriers use the type (type_of_trucks.in_use). */
    async remove(t: Tenant, row: TypeOfTruckRow): Promise<null> {
      const id = row.id;
      const before = toTypeOfTruck(row);
      await repo.typeOfTrucks.refuseInUse(t, row);
      await t.announce(repo.typeOfTrucksDeleted, { typeIds: [id] });
      await repo.deleteType(t, id);
      await audit(t, { action: 'type_of_truck.delete', entityType: 'type_of_truck', entityId: id, before });
      return null;
    },
  };
}

export type TypeOfTrucksService = ReturnType<typeof typeOfTrucksService>;
