// Rules of the truck types a carrier runs: a type of the company's list, once per carrier
// (outsource_truck_types.duplicate_type); rows are deleted for good.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { fail } from '../../platform/errors.js';
import { columnsOf, text, type Writers } from '../../platform/writes.js';
import { recordOfCarrier, recordsOfCarrier, requireCarrier } from './carrier-lookup.js';
import * as repo from './carrier-truck-types.repository.js';
import {
  type OutsourceCompanyTypeOfTruckCreateDtoT,
  type OutsourceCompanyTypeOfTruckDtoT,
  type OutsourceCompanyTypeOfTruckUpdateDtoT,
  toCarrierTruckType,
} from './carrier-truck-types.schemas.js';
import { CarriersErrors } from './carriers.errors.js';
import { requireTypeOfTruck } from './type-of-trucks.service.js';

const WRITERS: Writers<OutsourceCompanyTypeOfTruckUpdateDtoT, repo.CarrierTruckTypeValues> = {
  id: () => ({}),
  outsourceCompanyId: () => ({}),
  typeOfTruckId: (v) => (v === undefined ? {} : { type_of_truck_id: v }),
  truckCount: (v) => ({ truck_count: v ?? null }),
  fixedRate: (v) => ({ fixed_rate: v ?? null }),
  ratePerDistance: (v) => ({ rate_per_distance: v ?? null }),
  distanceUnit: (v) => ({ distance_unit: v ?? 'mi' }),
  ratePerHour: (v) => ({ rate_per_hour: v ?? null }),
  ratePerPallet: (v) => ({ rate_per_pallet: v ?? null }),
  currency: (v) => ({ currency: text(v)?.toUpperCase() ?? 'USD' }),
  notes: (v) => ({ notes: text(v) }),
};

/** The type exists in the company's list and the carrier has no other row for it. */
async function checkType(t: Tenant, outsourceCompanyId: number, typeOfTruckId: number | undefined, exceptId: number | null): Promise<void> {
  if (typeOfTruckId === undefined) return;
  const type = await requireTypeOfTruck(t, typeOfTruckId);
  const other = await repo.rowForType(t, outsourceCompanyId, typeOfTruckId, exceptId);
  if (other !== null)
    throw fail(CarriersErrors.truckTypeDuplicate, `Carrier ${outsourceCompanyId} already runs "${type.name}" (row ${other}); change that row instead.`);
}

export function carrierTruckTypesService() {
  const read = async (t: Tenant, id: number) => toCarrierTruckType(await repo.carrierTruckTypeRecords.requireOne(t, id));

  return {
    async list(t: Tenant, outsourceCompanyId: number): Promise<OutsourceCompanyTypeOfTruckDtoT[]> {
      await requireCarrier(t, outsourceCompanyId);
      return (await repo.rowsOf(t, outsourceCompanyId)).map(toCarrierTruckType);
    },

    async read(t: Tenant, id: number, rowId: number | null | undefined): Promise<OutsourceCompanyTypeOfTruckDtoT> {
      return toCarrierTruckType(await recordOfCarrier(repo.carrierTruckTypeRecords, t, id, rowId));
    },

    async create(t: Tenant, input: OutsourceCompanyTypeOfTruckCreateDtoT): Promise<OutsourceCompanyTypeOfTruckDtoT> {
      await requireCarrier(t, input.outsourceCompanyId);
      await checkType(t, input.outsourceCompanyId, input.typeOfTruckId, null);
      const id = await repo.insertRow(t, input.outsourceCompanyId, columnsOf(input, WRITERS, 'all') as repo.CarrierTruckTypeValues);
      const created = await read(t, id);
      await audit(t, { action: 'outsource_truck_type.create', entityType: 'outsource_truck_type', entityId: id, after: created });
      return created;
    },

    /** Changes the fields sent and keeps the others. */
    async update(t: Tenant, id: number, input: OutsourceCompanyTypeOfTruckUpdateDtoT): Promise<OutsourceCompanyTypeOfTruckDtoT> {
      const current = await repo.carrierTruckTypeRecords.requireOne(t, id);
      if (input.outsourceCompanyId !== undefined && input.outsourceCompanyId !== null && input.outsourceCompanyId !== current.outsource_company_id) {
        throw fail(CarriersErrors.truckTypeCarrierChange, 'A row stays with its carrier; add one to the other carrier instead.');
      }
      await checkType(t, current.outsource_company_id, input.typeOfTruckId, id);
      await repo.updateRow(t, id, columnsOf(input, WRITERS, 'sent'));
      const after = await read(t, id);
      await audit(t, { action: 'outsource_truck_type.update', entityType: 'outsource_truck_type', entityId: id, before: toCarrierTruckType(current), after });
      return after;
    },

    async remove(t: Tenant, id: number, ids: number[] | null | undefined): Promise<null> {
      const rows = await recordsOfCarrier(repo.carrierTruckTypeRecords, t, id, ids);
      await repo.deleteRows(
        t,
        rows.map((r) => r.id),
      );
      for (const r of rows)
        await audit(t, { action: 'outsource_truck_type.delete', entityType: 'outsource_truck_type', entityId: r.id, before: toCarrierTruckType(r) });
      return null;
    },
  };
}

export type CarrierTruckTypesService = ReturnType<typeof carrierTruckTypesService>;
