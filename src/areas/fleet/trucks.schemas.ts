// Models of the company's trucks (part 2, "Fleet": Truck; core fields in the contract, the rest
// designed here): the unit, its plate and VIN, make, model and year, type, status, capacities and
// the telematics vehicle it is paired with.
import type { Selectable } from 'kysely';
import { DateTime, Id, Many, NameEnum, Nullable, Opt, SharedListParams, type Static, Type } from '../../platform/schemas.js';
import { capacityAnswer, capacityInput, type VolumeUnit, type WeightUnit } from '../carriers/index.js';
import type { TrucksTable } from './fleet.tables.js';
import { VIN_RULE } from './vin.js';

export const TRUCK_STATUSES = ['Active', 'InShop', 'Inactive'] as const;
export type TruckStatus = (typeof TRUCK_STATUSES)[number];
const FROM_TYPE = ' On create, from its type when not sent.';
const STATUS_TEXT = 'Active: in service, can be dispatched; InShop: at the shop for maintenance or repair, back soon; Inactive: parked or out of service.';

const d = {
  name: 'The unit name or number dispatchers use ("Unit 104"); unique among the company\'s trucks, any case.',
  plateNumber: 'License plate, upper-case.',
  plateState: 'State or province of the plate (TX).',
  vin: `Vehicle identification number, upper-case. ${VIN_RULE} Older vehicles' shorter numbers are kept as written. Unique among the company's trucks.`,
  make: 'Manufacturer (Freightliner, Isuzu...).',
  model: 'Model (Cascadia, NPR-HD...).',
  year: 'Model year.',
  typeOfTruckId: "The truck's type, from the company's list (/TypeOfTrucks).",
  telematicsVehicleId:
    "The vehicle's id in the connected telematics account (see /Telematics/Fleet): pairs the truck with it. Unique among the company's trucks.",
  notes: 'Free notes.',
};

export const Truck = Type.Object(
  {
    id: Id,
    name: Type.String({ description: d.name }),
    plateNumber: Nullable(Type.String({ description: d.plateNumber })),
    plateState: Nullable(Type.String({ description: d.plateState })),
    vin: Nullable(Type.String({ description: d.vin })),
    make: Nullable(Type.String({ description: d.make })),
    model: Nullable(Type.String({ description: d.model })),
    year: Nullable(Type.Integer({ description: d.year })),
    typeOfTruckId: Nullable(Type.Integer({ format: 'int32', description: d.typeOfTruckId })),
    typeOfTruckName: Nullable(Type.String({ description: "The type's name." })),
    status: NameEnum(TRUCK_STATUSES, { description: STATUS_TEXT }),
    ...capacityAnswer("The truck's", FROM_TYPE),
    telematicsVehicleId: Nullable(Type.String({ description: d.telematicsVehicleId })),
    notes: Nullable(Type.String({ description: d.notes })),
    createdAt: DateTime,
    updatedAt: DateTime,
    deletedAt: Nullable(
      Type.Unsafe<Date | string>({ type: 'string', format: 'date-time', description: 'Set on the answer of DELETE: the truck is kept for history.' }),
    ),
  },
  { $id: 'Truck', description: "A truck (power unit) of the company's fleet." },
);
export type TruckT = Static<typeof Truck>;

const currentYear = new Date().getUTCFullYear();

const truckFields = {
  name: Type.String({ minLength: 1, maxLength: 100, description: d.name }),
  plateNumber: Opt(Type.String({ maxLength: 20, description: d.plateNumber })),
  plateState: Opt(Type.String({ maxLength: 20, description: d.plateState })),
  vin: Opt(Type.String({ maxLength: 25, description: d.vin })),
  make: Opt(Type.String({ maxLength: 100, description: d.make })),
  model: Opt(Type.String({ maxLength: 100, description: d.model })),
  year: Opt(Type.Integer({ minimum: 1900, maximum: currentYear + 2, description: d.year })),
  typeOfTruckId: Opt(Type.Integer({ format: 'int32', description: d.typeOfTruckId })),
  status: Opt(NameEnum(TRUCK_STATUSES, { description: `${STATUS_TEXT} Default Active.` })),
  ...capacityInput("The truck's", FROM_TYPE),
  telematicsVehicleId: Opt(Type.String({ maxLength: 100, description: d.telematicsVehicleId })),
  notes: Opt(Type.String({ maxLength: 4000, description: d.notes })),
};

export const TruckInput = Type.Object(truckFields, { description: 'A truck to add: name is required.' });
export type TruckInputT = Static<typeof TruckInput>;

export const TruckUpdate = Type.Object(
  {
    ...truckFields,
    id: Opt(Type.Integer({ format: 'int32', description: 'Ignored: the path names the truck.' })),
    name: Type.Optional(truckFields.name),
  },
  { description: 'Truck as written: the fields to change; fields not sent are kept, null clears one (name cannot be cleared).' },
);
export type TruckUpdateT = Static<typeof TruckUpdate>;

export const TrucksQuery = Type.Object({
  ...SharedListParams,
  status: Type.Optional(Many(NameEnum(TRUCK_STATUSES), { description: 'Only trucks in these statuses (repeat the parameter).' })),
  typeOfTruckIds: Type.Optional(Many(Type.Integer({ format: 'int32' }), { description: 'Only trucks of these types (repeat the parameter).' })),
});
export type TrucksQueryT = Static<typeof TrucksQuery>;

export const TruckIdParams = Type.Object({ id: Id });
export const DeleteTruckQuery = Type.Object({
  removeExpenses: Type.Optional(
    Type.Boolean({ description: "Also remove the truck's expenses. Accepted now; expenses arrive with the expenses area, so there are none yet to remove." }),
  ),
});

/** A truck, read with its type's name. */
export type TruckRow = Omit<Selectable<TrucksTable>, 'company_id'> & { type_name: string | null };

export function toTruck(r: TruckRow): TruckT {
  return {
    id: r.id,
    name: r.name,
    plateNumber: r.plate_number,
    plateState: r.plate_state,
    vin: r.vin,
    make: r.make,
    model: r.model,
    year: r.year,
    typeOfTruckId: r.type_of_truck_id,
    typeOfTruckName: r.type_name,
    status: r.status as TruckStatus,
    capacityWeight: r.capacity_weight,
    weightUnit: r.weight_unit as WeightUnit,
    capacityPallets: r.capacity_pallets,
    capacityVolume: r.capacity_volume,
    volumeUnit: r.volume_unit as VolumeUnit,
    telematicsVehicleId: r.telematics_vehicle_id,
    notes: r.notes,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    deletedAt: r.deleted_at,
  };
}
