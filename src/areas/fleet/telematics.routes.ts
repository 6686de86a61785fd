// Telematics (part 2, "Fleet": /Telematics, the neutral word in place of the provider's name). These
// rows call the provider, so they run outside the request transaction (transaction: false) and open
// the company's door (the platform's inCompany) once it answered: to read which trucks the vehicles
// are paired with, and to audit a vehicle changed.
import { signedIn } from '../../platform/access.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Type } from '../../platform/schemas.js';
import { FLEET_VIEW, FLEET_VIEW_AND_EDIT } from './fleet.access.js';
import type { FleetServices } from './index.js';
import { Vehicle, VehicleLocation, VehicleUpdate } from './telematics.schemas.js';

const FAILURES =
  'No account connected for the company: 400 telematics.not_connected. Provider failures: 503 telematics.unavailable (no answer within the timeout, or rate ' +
  'limited: retry later), 502 telematics.rejected (the token was refused) or telematics.bad_response.';
/** What FAILURES says, for the reference entry's list of statuses (503 is every route's). */
const FAILURE_STATUSES = [400, 502];

export function telematicsRoutes({ telematics }: FleetServices): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/Telematics/Fleet',
      access: FLEET_VIEW,
      transaction: false,
      summary: 'Vehicles of the connected telematics account',
      description: `Every vehicle (the provider's pages followed to the end), each with the truck paired with it. ${FAILURES}`,
      statuses: FAILURE_STATUSES,
      response: Type.Array(Vehicle),
      handler: ({ principal, inCompany }) => telematics.fleet(principal.companyId, inCompany),
    }),
    defineRoute({
      method: 'GET',
      url: '/Telematics/FleetLocations',
      access: signedIn,
      transaction: false,
      summary: 'Latest vehicle locations',
      description: `The latest reported position of every vehicle that has one, with the truck paired with it. Open to any signed-in user, as the spec lists no permission. ${FAILURES}`,
      statuses: FAILURE_STATUSES,
      response: Type.Array(VehicleLocation),
      handler: ({ principal, inCompany }) => telematics.locations(principal.companyId, inCompany),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Telematics/Vehicle',
      access: FLEET_VIEW_AND_EDIT,
      transaction: false,
      // The vehicle's id in the telematics account: the provider's, no record of the company's.
      ids: { body: { id: 'not-an-id' } },
      summary: 'Change a vehicle in the telematics account',
      description:
        `Sends the fields given (name, licensePlate, notes, vin) to the account and answers the vehicle; once the account took the change, the company's audit ` +
        `log records it (telematics.vehicle_update). A VIN of North America (first character 1 to 5) or China (L) with a wrong check digit is refused before sending; ` +
        `other regions' VINs carry no check digit and are not checked. A vehicle the account does not have: 404. The spec asks "Fleet tab - View fleets data" for it; fds asks the fleet's edit permission as well, so the read-only Viewer changes nothing. ${FAILURES}`,
      // The vehicle is the provider's: one the account lacks is a 404 no declared id implies.
      statuses: [...FAILURE_STATUSES, 404],
      body: VehicleUpdate,
      response: Vehicle,
      handler: ({ principal, inCompany, body }) => telematics.updateVehicle(principal.companyId, inCompany, body),
    }),
  ];
}
