// Support tickets of customer accounts: list with the status filter, create.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import type { Paged } from '../../platform/envelope.js';
import { fail } from '../../platform/errors.js';
import { pageOf, paged, sortOf } from '../../platform/paging.js';
import { findContact, requireCustomer } from '../customers/index.js';
import * as repo from './support.repository.js';
import { toTicket, type SupportTicketInputT, type SupportTicketT, type TicketsQueryT } from './support.schemas.js';
import { SupportErrors } from './support.errors.js';

/** Filter names have no space; records read `In Progress`. */
const FILTER_TO_STATUS: Record<string, SupportTicketT['status']> = { Open: 'Open', InProgress: 'In Progress', Resolved: 'Resolved', Closed: 'Closed' };

export function supportService() {
  return {
    async list(t: Tenant, q: TicketsQueryT): Promise<Paged<SupportTicketT>> {
      const page = pageOf(q);
      const sort = sortOf(q, { createdAt: 'created_at', updatedAt: 'updated_at', subject: 'subject' } as const, { by: 'created_at', descending: true });
      const filter = {
        customerId: q.customerId ?? null,
        statuses: q.status?.length ? q.status.map((s) => FILTER_TO_STATUS[s]!) : null,
        search: q.SearchTerm?.trim() || null,
      };
      const [rows, total] = await Promise.all([repo.listTickets(t, filter, sort, page.limit, page.offset), repo.countTickets(t, filter)]);
      return paged(rows.map(toTicket), page, total);
    },

    async create(t: Tenant, input: SupportTicketInputT): Promise<SupportTicketT> {
      await requireCustomer(t, input.customerId);
      const contactId = input.contactId ?? null;
      if (contactId !== null) {
        const contact = await findContact(t, contactId);
        if (!contact || contact.customer_id !== input.customerId) throw fail(SupportErrors.contactNotOfCustomer, `Contact ${contactId} is not a contact of customer ${input.customerId}.`);
      }
      const id = await repo.insertTicket(t, {
        customer_id: input.customerId, contact_id: contactId, subject: input.subject.trim(), description: input.description.trim(), priority: input.priority ?? 'Normal',
      });
      const ticket = toTicket((await repo.findTicket(t, id))!);
      await audit(t, { action: 'support_ticket.create', entityType: 'support_ticket', entityId: id, after: ticket });
      return ticket;
    },
  };
}

export type SupportService = ReturnType<typeof supportService>;
