// Telematics (part 2, "Fleet": /Telematics, the neutral word in place of the provider's name). These
// rows call the provider, so they run outside the request transaction and open it only to read
// which trucks the vehicles are paired with.
import { signedIn } from '../../platform/access.js';
import { defineRoute, type AnyRoute } from '../../platform/route.js';
import { Type } from '../../platform/schemas.js';
import { FLEET_VIEW } from './fleet.access.js';
import type { FleetServices } from './index.js';
import { Vehicle, VehicleLocation, VehicleUpdate } from './telematics.schemas.js';

const FAILURES = 'No account connected for the company: 400 telematics.not_connected. Provider failures: 503 telematics.unavailable (no answer within the timeout, or rate '
  + 'limited: retry later), 502 telematics.rejected (the token was refused) or telematics.bad_response.';

export function telematicsRoutes({ telematics }: FleetServices): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET', url: '/Telematics/Fleet', access: FLEET_VIEW, transaction: false,
      summary: 'Vehicles of the connected telematics account',
      description: `Every vehicle (the provider's pages followed to the end), each with the truck paired with it. ${FAILURES}`,
      response: Type.Array(Vehicle),
      handler: ({ principal, inCompany }) => telematics.fleet(principal.companyId, inCompany),
    }),
    defineRoute({
      method: 'GET', url: '/Telematics/FleetLocations', access: signedIn, transaction: false,
      summary: 'Latest vehicle locations',
      description: `The latest reported position of every vehicle that has one, with the truck paired with it. Open to any signed-in user, as the spec lists no permission. ${FAILURES}`,
      response: Type.Array(VehicleLocation),
      handler: ({ principal, inCompany }) => telematics.locations(principal.companyId, inCompany),
    }),
    defineRoute({
      method: 'PUT', url: '/Telematics/Vehicle', access: FLEET_VIEW, transaction: false,
      summary: 'Change a vehicle in the telematics account',
      description: `Sends the fields given (name, licensePlate, notes, vin) to the account and answers the vehicle. A 17-character VIN with a wrong check digit is refused before `
        + `sending. A vehicle the account does not have: 404. The spec asks "Fleet tab - View fleets data" for it. ${FAILURES}`,
      body: VehicleUpdate, response: Vehicle,
      handler: ({ principal, inCompany, body }) => telematics.updateVehicle(principal.companyId, inCompany, body),
    }),
  ];
}
