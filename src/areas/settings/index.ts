// The company settings section (part 1, "Company settings"): warehouses, zones, non-working days,
// terms and conditions — one tag each on the reference page. Other areas use zones from here
// (pricing rates zone to zone).
import type { Area } from '../../platform/area.js';
import { dayRecords } from './non-working-days.repository.js';
import { nonWorkingDaysRoutes } from './non-working-days.routes.js';
import { NonWorkingDay } from './non-working-days.schemas.js';
import { nonWorkingDaysService } from './non-working-days.service.js';
import { SettingsErrors } from './settings.errors.js';
import { termsRecords } from './terms.repository.js';
import { termsRoutes } from './terms.routes.js';
import { CreateUpdateTermsAndConditionsDto, TermsAndConditionsDto } from './terms.schemas.js';
import { termsService } from './terms.service.js';
import { warehouseRecords } from './warehouses.repository.js';
import { warehousesRoutes } from './warehouses.routes.js';
import { ValidateWarehouseDto, Warehouse } from './warehouses.schemas.js';
import { warehousesService } from './warehouses.service.js';
import { zoneRecords } from './zones.repository.js';
import { zonesRoutes } from './zones.routes.js';
import { Zone } from './zones.schemas.js';
import { zonesService } from './zones.service.js';

export const warehousesArea: Area = {
  name: 'Warehouses',
  // The codes of the whole folder (the section's areas share them).
  errors: SettingsErrors,
  resources: [warehouseRecords],
  schemas: [Warehouse, ValidateWarehouseDto],
  routes: () => warehousesRoutes(warehousesService()),
};

export const zonesArea: Area = {
  name: 'Zones',
  resources: [zoneRecords],
  schemas: [Zone],
  routes: () => zonesRoutes(zonesService()),
};

export const nonWorkingDaysArea: Area = {
  name: 'Non-working days',
  resources: [dayRecords],
  schemas: [NonWorkingDay],
  routes: () => nonWorkingDaysRoutes(nonWorkingDaysService()),
};

export const termsArea: Area = {
  name: 'Terms and conditions',
  resources: [termsRecords],
  schemas: [TermsAndConditionsDto, CreateUpdateTermsAndConditionsDto],
  routes: () => termsRoutes(termsService()),
};

/** The section's areas, in the spec's order. */
export const settingsAreas: Area[] = [warehousesArea, zonesArea, nonWorkingDaysArea, termsArea];

export { countryOf } from './country.js';
export { type CompanySignature, companySignature } from './letterhead.js';
export { daysOffAmong } from './non-working-days.repository.js';
export type { NonWorkingDayRow } from './non-working-days.schemas.js';
export { normalizePostalCode } from './postal-codes.js';
export { warehouseRecords, warehousesDeleted } from './warehouses.repository.js';
export { toWarehouse, type WarehouseT } from './warehouses.schemas.js';
export { type ZoneMatch, zoneOfPostalCode, zoneRecords } from './zones.repository.js';
export { Zone, type ZoneRow, type ZoneT } from './zones.schemas.js';
