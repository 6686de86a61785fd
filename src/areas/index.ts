// Every area the service serves, in the order of the spec, and what they declare to each other:
// the subscriptions of the company hooks (platform/events.ts). app.ts serves them; the demo, the
// CLI and tests open company work with the same hooks.
import type { Area } from '../platform/area.js';
import { Hooks } from '../platform/events.js';
import { accountArea } from './account/index.js';
import { accountingArea } from './accounting/index.js';
import { apiTokensArea } from './api-tokens/index.js';
import { attachmentsArea } from './attachments/index.js';
import { carriersAreas } from './carriers/index.js';
import { chargeTypesArea } from './charge-types/index.js';
import { addressesArea, contactsArea, customersArea } from './customers/index.js';
import { dispatchArea } from './dispatch/index.js';
import { documentsArea } from './documents/index.js';
import { driversAreas } from './drivers/index.js';
import { fleetAreas } from './fleet/index.js';
import { generatedDocumentsArea } from './generated-documents/index.js';
import { mapsArea } from './maps/index.js';
import { ordersArea, quotesArea } from './orders/index.js';
import { pricingArea } from './pricing/index.js';
import { referenceArea } from './reference/index.js';
import { settingsAreas } from './settings/index.js';
import { supportArea } from './support/index.js';
import { usersArea } from './users/index.js';

export const AREAS: Area[] = [
  accountArea,
  usersArea,
  mapsArea,
  customersArea,
  contactsArea,
  addressesArea,
  // After the customers' areas: orders' models reference Address and CustomerContact.
  quotesArea,
  ordersArea,
  pricingArea,
  chargeTypesArea,
  supportArea,
  apiTokensArea,
  ...settingsAreas,
  referenceArea,
  ...carriersAreas,
  ...driversAreas,
  ...fleetAreas,
  // After drivers and fleet and settings: routes name drivers, trucks and warehouses.
  dispatchArea,
  // After customers, orders and charge types: invoices name them.
  accountingArea,
  // After orders, accounting, customers and settings: its documents print their records.
  generatedDocumentsArea,
  // After orders and customers: documents link to them.
  documentsArea,
  // After every area whose records take attachments: it looks them up through their index.ts.
  attachmentsArea,
];

/** The areas' reactions to each other's announcements, in the order of AREAS. */
export const HOOKS = new Hooks(AREAS.flatMap((area) => area.subscriptions ?? []));
