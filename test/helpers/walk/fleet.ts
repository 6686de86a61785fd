// The fleet area's part of the conventions walk (test/helpers/walk.ts says what each holds): trucks,
// and the telematics row that changes a vehicle at the provider.
import { randomUUID } from 'node:crypto';
import { createTruck } from '../factories.js';
import type { AreaWalk, Factory } from '../walk.js';

const truck: Factory = async (t, s) => (await createTruck(t, s, { name: `Walk unit ${randomUUID().slice(0, 8)}` })).id;

export const fleetWalk: AreaWalk = {
  factories: { truck },
  unaudited: {
    // It writes an audit row (telematics.vehicle_update) once the provider took the change
    // (test/integrations/telematics.test.ts checks it), but the walk's app has no telematics account
    // connected: the request cannot succeed there (400 telematics.not_connected, nothing changed).
    'PUT /Telematics/Vehicle':
      'no telematics account is connected in the walk, so it cannot succeed there; when it does it audits telematics.vehicle_update (tested in test/integrations/telematics.test.ts)',
  },
};
