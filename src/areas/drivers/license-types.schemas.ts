// Models of the company's license types (part 2, "Drivers": LicenseType; fields not shown there):
// CDL Class A, CDL Class B, Class C, Non-CDL... Each driver may name one.
import type { Selectable } from 'kysely';
import { DateTime, Id, Nullable, Opt, SharedListParams, type Static, Type } from '../../platform/schemas.js';
import type { LicenseTypesTable } from './drivers.tables.js';

const d = {
  name: 'The license type\'s name, unique in the company (any case): "CDL Class A".',
  description: 'What it allows ("Combination vehicles over 26,001 lb GVWR").',
  isCommercial:
    "A commercial driver's license (CDL): its holders also need a DOT medical card, and ValidateDriver reports a driver of this type without medicalCardExpiresOn. Default false.",
};

export const LicenseType = Type.Object(
  {
    id: Id,
    name: Type.String({ description: d.name }),
    description: Nullable(Type.String({ description: d.description })),
    isCommercial: Type.Boolean({ description: d.isCommercial }),
    driverCount: Type.Integer({ description: 'Drivers (deleted ones included, as they can be restored) holding a license of this type.' }),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'LicenseType', description: "A type of driver's license in the company's list." },
);
export type LicenseTypeT = Static<typeof LicenseType>;

const fields = {
  name: Type.String({ minLength: 1, maxLength: 100, description: d.name }),
  description: Opt(Type.String({ maxLength: 1000, description: d.description })),
  isCommercial: Opt(Type.Boolean({ description: d.isCommercial })),
};

export const LicenseTypeInput = Type.Object(fields, { description: 'A license type to add: name is required.' });
export type LicenseTypeInputT = Static<typeof LicenseTypeInput>;

export const LicenseTypeUpdate = Type.Object(
  {
    id: Id,
    ...fields,
    name: Type.Optional(fields.name),
  },
  {
    description:
      'LicenseType as written: id names the type (the row has no path id); the fields sent change, the others are kept; null clears one (name cannot be cleared).',
  },
);
export type LicenseTypeUpdateT = Static<typeof LicenseTypeUpdate>;

export const LicenseTypesQuery = Type.Object(SharedListParams);
export type LicenseTypesQueryT = Static<typeof LicenseTypesQuery>;

export type LicenseTypeRow = Omit<Selectable<LicenseTypesTable>, 'company_id'> & { driver_count: number };

export function toLicenseType(r: LicenseTypeRow): LicenseTypeT {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    isCommercial: r.is_commercial,
    driverCount: r.driver_count,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}
