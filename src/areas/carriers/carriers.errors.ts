// The error codes of this area (docs/error-codes.md is generated from the lists), with the
// HTTP status each answers with. AppError takes only listed codes.
import { errorCodes } from '../../platform/errors.js';

export const CarriersErrors = errorCodes({
  truckTypeDuplicate: [400, 'outsource_truck_types.duplicate_type', 'The carrier already runs the type of truck.'],
  truckTypeCarrierChange: [400, 'outsource_truck_types.carrier_change', 'A truck-type row stays with its carrier.'],
  duplicateMcNumber: [400, 'outsource_companies.duplicate_mc_number', 'Another live carrier has the MC number.'],
  duplicateDotNumber: [400, 'outsource_companies.duplicate_dot_number', 'Another live carrier has the USDOT number.'],
  financeCarrierChange: [400, 'outsource_finances.carrier_change', 'A finance record stays with its carrier.'],
  contactCarrierChange: [400, 'outsource_contacts.carrier_change', 'A contact stays with its carrier.'],
  contactInUse: [400, 'outsource_contacts.in_use', 'The contact is the billing contact of finance records; reassignToPrimary=true moves them.'],
  contactNoPrimary: [400, 'outsource_contacts.no_primary', "The carrier's only contact: there is no primary contact to move its uses to."],
  typeOfTruckDuplicateName: [400, 'type_of_trucks.duplicate_name', 'Another type of truck of the company has the name (any case).'],
  typeOfTruckInUse: [400, 'type_of_trucks.in_use', 'Live trucks or carriers use the type of truck.'],
});
