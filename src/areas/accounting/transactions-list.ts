// POST /Accounting: invoices and payments in one page. The two are one UNION ALL, paged in SQL:
// PostgreSQL pushes each filter into both branches (a type filter empties one) and, ordered by
// date, merges the two date indexes (invoices_date_idx, payments_date_idx) instead of sorting all.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { invalid } from '../../platform/errors.js';
import { pagedList } from '../../platform/list.js';
import { dayOf, likePattern } from '../../platform/paging.js';
import { statusColumn } from './invoice-state.js';
import { SearchCriteria, type SearchCriteriaT, type TransactionT } from './transactions.schemas.js';

const customers = 'customers as c';

function transactions(t: Tenant, criteria: SearchCriteriaT) {
  if (criteria.from && criteria.to && criteria.to < criteria.from) throw invalid('to', `to (${criteria.to}) is before from (${criteria.from}).`);
  const invoices = t
    .select('invoices as i')
    .innerJoin(customers, (j) => j.onRef('c.company_id', '=', 'i.company_id').onRef('c.id', '=', 'i.customer_id'))
    .select([
      sql<string>`'Invoice'`.as('type'),
      'i.id',
      sql<string | null>`i.invoice_number`.as('number'),
      'i.number_key as number_key',
      'i.customer_id',
      'c.name as customer_name',
      'i.invoice_date as date',
      sql<string | null>`i.due_date`.as('due_date'),
      'i.total as amount',
      'i.balance',
      'i.currency',
      sql<string>`${statusColumn(dayOf())}`.as('status'),
      'i.deleted_at',
      'i.created_at',
    ]);
  const payments = t
    .select('payments as p')
    .innerJoin(customers, (j) => j.onRef('c.company_id', '=', 'p.company_id').onRef('c.id', '=', 'p.customer_id'))
    .select([
      sql<string>`'Payment'`.as('type'),
      'p.id',
      'p.reference_number as number',
      sql<string>`lower(p.reference_number)`.as('number_key'),
      'p.customer_id',
      'c.name as customer_name',
      'p.payment_date as date',
      sql<string | null>`null::date`.as('due_date'),
      'p.amount',
      'p.unapplied_amount as balance',
      'p.currency',
      sql<string>`case when p.deleted_at is not null then 'Deleted' when p.processing_status = 'pending' then 'Pending'
        when p.processing_status = 'failed' then 'Failed' else 'Settled' end`.as('status'),
      'p.deleted_at',
      'p.created_at',
    ]);
  const withDeleted = criteria.includeDeleted === true || (criteria.statuses ?? []).includes('Deleted');
  return t.db.selectFrom(invoices.unionAll(payments).as('x')).$if(!withDeleted, (q) => q.where('x.deleted_at', 'is', null));
}

export const searchTransactions = pagedList({
  query: SearchCriteria,
  from: (t: Tenant, criteria) => transactions(t, criteria),
  filters: {
    transactionType: (q, type) => q.where('x.type', '=', type),
    customerId: (q, id) => q.where('x.customer_id', '=', id),
    from: (q, day) => q.where('x.date', '>=', day),
    to: (q, day) => q.where('x.date', '<=', day),
    statuses: (q, statuses) => q.where('x.status', 'in', statuses),
    SearchTerm: (q, term) => {
      const prefix = term.toLowerCase();
      return q.where('x.number_key', 'like', likePattern(prefix).replace(/^%/, ''));
    },
  },
  sortable: {
    date: ['x.date', 'x.type', 'x.id'],
    amount: ['x.amount', 'x.type', 'x.id'],
    number: ['x.number_key', 'x.type', 'x.id'],
  },
  defaultSort: { by: 'date', descending: true },
  select: (q) =>
    q.select([
      'x.type',
      'x.id',
      'x.number',
      'x.customer_id',
      'x.customer_name',
      'x.date',
      'x.due_date',
      'x.amount',
      'x.balance',
      'x.currency',
      'x.status',
      'x.created_at',
    ]),
  map: (rows): TransactionT[] =>
    rows.map((r) => ({
      type: r.type as TransactionT['type'],
      id: r.id,
      number: r.number,
      customerId: r.customer_id,
      customerName: r.customer_name,
      date: r.date,
      dueDate: r.due_date,
      amount: r.amount,
      balance: r.balance,
      currency: r.currency,
      status: r.status,
      createdAt: r.created_at,
    })),
});
