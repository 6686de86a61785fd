// The error codes of this area (docs/error-codes.md is generated from the lists), with the
// HTTP status each answers with. AppError takes only listed codes.
import { errorCodes } from '../../platform/errors.js';

export const SettingsErrors = errorCodes({
  warehouseDuplicateCode: [400, 'warehouses.duplicate_code', 'Another warehouse of the company has the code.'],
  warehouseInUse: [400, 'warehouses.in_use', 'Other records use the warehouse; mark it inactive instead.'],
  duplicateDate: [400, 'non_working_days.duplicate_date', 'The date is already a non-working day (or a yearly one falls on it).'],
  termsLimitReached: [400, 'terms.limit_reached', 'The company keeps the most terms and conditions texts allowed.'],
  postalCodeTaken: [400, 'zones.postal_code_taken', 'Another zone of the company holds the postal code; one error per code, naming the zone.'],
  zoneDuplicateName: [400, 'zones.duplicate_name', 'Another zone of the company has the name (any case).'],
  zoneInUse: [400, 'zones.in_use', 'Zone-to-zone rates (Pricing zones) use the zone.'],
});
