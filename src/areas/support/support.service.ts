// Support tickets of customer accounts: list with the status filter, create.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { fail } from '../../platform/errors.js';
import type { ContactRow } from '../customers/index.js';
import { SupportErrors } from './support.errors.js';
import * as repo from './support.repository.js';
import { type SupportTicketInputT, type SupportTicketT, toTicket } from './support.schemas.js';

export function supportService() {
  return {
    list: repo.listTickets,

    /** For an active customer (the route's gate read customerId); `contact`, the one contactId names
     *  (the gate's), must be one of its contacts. */
    async create(t: Tenant, input: SupportTicketInputT, contact: ContactRow | undefined): Promise<SupportTicketT> {
      const contactId = contact?.id ?? null;
      if (contact !== undefined && contact.customer_id !== input.customerId)
        throw fail(SupportErrors.contactNotOfCustomer, `Contact ${contact.id} is not a contact of customer ${input.customerId}.`);
      const id = await repo.insertTicket(t, {
        customer_id: input.customerId,
        contact_id: contactId,
        subject: input.subject.trim(),
        description: input.description.trim(),
        priority: input.priority ?? 'Normal',
      });
      const ticket = toTicket(await repo.ticketRecords.reread(t, id));
      await audit(t, { action: 'support_ticket.create', entityType: 'support_ticket', entityId: id, after: ticket });
      return ticket;
    },
  };
}

export type SupportService = ReturnType<typeof supportService>;
