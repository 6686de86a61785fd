// Rules of the company's license types: names unique (any case); a type that drivers hold — deleted
// drivers too, as a restore brings them back with it — is not deleted (license_types.in_use).
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import type { Paged } from '../../platform/envelope.js';
import { fail, invalid, notFound } from '../../platform/errors.js';
import { pageOf, paged, sortOf } from '../../platform/paging.js';
import { columnsOf, text, type Writers } from '../../platform/writes.js';
import * as repo from './license-types.repository.js';
import { toLicenseType, type LicenseTypeInputT, type LicenseTypesQueryT, type LicenseTypeT, type LicenseTypeUpdateT } from './license-types.schemas.js';
import { DriversErrors } from './drivers.errors.js';

const WRITERS: Writers<Omit<LicenseTypeUpdateT, 'id'>, repo.LicenseTypeValues> = {
  name: (v) => {
    const name = text(v);
    if (!name) throw invalid('name', 'The name field is required.');
    return { name };
  },
  description: (v) => ({ description: text(v) }),
  isCommercial: (v) => ({ is_commercial: v ?? false }),
};

export async function requireLicenseType(t: Tenant, id: number): Promise<LicenseTypeT> {
  const row = await repo.findType(t, id);
  if (!row) throw notFound('License type', id);
  return toLicenseType(row);
}

async function checkName(t: Tenant, name: string | undefined, exceptId: number | null): Promise<void> {
  if (name === undefined) return;
  const clash = await repo.typeNamed(t, name, exceptId);
  if (clash) throw fail(DriversErrors.licenseTypeDuplicateName, `License type ${clash.id} is already named "${clash.name}"; names are unique.`);
}

export function licenseTypesService() {
  return {
    async list(t: Tenant, q: LicenseTypesQueryT): Promise<Paged<LicenseTypeT>> {
      const page = pageOf(q);
      const sort = sortOf(q, { name: 'name', createdAt: 'created_at' } as const, { by: 'name', descending: false });
      const search = q.SearchTerm?.trim() || null;
      const [rows, total] = await Promise.all([repo.listTypes(t, search, sort, page.limit, page.offset), repo.countTypes(t, search)]);
      return paged(rows.map(toLicenseType), page, total);
    },

    async create(t: Tenant, input: LicenseTypeInputT): Promise<LicenseTypeT> {
      const values = columnsOf(input, WRITERS, 'all') as repo.LicenseTypeValues;
      await checkName(t, values.name, null);
      const created = await requireLicenseType(t, await repo.insertType(t, values));
      await audit(t, { action: 'license_type.create', entityType: 'license_type', entityId: created.id, after: created });
      return created;
    },

    /** Changes the fields sent and keeps the others; the body's id names the type. */
    async update(t: Tenant, input: LicenseTypeUpdateT): Promise<LicenseTypeT> {
      const { id, ...fields } = input;
      const before = await requireLicenseType(t, id);
      const values = columnsOf(fields, WRITERS, 'sent');
      await checkName(t, values.name, id);
      await repo.updateType(t, id, values);
      const after = await requireLicenseType(t, id);
      await audit(t, { action: 'license_type.update', entityType: 'license_type', entityId: id, before, after });
      return after;
    },

    async remove(t: Tenant, id: number): Promise<null> {
      const before = await requireLicenseType(t, id);
      if (before.driverCount > 0) {
        throw fail(DriversErrors.licenseTypeInUse, `License type ${id} "${before.name}" is held by ${before.driverCount} driver(s), deleted ones included; give them another type first.`);
      }
      await repo.deleteType(t, id);
      await audit(t, { action: 'license_type.delete', entityType: 'license_type', entityId: id, before });
      return null;
    },
  };
}

export type LicenseTypesService = ReturnType<typeof licenseTypesService>;
