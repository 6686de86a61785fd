// The fleet section (part 2, "Fleet"): the company's trucks and the connected telematics account —
// one tag each on the reference page. The account comes from the environment (TELEMATICS_*, read
// when the routes are built: src/integrations/telematics). Other areas use the truck lookups here,
// and hear of deleted trucks through `trucksDeleted` (the drivers area clears default trucks).
import { telematicsFromEnv } from '../../integrations/telematics/index.js';
import { perApp, type Area } from '../../platform/area.js';
import { on } from '../../platform/events.js';
import { typeOfTrucksDeleted } from '../carriers/index.js';
import { telematicsRoutes } from './telematics.routes.js';
import { telematicsService } from './telematics.service.js';
import { trucksRoutes } from './trucks.routes.js';
import { Truck } from './trucks.schemas.js';
import { trucksService } from './trucks.service.js';
import { FleetErrors } from './fleet.errors.js';
import { clearTypeOfTruck, truckRecords } from './trucks.repository.js';

const services = perApp(() => {
  const trucks = trucksService();
  return { trucks, telematics: telematicsService(telematicsFromEnv(), trucks) };
});
export type FleetServices = ReturnType<typeof services>;

export const trucksArea: Area = {
  name: 'Fleet',
  // The codes of the whole folder (the section's areas share them).
  errors: FleetErrors,
  resources: [truckRecords],
  subscriptions: [on(typeOfTrucksDeleted, 'fleet', (t, { typeIds }) => clearTypeOfTruck(t, typeIds))],
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
export { checkVin, hasCheckDigit, vinCheckDigit, VIN_RULE } from './vin.js';
export { truckExists, trucksService } from './trucks.service.js';
export { truckRecords, trucksDeleted } from './trucks.repository.js';
