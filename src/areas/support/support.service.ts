// Support tickets of customer accounts: list with the status filter, create.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { fail } from '../../platform/errors.js';
import { findContact, requireCustomer } from '../customers/index.js';
import { SupportErrors } from './support.errors.js';
import * as repo from './support.repository.js';
import { type SupportTicketInputT, type SupportTicketT, toTicket } from './support.schemas.js';

export function supportService() {
  return {
    list: repo.listTickets,

    async create(t: Tenant, input: SupportTicketInputT): Promise<SupportTicketT> {
      await requireCustomer(t, input.customerId);
      const contactId = input.contactId ?? null;
      if (contactId !== null) {
        const contact = await findContact(t, contactId);
        if (!contact || contact.customer_id !== input.customerId)
          throw fail(SupportErrors.contactNotOfCustomer, `Contact ${contactId} is not a contact of customer ${input.customerId}.`);
      }
      const id = await repo.insertTicket(t, {
        customer_id: input.customerId,
        contact_id: contactId,
        subject: input.subject.trim(),
        description: input.description.trim(),
        priority: input.priority ?? 'Normal',
      });
      const ticket = toTicket(await repo.ticketRecords.requireOne(t, id));
      await audit(t, { action: 'support_ticket.create', entityType: 'support_ticket', entityId: id, after: ticket });
      return ticket;
    },
  };
}

export type SupportService = ReturnType<typeof supportService>;
