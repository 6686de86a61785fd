// The fleet section (part 2, "Fleet"): the company's trucks and the connected telematics account —
// one tag each on the reference page. The account comes from the environment (TELEMATICS_*, read
// when the routes are built: src/integrations/telematics). Other areas use the truck lookups here.
import { forCompany } from '../../db/tenant.js';
import { telematicsFromEnv } from '../../integrations/telematics/index.js';
import type { Area, AreaDeps } from '../../platform/area.js';
import type { Actor } from '../../db/tenant.js';
import { telematicsRoutes } from './telematics.routes.js';
import { telematicsService, type InCompany } from './telematics.service.js';
import { trucksRoutes } from './trucks.routes.js';
import { Truck } from './trucks.schemas.js';
import { trucksService } from './trucks.service.js';

function services(deps: AreaDeps) {
  const trucks = trucksService();
  return {
    trucks,
    telematics: telematicsService(telematicsFromEnv(), trucks),
    /** A read-only company transaction for rows that open it themselves, after calling the provider
     *  (AreaDeps carries no tenant runner, so it is forCompany's: role fds_app, company set). */
    inCompany: (actor: Actor, requestId: string): InCompany => (work) => forCompany(deps.db, actor, requestId, work, 'read'),
  };
}
export type FleetServices = ReturnType<typeof services>;

export const trucksArea: Area = {
  name: 'Fleet',
  schemas: [Truck],
  routes: (deps) => trucksRoutes(services(deps)),
};

export const telematicsArea: Area = {
  name: 'Telematics',
  routes: (deps) => telematicsRoutes(services(deps)),
};

/** The section's areas, in the spec's order. */
export const fleetAreas: Area[] = [trucksArea, telematicsArea];

export { Truck, type TruckT, TRUCK_STATUSES, type TruckStatus } from './trucks.schemas.js';
export { checkVin, vinCheckDigit } from './vin.js';
export { truckExists, trucksService } from './trucks.service.js';
