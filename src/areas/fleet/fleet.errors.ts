// The error codes of this area (docs/error-codes.md is generated from the lists), with the
// HTTP status each answers with. AppError takes only listed codes.
import { errorCodes } from '../../platform/errors.js';

export const FleetErrors = errorCodes({
  duplicateName: [400, 'trucks.duplicate_name', 'Another live truck has the unit name.'],
  duplicateVin: [400, 'trucks.duplicate_vin', 'Another live truck has the VIN.'],
  duplicateTelematicsVehicle: [400, 'trucks.duplicate_telematics_vehicle_id', 'Another live truck is paired with the telematics vehicle.'],
  notConnected: [400, 'telematics.not_connected', 'No telematics account is connected for the company.'],
  telematicsUnavailable: [503, 'telematics.unavailable', 'The telematics provider did not answer in time, or limits the rate; try later.'],
  telematicsRejected: [502, 'telematics.rejected', "The telematics provider refused the server's token."],
  telematicsBadResponse: [502, 'telematics.bad_response', "The telematics provider's answer could not be read."],
  telematicsInvalid: [400, 'telematics.invalid', 'The telematics provider refused the change.'],
});
