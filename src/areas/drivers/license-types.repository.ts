// SQL of the company's license types, through the company door: a named lookup (named-lookup.ts),
// paged along the unique (company_id, lower(name)) index or (company_id, created_at, id). Each type
// is read with the number of drivers holding it (one correlated count along drivers_license_type_idx).
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { fail } from '../../platform/errors.js';
import { namedLookup } from '../../platform/named-lookup.js';
import { likePattern } from '../../platform/paging.js';
import { DriversErrors } from './drivers.errors.js';
import { type LicenseTypeRow, LicenseTypesQuery, toLicenseType } from './license-types.schemas.js';

/** The license types: by id, the list, the unique name, the refusal to delete one drivers hold. */
export const licenseTypes = namedLookup({
  name: 'license_type',
  what: 'License type',
  alias: 'l',
  query: LicenseTypesQuery,
  from: (t: Tenant) => t.select('license_types as l'),
  columns: (q, t) =>
    q.select([
      'l.id',
      'l.name',
      'l.description',
      'l.is_commercial',
      'l.created_at',
      'l.updated_at',
      sql<number>`(select count(*)::int from drivers r where ${t.owns('r')} and r.license_type_id = l.id)`.as('driver_count'),
    ]),
  search: ['l.name', 'l.description'],
  filters: {
    // Contained (any case) in "name description".
    SearchTerm: (q, term) => q.where(sql<boolean>`lower(concat_ws(' ', l.name, l.description)) like ${likePattern(term.toLowerCase())}`),
  },
  map: (rows: LicenseTypeRow[]) => rows.map(toLicenseType),
  duplicate: (clash) => fail(DriversErrors.licenseTypeDuplicateName, `License type ${clash.id} is already named "${clash.name}"; names are unique.`),
  // Deleted drivers count: a restore brings them back with their type.
  inUse: async (_t, row) =>
    row.driver_count > 0
      ? fail(
          DriversErrors.licenseTypeInUse,
          `License type ${row.id} "${row.name}" is held by ${row.driver_count} driver(s), deleted ones included; give them another type first.`,
        )
      : null,
});

export const licenseTypeRecords = licenseTypes.records;

export type LicenseTypeValues = Omit<LicenseTypeRow, 'id' | 'driver_count' | 'created_at' | 'updated_at'>;

export async function insertType(t: Tenant, values: LicenseTypeValues): Promise<number> {
  return (await t.insert('license_types', values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateType(t: Tenant, id: number, values: Partial<LicenseTypeValues>): Promise<void> {
  await t
    .update('license_types')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteType(t: Tenant, id: number): Promise<void> {
  await t.delete('license_types').where('id', '=', id).execute();
}
