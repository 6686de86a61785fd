// Support tickets of customer accounts. Tickets point at customers and contacts: when customers
// are merged, or a contact's uses move to another contact, the customers area announces it and
// this area moves its tickets, in the same transaction.
import type { Area } from '../../platform/area.js';
import { on } from '../../platform/events.js';
import { contactUsesMoved, customersMerged } from '../customers/index.js';
import { SupportErrors } from './support.errors.js';
import { moveTicketsOfContacts, moveTicketsOfCustomers, ticketRecords } from './support.repository.js';
import { supportRoutes } from './support.routes.js';
import { supportService } from './support.service.js';

export const supportArea: Area = {
  name: 'Support tickets',
  errors: SupportErrors,
  resources: [ticketRecords],
  subscriptions: [
    on(customersMerged, 'support', (t, { fromIds, intoId }) => moveTicketsOfCustomers(t, fromIds, intoId)),
    on(contactUsesMoved, 'support', (t, { fromContactIds, toContactId }) => moveTicketsOfContacts(t, fromContactIds, toContactId)),
  ],
  routes: () => supportRoutes(supportService()),
};
