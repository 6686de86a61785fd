// Every area's part of the conventions walk (test/helpers/walk.ts says what each holds).
import type { AreaWalk } from '../walk.js';
import { accountWalk } from './account.js';
import { accountingWalk } from './accounting.js';
import { apiTokensWalk } from './api-tokens.js';
import { attachmentsWalk } from './attachments.js';
import { carriersWalk } from './carriers.js';
import { chargeTypesWalk } from './charge-types.js';
import { customersWalk } from './customers.js';
import { dispatchWalk } from './dispatch.js';
import { documentsWalk } from './documents.js';
import { driversWalk } from './drivers.js';
import { fleetWalk } from './fleet.js';
import { generatedDocumentsWalk } from './generated-documents.js';
import { mapsWalk } from './maps.js';
import { ordersWalk } from './orders.js';
import { pricingWalk } from './pricing.js';
import { referenceWalk } from './reference.js';
import { settingsWalk } from './settings.js';
import { supportWalk } from './support.js';
import { usersWalk } from './users.js';

export const WALKS: AreaWalk[] = [
  accountWalk,
  usersWalk,
  ordersWalk,
  mapsWalk,
  referenceWalk,
  customersWalk,
  supportWalk,
  pricingWalk,
  chargeTypesWalk,
  carriersWalk,
  driversWalk,
  fleetWalk,
  dispatchWalk,
  settingsWalk,
  accountingWalk,
  generatedDocumentsWalk,
  documentsWalk,
  attachmentsWalk,
  apiTokensWalk,
];
