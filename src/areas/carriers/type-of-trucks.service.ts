// Rules of the company's truck types: names unique (any case); a type that live trucks or live
// carriers use is not deleted (type_of_trucks.in_use) — deleted trucks lose it, deleted carriers'
// rows go with it.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import type { Paged } from '../../platform/envelope.js';
import { fail, invalid, notFound } from '../../platform/errors.js';
import { pageOf, paged, sortOf } from '../../platform/paging.js';
import { columnsOf, text, type Writers } from '../../platform/writes.js';
import * as repo from './type-of-trucks.repository.js';
import {
  toTypeOfTruck, type TypeOfTruckCreateDtoT, type TypeOfTruckDtoT, type TypeOfTruckRow, type TypeOfTrucksQueryT, type TypeOfTruckUpdateDtoT,
} from './type-of-trucks.schemas.js';
import { CarriersErrors } from './carriers.errors.js';

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

export async function requireTypeOfTruck(t: Tenant, id: number): Promise<TypeOfTruckRow> {
  const row = (await repo.findTypes(t, [id]))[0];
  if (!row) throw notFound('Type of truck', id);
  return row;
}

async function checkName(t: Tenant, name: string | undefined, exceptId: number | null): Promise<void> {
  if (name === undefined) return;
  const clash = await repo.typeNamed(t, name, exceptId);
  if (clash) throw fail(CarriersErrors.typeOfTruckDuplicateName, `Type of truck ${clash.id} is already named "${clash.name}"; names are unique.`);
}

export function typeOfTrucksService() {
  return {
    async list(t: Tenant, q: TypeOfTrucksQueryT): Promise<Paged<TypeOfTruckDtoT>> {
      const page = pageOf(q);
      const sort = sortOf(q, { name: 'name', createdAt: 'created_at' } as const, { by: 'name', descending: false });
      const search = q.SearchTerm?.trim() || null;
      const [rows, total] = await Promise.all([repo.listTypes(t, search, sort, page.limit, page.offset), repo.countTypes(t, search)]);
      return paged(rows.map(toTypeOfTruck), page, total);
    },

    read: async (t: Tenant, id: number): Promise<TypeOfTruckDtoT> => toTypeOfTruck(await requireTypeOfTruck(t, id)),

    async create(t: Tenant, input: TypeOfTruckCreateDtoT): Promise<TypeOfTruckDtoT> {
      const values = columnsOf(input, WRITERS, 'all') as repo.TypeOfTruckValues;
      await checkName(t, values.name, null);
      const id = await repo.insertType(t, values);
      const created = toTypeOfTruck(await requireTypeOfTruck(t, id));
      await audit(t, { action: 'type_of_truck.create', entityType: 'type_of_truck', entityId: id, after: created });
      return created;
    },

    /** Changes the fields sent and keeps the others. */
    async update(t: Tenant, id: number, input: TypeOfTruckUpdateDtoT): Promise<TypeOfTruckDtoT> {
      const before = toTypeOfTruck(await requireTypeOfTruck(t, id));
      const values = columnsOf(input, WRITERS, 'sent');
      await checkName(t, values.name, id);
      await repo.updateType(t, id, values);
      const after = toTypeOfTruck(await requireTypeOfTruck(t, id));
      await audit(t, { action: 'type_of_truck.update', entityType: 'type_of_truck', entityId: id, before, after });
      return after;
    },

    async remove(t: Tenant, id: number): Promise<null> {
      const before = toTypeOfTruck(await requireTypeOfTruck(t, id));
      const uses = await repo.liveUses(t, id);
      if (uses.trucks + uses.carriers > 0) {
        throw fail(CarriersErrors.typeOfTruckInUse, `Type of truck ${id} "${before.name}" is used by ${uses.trucks} truck(s) and ${uses.carriers} carrier(s); change those first.`);
      }
      await repo.deleteType(t, id);
      await audit(t, { action: 'type_of_truck.delete', entityType: 'type_of_truck', entityId: id, before });
      return null;
    },
  };
}

export type TypeOfTrucksService = ReturnType<typeof typeOfTrucksService>;
