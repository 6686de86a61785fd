// SQL of support tickets, in the company's transaction.
import type { Tenant } from '../../db/tenant.js';
import { likePattern, type SortSpec } from '../../platform/paging.js';
import type { SupportTicketT, TicketRow } from './support.schemas.js';

export interface TicketFilter {
  customerId: number | null;
  statuses: SupportTicketT['status'][] | null;
  search: string | null;
}

export type TicketSort = 'created_at' | 'updated_at' | 'subject';

function tickets(t: Tenant, f: TicketFilter) {
  let q = t.db.selectFrom('support_tickets as s')
    .innerJoin('customers as c', (j) => j.onRef('c.company_id', '=', 's.company_id').onRef('c.id', '=', 's.customer_id'))
    .where('s.company_id', '=', t.companyId);
  if (f.customerId !== null) q = q.where('s.customer_id', '=', f.customerId);
  if (f.statuses) q = q.where('s.status', 'in', f.statuses);
  if (f.search) {
    const p = likePattern(f.search);
    q = q.where((eb) => eb.or([eb('s.subject', 'ilike', p), eb('s.description', 'ilike', p)]));
  }
  return q;
}

const COLUMNS = ['s.id', 's.customer_id', 'c.name as customer_name', 's.contact_id', 's.subject', 's.description', 's.status', 's.priority', 's.created_by', 's.created_at', 's.updated_at'] as const;

export function listTickets(t: Tenant, f: TicketFilter, sort: SortSpec<TicketSort>, limit: number, offset: number): Promise<TicketRow[]> {
  const direction = sort.descending ? 'desc' : 'asc';
  return tickets(t, f).select(COLUMNS).orderBy(`s.${sort.by}`, direction).orderBy('s.id', direction).limit(limit).offset(offset).execute();
}

export async function countTickets(t: Tenant, f: TicketFilter): Promise<number> {
  const row = await tickets(t, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findTicket(t: Tenant, id: number): Promise<TicketRow | undefined> {
  return tickets(t, { customerId: null, statuses: null, search: null }).select(COLUMNS).where('s.id', '=', id).executeTakeFirst();
}

export async function insertTicket(t: Tenant, values: { customer_id: number; contact_id: number | null; subject: string; description: string; priority: SupportTicketT['priority'] }): Promise<number> {
  const row = await t.db.insertInto('support_tickets').values({ company_id: t.companyId, created_by: t.userId, ...values }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
