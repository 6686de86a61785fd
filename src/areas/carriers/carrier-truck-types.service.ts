// Rules of the truck types a carrier runs: a type of the company's list, once per carrier
// (outsource_truck_types.duplicate_type); rows are deleted for good.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { fail } from '../../platform/errors.js';
import { columnsOf, text, type Writers } from '../../platform/writes.js';
import * as repo from './carrier-truck-types.repository.js';
import {
  type CarrierTruckTypeRow,
  type OutsourceCompanyTypeOfTruckCreateDtoT,
  type OutsourceCompanyTypeOfTruckDtoT,
  type OutsourceCompanyTypeOfTruckUpdateDtoT,
  toCarrierTruckType,
} from './carrier-truck-types.schemas.js';
import { CarriersErrors } from './carriers.errors.js';
import type { OutsourceCompanyRow } from './carriers.schemas.js';
import type { TypeOfTruckRow } from './type-of-trucks.schemas.js';

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

/** The type (one of the company's list, as the gate read it) is in no other row of the carrier. */
type TypeNamed = Pick<TypeOfTruckRow, 'id' | 'name'>;
async function checkType(t: Tenant, outsourceCompanyId: number, type: TypeNamed | undefined, exceptId: number | null): Promise<void> {
  if (type === undefined) return;
  const other = await repo.rowForType(t, outsourceCompanyId, type.id, exceptId);
  if (other !== null)
    throw fail(CarriersErrors.truckTypeDuplicate, `Carrier ${outsourceCompanyId} already runs "${type.name}" (row ${other}); change that row instead.`);
}

/** The services take the records the request names as the id gate read them (routes' `ids`). */
export function carrierTruckTypesService() {
  /** A row this request wrote, read again. */
  const reread = async (t: Tenant, id: number) => toCarrierTruckType(await repo.carrierTruckTypeRecords.reread(t, id));

  return {
    async list(t: Tenant, carrier: OutsourceCompanyRow): Promise<OutsourceCompanyTypeOfTruckDtoT[]> {
      return (await repo.rowsOf(t, carrier.id)).map(toCarrierTruckType);
    },

    read: (row: CarrierTruckTypeRow): OutsourceCompanyTypeOfTruckDtoT => toCarrierTruckType(row),

    /** For a live carrier and the type `typeOfTruckId` names (the route's gate read both). */
    async create(t: Tenant, input: OutsourceCompanyTypeOfTruckCreateDtoT, type: TypeNamed): Promise<OutsourceCompanyTypeOfTruckDtoT> {
      await checkType(t, input.outsourceCompanyId, type, null);
      const id = await repo.insertRow(t, input.outsourceCompanyId, columnsOf(input, WRITERS, 'all') as repo.CarrierTruckTypeValues);
      const created = await reread(t, id);
      await audit(t, { action: 'outsource_truck_type.create', entityType: 'outsource_truck_type', entityId: id, after: created });
      return created;
    },

    /** Changes the fields sent and keeps the others; `type`: the one typeOfTruckId names, when sent. */
    async update(
      t: Tenant,
      current: CarrierTruckTypeRow,
      input: OutsourceCompanyTypeOfTruckUpdateDtoT,
      type: TypeNamed | undefined,
    ): Promise<OutsourceCompanyTypeOfTruckDtoT> {
      const id = current.id;
      if (input.outsourceCompanyId !== undefined && input.outsourceCompanyId !== null && input.outsourceCompanyId !== current.outsource_company_id) {
        throw fail(CarriersErrors.truckTypeCarrierChange, 'A row stays with its carrier; add one to the other carrier instead.');
      }
      await checkType(t, current.outsource_company_id, type, id);
      await repo.updateRow(t, id, columnsOf(input, WRITERS, 'sent'));
      const after = await reread(t, id);
      await audit(t, { action: 'outsource_truck_type.update', entityType: 'outsource_truck_type', entityId: id, before: toCarrierTruckType(current), after });
      return after;
    },

    /** Deletes the rows for good (all of them: the gate found every one). */
    async remove(t: Tenant, rows: CarrierTruckTypeRow[]): Promise<null> {
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
