// Support tickets (part 1, Customers: "Support tickets, customer messages and customer-portal
// access" — the two endpoints the spec shows).
import { signedIn } from '../../platform/access.js';
import { PagedList } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { CUSTOMERS_EDIT, contactRecords, customerRecords } from '../customers/index.js';
import { SupportTicket, SupportTicketInput, TicketsQuery } from './support.schemas.js';
import type { SupportService } from './support.service.js';

export function supportRoutes(support: SupportService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/SupportTickets',
      access: signedIn,
      ids: { query: { customerId: { filter: customerRecords } } },
      summary: 'List support tickets',
      description:
        'The tickets of a customer account (customerId), or of every customer. status filters with Open, InProgress, Resolved, Closed (records read "In Progress"); SearchTerm matches subject and description; SortBy: createdAt (default, newest first), updatedAt, subject.',
      querystring: TicketsQuery,
      response: PagedList(SupportTicket),
      handler: ({ tenant, query }) => support.list(tenant, query),
    }),
    defineRoute({
      method: 'POST',
      url: '/SupportTickets',
      // A ticket is customer service, the customers section's work: its edit permission.
      access: CUSTOMERS_EDIT,
      // contactId must be one of the customer's contacts: another customer's is
      // support.contact_not_of_customer; one the company does not have, a validation problem on it.
      ids: { body: { customerId: customerRecords, contactId: { field: contactRecords } } },
      summary: 'Open a support ticket for a customer',
      description: 'Starts Open; priority Low, Normal (default), High or Urgent; contactId must be a contact of the customer.',
      body: SupportTicketInput,
      response: SupportTicket,
      handler: ({ tenant, found, body }) => support.create(tenant, body, found.maybe(contactRecords)),
    }),
  ];
}
