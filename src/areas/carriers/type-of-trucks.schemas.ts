// Models of the company's list of truck types (part 2, "Carriers": /TypeOfTrucks; fields not shown
// there): Box truck 26 ft, Dry van 53 ft, Reefer, Flatbed, Sprinter van... Carriers say which they
// run (/OutsourceCompanyTypeOfTrucks) and the company's trucks name theirs.
import type { Selectable } from 'kysely';
import { DateTime, Id, NameEnum, Nullable, Opt, SharedListParams, type Static, Type } from '../../platform/schemas.js';
import type { TypeOfTrucksTable } from './carriers.tables.js';

export const WEIGHT_UNITS = ['lb', 'kg'] as const;
export const VOLUME_UNITS = ['ft3', 'm3'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];
export type VolumeUnit = (typeof VOLUME_UNITS)[number];

const d = {
  name: 'The type\'s name, unique in the company (any case): "Dry van 53 ft".',
  description: 'What it is and what it suits.',
  isRefrigerated: 'Temperature-controlled (reefer).',
};

/** The capacity of a truck or of a type of truck: `lead` starts each text ("Typical", "The"),
 *  `note` ends it. One source for both models' answers and inputs. */
function capacityTexts(lead: string, note: string) {
  return {
    capacityWeight: `${lead} payload, in weightUnit.${note}`,
    weightUnit: 'lb (default) or kg.',
    capacityPallets: `${lead} number of standard pallet positions.${note}`,
    capacityVolume: `${lead} cargo volume, in volumeUnit.${note}`,
    volumeUnit: 'ft3 (cubic feet, default) or m3.',
  };
}

export function capacityAnswer(lead: string, note = '') {
  const c = capacityTexts(lead, note);
  return {
    capacityWeight: Nullable(Type.Number({ description: c.capacityWeight })),
    weightUnit: NameEnum(WEIGHT_UNITS, { description: c.weightUnit }),
    capacityPallets: Nullable(Type.Integer({ description: c.capacityPallets })),
    capacityVolume: Nullable(Type.Number({ description: c.capacityVolume })),
    volumeUnit: NameEnum(VOLUME_UNITS, { description: c.volumeUnit }),
  };
}

export function capacityInput(lead: string, note = '') {
  const c = capacityTexts(lead, note);
  const amount = (description: string) => Opt(Type.Number({ minimum: 0, maximum: 99999999.99, description }));
  return {
    capacityWeight: amount(c.capacityWeight),
    weightUnit: Opt(NameEnum(WEIGHT_UNITS, { description: c.weightUnit })),
    capacityPallets: Opt(Type.Integer({ minimum: 0, maximum: 1000, description: c.capacityPallets })),
    capacityVolume: amount(c.capacityVolume),
    volumeUnit: Opt(NameEnum(VOLUME_UNITS, { description: c.volumeUnit })),
  };
}

export const TypeOfTruckDto = Type.Object(
  {
    id: Id,
    name: Type.String({ description: d.name }),
    description: Nullable(Type.String({ description: d.description })),
    ...capacityAnswer('Typical'),
    isRefrigerated: Type.Boolean({ description: d.isRefrigerated }),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'TypeOfTruckDto', description: "A type of truck in the company's list, with its typical capacity." },
);
export type TypeOfTruckDtoT = Static<typeof TypeOfTruckDto>;

export const typeOfTruckFields = {
  name: Type.String({ minLength: 1, maxLength: 100, description: d.name }),
  description: Opt(Type.String({ maxLength: 2000, description: d.description })),
  ...capacityInput('Typical'),
  isRefrigerated: Opt(Type.Boolean({ description: d.isRefrigerated })),
};

export const TypeOfTruckCreateDto = Type.Object(typeOfTruckFields, { $id: 'TypeOfTruckCreateDto' });
export type TypeOfTruckCreateDtoT = Static<typeof TypeOfTruckCreateDto>;

/** PUT takes the same fields, each optional: those not sent are kept. */
export const TypeOfTruckUpdateDto = Type.Object(
  { ...typeOfTruckFields, name: Type.Optional(typeOfTruckFields.name) },
  {
    description: 'TypeOfTruckCreateDto as written; fields not sent are kept, null clears one (name cannot be cleared).',
  },
);
export type TypeOfTruckUpdateDtoT = Static<typeof TypeOfTruckUpdateDto>;

export const TypeOfTrucksQuery = Type.Object({
  Page: SharedListParams.Page,
  ItemsPerPage: SharedListParams.ItemsPerPage,
  SearchTerm: SharedListParams.SearchTerm,
  SortBy: SharedListParams.SortBy,
  SortDirection: SharedListParams.SortDirection,
});
export type TypeOfTrucksQueryT = Static<typeof TypeOfTrucksQuery>;

export type TypeOfTruckRow = Omit<Selectable<TypeOfTrucksTable>, 'company_id'>;

export function toTypeOfTruck(r: TypeOfTruckRow): TypeOfTruckDtoT {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    capacityWeight: r.capacity_weight,
    weightUnit: r.weight_unit as WeightUnit,
    capacityPallets: r.capacity_pallets,
    capacityVolume: r.capacity_volume,
    volumeUnit: r.volume_unit as VolumeUnit,
    isRefrigerated: r.is_refrigerated,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}
