// The drivers section (part 2, "Drivers"): drivers with their truck inspections, the company's
// license types and the driver app's configuration — one tag each on the reference page. Other
// areas use from here: the Driver model, the payout rules (dispatch and expenses compute route
// payouts from them) and the driver lookups; the driver app records inspections through
// statusChecksService().record. Drivers hear of the fleet's deleted trucks (trucksDeleted) and
// clear the default trucks they held, in the same transaction.
import { type Area, type AreaDeps, perApp } from '../../platform/area.js';
import { on } from '../../platform/events.js';
import { trucksDeleted } from '../fleet/index.js';
import { warehousesDeleted } from '../settings/index.js';
import { driverAppRoutes } from './driver-app.routes.js';
import { DriverApplicationSettings, UserPrompt } from './driver-app.schemas.js';
import { driverAppService } from './driver-app.service.js';
import { ValidateDriverDisableDto, ValidateDriverDto } from './driver-checks.schemas.js';
import { driverChecksService } from './driver-checks.service.js';
import { driverInvitations } from './driver-invitations.js';
import { DriversErrors } from './drivers.errors.js';
import { clearHomeWarehouse, driverRecords } from './drivers.repository.js';
import { driversRoutes } from './drivers.routes.js';
import { Driver } from './drivers.schemas.js';
import { clearDefaultTrucks, driversService } from './drivers.service.js';
import { licenseTypeRecords } from './license-types.repository.js';
import { licenseTypesRoutes } from './license-types.routes.js';
import { LicenseType } from './license-types.schemas.js';
import { licenseTypesService } from './license-types.service.js';
import { statusChecksRoutes } from './status-checks.routes.js';
import { DriverStatusCheck } from './status-checks.schemas.js';
import { statusChecksService } from './status-checks.service.js';

/** The section's services, built once per app and shared by its areas. */
const services = perApp((deps: AreaDeps) => {
  const statusChecks = statusChecksService();
  const invitations = driverInvitations(deps.config.publicUrl);
  return {
    drivers: driversService(statusChecks, invitations),
    checks: driverChecksService(statusChecks),
    invitations,
    statusChecks,
    licenseTypes: licenseTypesService(),
    driverApp: driverAppService(),
  };
});
export type DriverServices = ReturnType<typeof services>;

export const driversArea: Area = {
  name: 'Drivers',
  // The codes of the whole folder (the section's areas share them).
  errors: DriversErrors,
  resources: [driverRecords],
  subscriptions: [
    on(trucksDeleted, 'drivers', (t, { truckIds }) => clearDefaultTrucks(t, truckIds)),
    on(warehousesDeleted, 'drivers', (t, { warehouseIds }) => clearHomeWarehouse(t, warehouseIds)),
  ],
  schemas: [Driver, DriverStatusCheck, ValidateDriverDto, ValidateDriverDisableDto],
  routes: (deps) => {
    const all = services(deps);
    return [...driversRoutes(all), ...statusChecksRoutes(all)];
  },
};

export const licenseTypesArea: Area = {
  name: 'License types',
  resources: [licenseTypeRecords],
  schemas: [LicenseType],
  routes: (deps) => licenseTypesRoutes(services(deps)),
};

export const driverAppArea: Area = {
  name: 'Driver app',
  schemas: [UserPrompt, DriverApplicationSettings],
  routes: (deps) => driverAppRoutes(services(deps)),
};

/** The section's areas, in the spec's order. */
export const driversAreas: Area[] = [driversArea, licenseTypesArea, driverAppArea];

export {
  DRIVER_PAYOUT_TYPES,
  DriverPayout,
  type DriverPayoutT,
  type DriverPayoutType,
  PAYOUT_RATES,
  type RouteBasis,
  routePayout,
  toDriverPayout,
} from './driver-payout.js';
export { driversStatusChanged } from './driver-routes.js';
export { driverPurged, driverRecords } from './drivers.repository.js';
export {
  APPROVAL_STATUSES,
  type ApprovalStatus,
  DRIVER_STATUSES,
  DRIVER_TYPES,
  Driver,
  type DriverStatus,
  type DriverT,
  type DriverType,
} from './drivers.schemas.js';
export { liveDriver } from './drivers.service.js';
export { licenseTypeRecords } from './license-types.repository.js';
export { statusCheckRecords } from './status-checks.repository.js';
export { type DriverStatusCheckInputT, INSPECTION_STATUSES } from './status-checks.schemas.js';
export { statusChecksService } from './status-checks.service.js';
