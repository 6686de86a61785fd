// The error codes of this area (docs/error-codes.md is generated from the lists), with the
// HTTP status each answers with. AppError takes only listed codes.
import { errorCodes } from '../../platform/errors.js';

export const DriversErrors = errorCodes({
  cannotInvite: [400, 'drivers.cannot_invite', 'A driver in this status is not invited to the driver app.'],
  noEmail: [400, 'drivers.no_email', 'The driver has no email to send the invitation to.'],
  licenseTypeDuplicateName: [400, 'license_types.duplicate_name', 'Another license type of the company has the name (any case).'],
  licenseTypeInUse: [400, 'license_types.in_use', 'Drivers (deleted ones included) hold a license of the type.'],
  deleted: [400, 'drivers.deleted', 'The driver is deleted; restore it first.'],
  inUse: [400, 'drivers.in_use', 'The driver made truck inspections, kept as safety records: not deleted for good.'],
  duplicateEmail: [400, 'drivers.duplicate_email', 'Another live driver has the email (also when restoring).'],
  duplicateLicenseNumber: [400, 'drivers.duplicate_license_number', 'Another live driver has the license number (also when restoring).'],
});
