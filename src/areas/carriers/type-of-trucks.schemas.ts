// Models of the company's list of truck types (part 2, "Carriers": /TypeOfTrucks; fields not shown
// there): Box truck 26 ft, Dry van 53 ft, Reefer, Flatbed, Sprinter van... Carriers say which they
// run (/OutsourceCompanyTypeOfTrucks) and the company's trucks name theirs.
import { DateTime, Id, NameEnum, Nullable, Opt, SharedListParams, Type, type Static } from '../../platform/schemas.js';

export const WEIGHT_UNITS = ['lb', 'kg'] as const;
export const VOLUME_UNITS = ['ft3', 'm3'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];
export type VolumeUnit = (typeof VOLUME_UNITS)[number];

const d = {
  name: 'The type\'s name, unique in the company (any case): "Dry van 53 ft".',
  description: 'What it is and what it suits.',
  capacityWeight: 'Typical payload, in weightUnit.',
  weightUnit: 'lb (default) or kg.',
  capacityPallets: 'Typical number of standard pallet positions.',
  capacityVolume: 'Typical cargo volume, in volumeUnit.',
  volumeUnit: 'ft3 (cubic feet, default) or m3.',
  isRefrigerated: 'Temperature-controlled (reefer).',
};

export const TypeOfTruckDto = Type.Object({
  id: Id,
  name: Type.String({ description: d.name }),
  description: Nullable(Type.String({ description: d.description })),
  capacityWeight: Nullable(Type.Number({ description: d.capacityWeight })),
  weightUnit: NameEnum(WEIGHT_UNITS, { description: d.weightUnit }),
  capacityPallets: Nullable(Type.Integer({ description: d.capacityPallets })),
  capacityVolume: Nullable(Type.Number({ description: d.capacityVolume })),
  volumeUnit: NameEnum(VOLUME_UNITS, { description: d.volumeUnit }),
  isRefrigerated: Type.Boolean({ description: d.isRefrigerated }),
  createdAt: DateTime,
  updatedAt: DateTime,
}, { $id: 'TypeOfTruckDto', description: 'A type of truck in the company\'s list, with its typical capacity.' });
export type TypeOfTruckDtoT = Static<typeof TypeOfTruckDto>;

const Capacity = (description: string) => Type.Number({ minimum: 0, maximum: 99999999.99, description });

export const typeOfTruckFields = {
  name: Type.String({ minLength: 1, maxLength: 100, description: d.name }),
  description: Opt(Type.String({ maxLength: 2000, description: d.description })),
  capacityWeight: Opt(Capacity(d.capacityWeight)),
  weightUnit: Opt(NameEnum(WEIGHT_UNITS, { description: d.weightUnit })),
  capacityPallets: Opt(Type.Integer({ minimum: 0, maximum: 1000, description: d.capacityPallets })),
  capacityVolume: Opt(Capacity(d.capacityVolume)),
  volumeUnit: Opt(NameEnum(VOLUME_UNITS, { description: d.volumeUnit })),
  isRefrigerated: Opt(Type.Boolean({ description: d.isRefrigerated })),
};

export const TypeOfTruckCreateDto = Type.Object(typeOfTruckFields, { $id: 'TypeOfTruckCreateDto' });
export type TypeOfTruckCreateDtoT = Static<typeof TypeOfTruckCreateDto>;

/** PUT takes the same fields, each optional: those not sent are kept. */
export const TypeOfTruckUpdateDto = Type.Object({ ...typeOfTruckFields, name: Type.Optional(typeOfTruckFields.name) }, {
  description: 'TypeOfTruckCreateDto as written; fields not sent are kept, null clears one (name cannot be cleared).',
});
export type TypeOfTruckUpdateDtoT = Static<typeof TypeOfTruckUpdateDto>;

export const TypeOfTrucksQuery = Type.Object({
  Page: SharedListParams.Page,
  ItemsPerPage: SharedListParams.ItemsPerPage,
  SearchTerm: SharedListParams.SearchTerm,
  SortBy: SharedListParams.SortBy,
  SortDirection: SharedListParams.SortDirection,
});
export type TypeOfTrucksQueryT = Static<typeof TypeOfTrucksQuery>;

export interface TypeOfTruckRow {
  id: number;
  name: string;
  description: string | null;
  capacity_weight: number | null;
  weight_unit: string;
  capacity_pallets: number | null;
  capacity_volume: number | null;
  volume_unit: string;
  is_refrigerated: boolean;
  created_at: Date;
  updated_at: Date;
}

export function toTypeOfTruck(r: TypeOfTruckRow): TypeOfTruckDtoT {
  return {
    id: r.id, name: r.name, description: r.description, capacityWeight: r.capacity_weight, weightUnit: r.weight_unit as WeightUnit,
    capacityPallets: r.capacity_pallets, capacityVolume: r.capacity_volume, volumeUnit: r.volume_unit as VolumeUnit, isRefrigerated: r.is_refrigerated,
    createdAt: r.created_at, updatedAt: r.updated_at,
  };
}
