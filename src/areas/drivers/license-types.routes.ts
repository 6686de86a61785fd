// The company's license types (part 2, "Drivers": /LicenseTypes). The spec leaves `data` of the
// delete undefined (env<none>): null.
import { signedIn } from '../../platform/access.js';
import { None, PagedList } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { DRIVER_SETTINGS } from './drivers.access.js';
import { IdParams } from './drivers.schemas.js';
import type { DriverServices } from './index.js';
import { licenseTypeRecords } from './license-types.repository.js';
import { LicenseType, LicenseTypeInput, LicenseTypesQuery, LicenseTypeUpdate } from './license-types.schemas.js';

export function licenseTypesRoutes({ licenseTypes }: DriverServices): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/LicenseTypes',
      access: signedIn,
      summary: "List the company's license types",
      description:
        'Shared list parameters that apply: SearchTerm (contained in the name or description), SortBy name (default) or createdAt, SortDirection, Page, ' +
        'ItemsPerPage. Each type with the number of drivers holding it. Open to any signed-in user, as the spec lists no permission.',
      querystring: LicenseTypesQuery,
      response: PagedList(LicenseType),
      handler: ({ tenant, query }) => licenseTypes.list(tenant, query),
    }),
    defineRoute({
      method: 'POST',
      url: '/LicenseTypes',
      access: DRIVER_SETTINGS,
      summary: 'Add a license type',
      description: 'name is required and unique in the company, any case (license_types.duplicate_name).',
      body: LicenseTypeInput,
      response: LicenseType,
      handler: ({ tenant, body }) => licenseTypes.create(tenant, body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/LicenseTypes',
      access: DRIVER_SETTINGS,
      ids: { body: { id: licenseTypeRecords } },
      summary: 'Update a license type',
      description:
        "The body's id names the type (404 when the company has none such). Changes the fields sent and keeps the others; null clears one. The name stays unique.",
      body: LicenseTypeUpdate,
      response: LicenseType,
      handler: ({ tenant, found, body }) => licenseTypes.update(tenant, found.one(licenseTypeRecords), body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/LicenseTypes/:id',
      access: DRIVER_SETTINGS,
      ids: { params: { id: licenseTypeRecords } },
      summary: 'Delete a license type',
      description:
        'Removes it for good. Refused while drivers hold it, deleted drivers included as a restore brings them back with it (license_types.in_use, with the count): ' +
        'give them another type first.',
      params: IdParams,
      response: None,
      handler: ({ tenant, found }) => licenseTypes.remove(tenant, found.one(licenseTypeRecords)),
    }),
  ];
}
