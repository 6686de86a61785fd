// Truck inspections (part 2, "Drivers": GET /Drivers/StatusCheck). The spec has only the read: the
// driver app records inspections (status-checks.service.ts record()).
import { companyAdmin } from '../../platform/access.js';
import { PagedList } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { truckRecords } from '../fleet/index.js';
import { driverRecords } from './drivers.repository.js';
import type { DriverServices } from './index.js';
import { DriverStatusCheck, StatusChecksQuery } from './status-checks.schemas.js';

export function statusChecksRoutes({ statusChecks }: DriverServices): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/Drivers/StatusCheck',
      access: companyAdmin,
      ids: { query: { Drivers: { filter: driverRecords }, truckIds: { filter: truckRecords } } },
      summary: 'Truck inspections (status checks)',
      description:
        "Drivers' pre-trip and post-trip inspections of trucks, newest first. Shared list parameters that apply: DateRange (checkedAt from the start to the end) " +
        "and Date (that UTC day), Drivers (ids), DriverName, InspectionStatus (1 Pending, 2 Failed, 3 Maintenance, 4 Completed), SearchTerm (contained in the driver's " +
        "or truck's name, the notes or the location), SortBy checkedAt, SortDirection (default descending), Page, ItemsPerPage; and truckIds, checkTypes. Inspections of " +
        'deleted drivers and trucks are listed too.',
      querystring: StatusChecksQuery,
      response: PagedList(DriverStatusCheck),
      handler: ({ tenant, query }) => statusChecks.list(tenant, query),
    }),
  ];
}
