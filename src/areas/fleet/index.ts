// The fleet section (part 2, "Fleet"): the company's trucks and the connected telematics account —
// one tag each on the reference page. The account comes from the configuration (TELEMATICS_*,
// src/settings.ts; connected when the routes are built: src/integrations/telematics). Other areas use the truck lookups here,
// and hear of deleted trucks through `trucksDeleted` (the drivers area clears default trucks).
import { telematicsConnection } from '../../integrations/telematics/index.js';
import { type Area, perApp } from '../../platform/area.js';
import { on } from '../../platform/events.js';
import { typeOfTrucksDeleted } from '../carriers/index.js';
import { FleetErrors } from './fleet.errors.js';
import { telematicsRoutes } from './telematics.routes.js';
import { telematicsService } from './telematics.service.js';
import { clearTypeOfTruck, truckRecords } from './trucks.repository.js';
import { trucksRoutes } from './trucks.routes.js';
import { Truck } from './trucks.schemas.js';
import { trucksService } from './trucks.service.js';

const services = perApp((deps) => {
  const trucks = trucksService();
  return { trucks, telematics: telematicsService(telematicsConnection(deps.config.telematics), trucks) };
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

export { truckRecords, trucksDeleted } from './trucks.repository.js';
export { TRUCK_STATUSES, Truck, type TruckStatus, type TruckT } from './trucks.schemas.js';
export { truckExists, trucksService } from './trucks.service.js';
export { checkVin, hasCheckDigit, VIN_RULE, vinCheckDigit } from './vin.js';
