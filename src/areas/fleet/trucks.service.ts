// Rules of the company's trucks: a unit name, VIN and telematics vehicle belong to one live truck; a
// 17-character VIN of North America or China must carry its check digit (vin.ts); a new truck of a
// type takes the type's capacities unless it says otherwise; delete is a date (deleted_at), so
// routes, expenses and driver checks keep pointing at the truck — and the delete is announced
// (trucksDeleted), so no driver keeps it as default truck (the drivers area clears its own column).
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { fail, invalid } from '../../platform/errors.js';
import { columnsOf, text, type Writers } from '../../platform/writes.js';
import type { typeOfTruckRecords } from '../carriers/index.js';
import { FleetErrors } from './fleet.errors.js';
import * as repo from './trucks.repository.js';
import { type TruckInputT, type TruckT, type TruckUpdateT, toTruck } from './trucks.schemas.js';
import { checkVin } from './vin.js';

type TypeOfTruckRow = Awaited<ReturnType<typeof typeOfTruckRecords.reread>>;
type TruckRow = Awaited<ReturnType<typeof repo.truckRecords.reread>>;

function vinOf(v: string | null | undefined): string | null {
  const written = text(v);
  if (!written) return null;
  const { vin, problem } = checkVin(written);
  if (problem) throw invalid('vin', problem);
  return vin;
}

const WRITERS: Writers<TruckUpdateT, repo.TruckValues> = {
  id: () => ({}),
  name: (v) => {
    const name = text(v);
    if (!name) throw invalid('name', 'The name field is required.');
    return { name };
  },
  plateNumber: (v) => ({ plate_number: text(v)?.toUpperCase() ?? null }),
  plateState: (v) => ({ plate_state: text(v)?.toUpperCase() ?? null }),
  vin: (v) => ({ vin: vinOf(v) }),
  make: (v) => ({ make: text(v) }),
  model: (v) => ({ model: text(v) }),
  year: (v) => ({ year: v ?? null }),
  typeOfTruckId: (v) => ({ type_of_truck_id: v ?? null }),
  status: (v) => ({ status: v ?? 'Active' }),
  capacityWeight: (v) => ({ capacity_weight: v ?? null }),
  weightUnit: (v) => ({ weight_unit: v ?? 'lb' }),
  capacityPallets: (v) => ({ capacity_pallets: v ?? null }),
  capacityVolume: (v) => ({ capacity_volume: v ?? null }),
  volumeUnit: (v) => ({ volume_unit: v ?? 'ft3' }),
  telematicsVehicleId: (v) => ({ telematics_vehicle_id: text(v) }),
  notes: (v) => ({ notes: text(v) }),
};

const CLASH = {
  name: ['unit name', FleetErrors.duplicateName],
  vin: ['VIN', FleetErrors.duplicateVin],
  telematics_vehicle_id: ['telematics vehicle', FleetErrors.duplicateTelematicsVehicle],
} as const;

/** Unit name, VIN and telematics vehicle belong to one live truck. */
async function checkClashes(t: Tenant, values: Partial<repo.TruckValues>, exceptId: number | null): Promise<void> {
  const clash = await repo.clashOf(t, values, exceptId);
  if (clash) throw fail(CLASH[clash.on][1], `Truck ${clash.id} "${clash.name}" already has this ${CLASH[clash.on][0]}.`);
}

/** Capacities a new truck of a type (`type`: typeOfTruckId's row) takes from it when it does not give its own. */
function typeDefaults(input: TruckInputT, values: Partial<repo.TruckValues>, type: TypeOfTruckRow | undefined): void {
  if (values.type_of_truck_id === null || values.type_of_truck_id === undefined || type === undefined) return;
  if (input.capacityWeight === undefined)
    Object.assign(values, { capacity_weight: type.capacity_weight, ...(input.weightUnit === undefined ? { weight_unit: type.weight_unit } : {}) });
  if (input.capacityVolume === undefined)
    Object.assign(values, { capacity_volume: type.capacity_volume, ...(input.volumeUnit === undefined ? { volume_unit: type.volume_unit } : {}) });
  if (input.capacityPallets === undefined) values.capacity_pallets = type.capacity_pallets;
}

export function trucksService() {
  /** The truck as it is after a change of this request. */
  const reread = async (t: Tenant, id: number): Promise<TruckT> => toTruck(await repo.truckRecords.reread(t, id));

  return {
    list: repo.listTrucks,

    /** `truck`: the id gate's. */
    read: (_t: Tenant, truck: TruckRow): TruckT => toTruck(truck),

    /** `type`: the row of typeOfTruckId, as the id gate read it. */
    async create(t: Tenant, input: TruckInputT, type: TypeOfTruckRow | undefined): Promise<TruckT> {
      const values = columnsOf(input, WRITERS, 'all') as repo.TruckValues;
      typeDefaults(input, values, type);
      await checkClashes(t, values, null);
      const id = await repo.insertTruck(t, values);
      const created = await reread(t, id);
      await audit(t, { action: 'truck.create', entityType: 'truck', entityId: id, after: created });
      return created;
    },

    /** Changes the fields sent and keeps the others. `truck`, and the type it is given, the id gate read. */
    async update(t: Tenant, truck: TruckRow, input: TruckUpdateT): Promise<TruckT> {
      const id = truck.id;
      const before = toTruck(truck);
      const values = columnsOf(input, WRITERS, 'sent');
      await checkClashes(t, values, id);
      await repo.updateTruck(t, id, values);
      const after = await reread(t, id);
      await audit(t, { action: 'truck.update', entityType: 'truck', entityId: id, before, after });
      return after;
    },

    /** Marks the truck deleted and answers it; the delete is announced (trucksDeleted), so it is no
     *  driver's default truck any more. `removeExpenses` is accepted for the expenses area: until it
     *  exists a truck has no expenses to remove. */
    async remove(t: Tenant, truck: TruckRow, removeExpenses: boolean): Promise<TruckT> {
      const id = truck.id;
      const before = toTruck(truck);
      const at = new Date();
      await repo.markDeleted(t, id, at);
      await t.announce(repo.trucksDeleted, { truckIds: [id] });
      await audit(t, { action: 'truck.delete', entityType: 'truck', entityId: id, before, after: { deletedAt: at, removeExpenses } });
      return { ...before, deletedAt: at, updatedAt: at };
    },

    /** The company's live trucks paired with these telematics vehicles, by vehicle id. */
    async trucksOfVehicles(t: Tenant, vehicleIds: string[]): Promise<Map<string, number>> {
      const rows = await repo.trucksOfVehicles(t, [...new Set(vehicleIds)]);
      return new Map(rows.map((r) => [r.telematics_vehicle_id!, r.id]));
    },
  };
}

export type TrucksService = ReturnType<typeof trucksService>;

/** Whether the company has this live truck (for records pointing at trucks: driver checks, routes). */
export async function truckExists(t: Tenant, id: number): Promise<boolean> {
  return (await repo.truckRecords.find(t, id)) !== undefined;
}
