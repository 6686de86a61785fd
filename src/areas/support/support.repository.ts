// SQL of support tickets, through the company door. Tickets point at customers and their contacts
// (the customers area's): when customers are merged or a contact's uses move, this area moves its
// own rows (index.ts subscribes).
import type { Tenant } from '../../db/tenant.js';
import { pagedList } from '../../platform/list.js';
import { likePattern } from '../../platform/paging.js';
import { companyRecords } from '../../platform/records.js';
import { type SupportTicketT, type TicketRow, TicketsQuery, toTicket } from './support.schemas.js';

/** Tickets with their customer's name. */
function tickets(t: Tenant) {
  return t.select('support_tickets as s').innerJoin('customers as c', (j) => j.onRef('c.company_id', '=', 's.company_id').onRef('c.id', '=', 's.customer_id'));
}

const COLUMNS = [
  's.id',
  's.customer_id',
  'c.name as customer_name',
  's.contact_id',
  's.subject',
  's.description',
  's.status',
  's.priority',
  's.created_by',
  's.created_at',
  's.updated_at',
] as const;

export const ticketRecords = companyRecords<TicketRow>({
  name: 'support_ticket',
  what: 'Support ticket',
  read: (t, ids) => tickets(t).select(COLUMNS).where('s.id', 'in', ids).execute(),
});

/** Filter names have no space; records read `In Progress`. */
const FILTER_TO_STATUS: Record<string, SupportTicketT['status']> = { Open: 'Open', InProgress: 'In Progress', Resolved: 'Resolved', Closed: 'Closed' };

/** The tickets of a customer (customerId) or of all, by status, searched in subject and
 *  description; newest first unless SortBy says otherwise (then ascending unless SortDirection). */
export const listTickets = pagedList({
  query: TicketsQuery,
  from: tickets,
  filters: {
    customerId: (q, customerId) => q.where('s.customer_id', '=', customerId),
    status: (q, statuses) =>
      q.where(
        's.status',
        'in',
        statuses.map((s) => FILTER_TO_STATUS[s]!),
      ),
    SearchTerm: (q, term) => {
      const p = likePattern(term);
      return q.where((eb) => eb.or([eb('s.subject', 'ilike', p), eb('s.description', 'ilike', p)]));
    },
  },
  sortable: {
    createdAt: ['s.created_at', 's.id'],
    updatedAt: ['s.updated_at', 's.id'],
    subject: ['s.subject', 's.id'],
  },
  defaultSort: { by: 'createdAt', descending: true },
  select: (q) => q.select(COLUMNS),
  map: (rows) => rows.map(toTicket),
});

export async function insertTicket(
  t: Tenant,
  values: { customer_id: number; contact_id: number | null; subject: string; description: string; priority: SupportTicketT['priority'] },
): Promise<number> {
  const row = await t
    .insert('support_tickets', { created_by: t.userId, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Customers merged into another: their tickets are the other's now. */
export async function moveTicketsOfCustomers(t: Tenant, fromIds: number[], toId: number): Promise<void> {
  if (fromIds.length === 0) return;
  await t.update('support_tickets').set({ customer_id: toId }).where('customer_id', 'in', fromIds).execute();
}

/** Tickets raised by these contacts now name another contact (of the same customer). */
export async function moveTicketsOfContacts(t: Tenant, fromIds: number[], toId: number): Promise<void> {
  if (fromIds.length === 0) return;
  await t.update('support_tickets').set({ contact_id: toId }).where('contact_id', 'in', fromIds).execute();
}
