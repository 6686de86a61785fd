// Rules of the company's license types: names unique (any case); a type that drivers hold — deleted
// drivers too, as a restore brings them back with it — is not deleted (license_types.in_use).
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { invalid } from '../../platform/errors.js';
import { columnsOf, text, type Writers } from '../../platform/writes.js';
import * as repo from './license-types.repository.js';
import { type LicenseTypeInputT, type LicenseTypeT, type LicenseTypeUpdateT, toLicenseType } from './license-types.schemas.js';

const WRITERS: Writers<Omit<LicenseTypeUpdateT, 'id'>, repo.LicenseTypeValues> = {
  name: (v) => {
    const name = text(v);
    if (!name) throw invalid('name', 'The name field is required.');
    return { name };
  },
  description: (v) => ({ description: text(v) }),
  isCommercial: (v) => ({ is_commercial: v ?? false }),
};

/** The type as it is after a change of this request. */
const reread = async (t: Tenant, id: number): Promise<LicenseTypeT> => toLicenseType(await repo.licenseTypeRecords.reread(t, id));

type LicenseTypeRow = Awaited<ReturnType<typeof repo.licenseTypeRecords.reread>>;

const checkName = (t: Tenant, name: string | undefined, exceptId: number | null) => repo.licenseTypes.checkName(t, name, exceptId);

export function licenseTypesService() {
  return {
    list: repo.licenseTypes.list,

    async create(t: Tenant, input: LicenseTypeInputT): Promise<LicenseTypeT> {
      const values = columnsOf(input, WRITERS, 'all') as repo.LicenseTypeValues;
      await checkName(t, values.name, null);
      const created = await reread(t, await repo.insertType(t, values));
      await audit(t, { action: 'license_type.create', entityType: 'license_type', entityId: created.id, after: created });
      return created;
    },

    /** Changes the fields sent and keeps the others; the body's id names the type (`row`: the id gate's). */
    async update(t: Tenant, row: LicenseTypeRow, input: LicenseTypeUpdateT): Promise<LicenseTypeT> {
      const { id: _named, ...fields } = input;
      const id = row.id;
      const before = toLicenseType(row);
      const values = columnsOf(fields, WRITERS, 'sent');
      await checkName(t, values.name, id);
      await repo.updateType(t, id, values);
      const after = await reread(t, id);
      await audit(t, { action: 'license_type.update', entityType: 'license_type', entityId: id, before, after });
      return after;
    },

    /** Refused while drivers hold it, deleted ones included (license_types.in_use). */
    async remove(t: Tenant, row: LicenseTypeRow): Promise<null> {
      const id = row.id;
      await repo.licenseTypes.refuseInUse(t, row);
      const before = toLicenseType(row);
      await repo.deleteType(t, id);
      await audit(t, { action: 'license_type.delete', entityType: 'license_type', entityId: id, before });
      return null;
    },
  };
}

export type LicenseTypesService = ReturnType<typeof licenseTypesService>;
