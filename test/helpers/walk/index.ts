// Every area's part of the conventions walk (test/helpers/walk.ts says what each holds).
import type { AreaWalk } from '../walk.js';
import { accountWalk } from './account.js';
import { usersWalk } from './users.js';
import { mapsWalk } from './maps.js';
import { referenceWalk } from './reference.js';
import { customersWalk } from './customers.js';
import { supportWalk } from './support.js';
import { pricingWalk } from './pricing.js';
import { chargeTypesWalk } from './charge-types.js';
import { carriersWalk } from './carriers.js';
import { driversWalk } from './drivers.js';
import { fleetWalk } from './fleet.js';
import { settingsWalk } from './settings.js';

export const WALKS: AreaWalk[] = [
  accountWalk, usersWalk, mapsWalk, referenceWalk, customersWalk, supportWalk,
  pricingWalk, chargeTypesWalk, carriersWalk, driversWalk, fleetWalk, settingsWalk,
];
