// Models of the truck types a carrier runs (part 2, "Carriers": OutsourceCompanyTypeOfTruck…Dto;
// fields not shown there): a type from the company's list, how many the carrier has, and its rates
// with them — one per type of work (fixed, per distance, per hour, per pallet).
import type { Selectable } from 'kysely';
import { DateTime, Id, NameEnum, Nullable, Opt, type Static, Type } from '../../platform/schemas.js';
import type { OutsourceCompanyTypeOfTrucksTable } from './carriers.tables.js';

export const DISTANCE_UNITS = ['mi', 'km'] as const;

const Rate = (description: string) => Type.Number({ minimum: 0, maximum: 999999999999.99, description });

const d = {
  typeOfTruckId: "The type, from the company's list (/TypeOfTrucks).",
  truckCount: 'How many trucks of this type the carrier has.',
  fixedRate: 'Price per load (Fixed work), in currency.',
  ratePerDistance: 'Price per distanceUnit (Distance work), in currency.',
  distanceUnit: 'mi (default) or km.',
  ratePerHour: 'Price per hour (Hourly work), in currency.',
  ratePerPallet: 'Price per pallet (Pallets work), in currency.',
  currency: 'ISO 4217 currency of the rates. Default USD.',
  notes: 'Free notes (equipment details, restrictions).',
};

export const OutsourceCompanyTypeOfTruckDto = Type.Object(
  {
    id: Id,
    outsourceCompanyId: Id,
    typeOfTruckId: Type.Integer({ format: 'int32', description: d.typeOfTruckId }),
    typeOfTruckName: Type.String({ description: "The type's name." }),
    truckCount: Nullable(Type.Integer({ description: d.truckCount })),
    fixedRate: Nullable(Type.Number({ description: d.fixedRate })),
    ratePerDistance: Nullable(Type.Number({ description: d.ratePerDistance })),
    distanceUnit: NameEnum(DISTANCE_UNITS, { description: d.distanceUnit }),
    ratePerHour: Nullable(Type.Number({ description: d.ratePerHour })),
    ratePerPallet: Nullable(Type.Number({ description: d.ratePerPallet })),
    currency: Type.String({ description: d.currency }),
    notes: Nullable(Type.String({ description: d.notes })),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'OutsourceCompanyTypeOfTruckDto', description: 'A type of truck a carrier runs, with its count and rates. One row per carrier and type.' },
);
export type OutsourceCompanyTypeOfTruckDtoT = Static<typeof OutsourceCompanyTypeOfTruckDto>;

const rowFields = {
  typeOfTruckId: Type.Integer({ format: 'int32', description: d.typeOfTruckId }),
  truckCount: Opt(Type.Integer({ minimum: 0, maximum: 100000, description: d.truckCount })),
  fixedRate: Opt(Rate(d.fixedRate)),
  ratePerDistance: Opt(Rate(d.ratePerDistance)),
  distanceUnit: Opt(NameEnum(DISTANCE_UNITS, { description: d.distanceUnit })),
  ratePerHour: Opt(Rate(d.ratePerHour)),
  ratePerPallet: Opt(Rate(d.ratePerPallet)),
  currency: Opt(Type.String({ pattern: '^[A-Za-z]{3}$', description: d.currency })),
  notes: Opt(Type.String({ maxLength: 2000, description: d.notes })),
};

export const OutsourceCompanyTypeOfTruckCreateDto = Type.Object(
  {
    outsourceCompanyId: Type.Integer({ format: 'int32', description: 'The carrier.' }),
    ...rowFields,
  },
  { $id: 'OutsourceCompanyTypeOfTruckCreateDto' },
);
export type OutsourceCompanyTypeOfTruckCreateDtoT = Static<typeof OutsourceCompanyTypeOfTruckCreateDto>;

export const OutsourceCompanyTypeOfTruckUpdateDto = Type.Object(
  {
    id: Opt(Type.Integer({ format: 'int32', description: 'Ignored: the path names the row.' })),
    outsourceCompanyId: Opt(Type.Integer({ format: 'int32', description: "When sent, must be the row's carrier." })),
    ...rowFields,
    typeOfTruckId: Type.Optional(rowFields.typeOfTruckId),
  },
  { description: 'OutsourceCompanyTypeOfTruckDto as written: the fields to change; fields not sent are kept, null clears one.' },
);
export type OutsourceCompanyTypeOfTruckUpdateDtoT = Static<typeof OutsourceCompanyTypeOfTruckUpdateDto>;

export const TypeOfTruckRowReadQuery = Type.Object({
  outsourceCompanyTypeOfTruckId: Type.Optional(Type.Integer({ format: 'int32', description: 'With it, {id} is the carrier and this the row.' })),
});
export const TypeOfTruckRowDeleteQuery = Type.Object({
  ids: Type.Optional(Type.Array(Id, { maxItems: 1000, description: 'With them, {id} is the carrier and these its rows to delete (repeat the parameter).' })),
});

/** A carrier's row, read with its type's name. */
export type CarrierTruckTypeRow = Omit<Selectable<OutsourceCompanyTypeOfTrucksTable>, 'company_id'> & { type_name: string };

export function toCarrierTruckType(r: CarrierTruckTypeRow): OutsourceCompanyTypeOfTruckDtoT {
  return {
    id: r.id,
    outsourceCompanyId: r.outsource_company_id,
    typeOfTruckId: r.type_of_truck_id,
    typeOfTruckName: r.type_name,
    truckCount: r.truck_count,
    fixedRate: r.fixed_rate,
    ratePerDistance: r.rate_per_distance,
    distanceUnit: r.distance_unit as (typeof DISTANCE_UNITS)[number],
    ratePerHour: r.rate_per_hour,
    ratePerPallet: r.rate_per_pallet,
    currency: r.currency,
    notes: r.notes,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}
