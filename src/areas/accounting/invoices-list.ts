// GET /Accounting/Invoices: the company's live invoices, newest first (invoice date, then id), paged
// in SQL along the invoices' indexes — by date, by customer, the unpaid ones' partial index — and
// the number's prefix by the leakproof ~>=~ / ~<~ (row security keeps LIKE from being an index
// condition; 0016 says why).
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { type KnownCount, pagedList } from '../../platform/list.js';
import { dayOf, likePattern } from '../../platform/paging.js';
import { invoiceCount } from './figures.js';
import { invoiceAnswers } from './invoice-answers.js';
import { INVOICE_COLUMNS, type InvoiceRow } from './invoices.repository.js';
import { InvoicesQuery, type InvoicesQueryT } from './invoices.schemas.js';

// Every live invoice, or the paid or unpaid ones, counted from the running figures (200,000
// invoices: 100 ms of counting a request otherwise); a customer's or a number's are few: counted.
const knownInvoiceCount: KnownCount<InvoicesQueryT> = {
  accounts: ['isFullyPaid'],
  count: (t, query) => invoiceCount(t, { withDeleted: false, paid: query.isFullyPaid ?? undefined }, dayOf()),
};

export const listInvoices = pagedList({
  query: InvoicesQuery,
  from: (t: Tenant) =>
    t
      .select('invoices as i')
      .innerJoin('customers as c', (j) => j.onRef('c.company_id', '=', 'i.company_id').onRef('c.id', '=', 'i.customer_id'))
      .where('i.deleted_at', 'is', null),
  filters: {
    customerId: (q, id) => q.where('i.customer_id', '=', id),
    // Paid: approved with nothing left to pay; not paid: drafts and those with a balance.
    isFullyPaid: (q, paid) =>
      paid ? q.where('i.status', '=', 2).where('i.balance', '<=', 0) : q.where((eb) => eb.or([eb('i.status', '=', 1), eb('i.balance', '>', 0)])),
    SearchTerm: (q, term) => {
      const prefix = term.trim().toLowerCase();
      if (prefix === '') return q;
      return q
        .where(sql<boolean>`i.number_key ~>=~ ${prefix}`)
        .where(sql<boolean>`i.number_key ~<~ ${`${prefix}\u{10FFFF}`}`)
        .where('i.number_key', 'like', likePattern(prefix).replace(/^%/, ''));
    },
  },
  knownCount: knownInvoiceCount,
  sortable: { invoiceDate: ['i.invoice_date', 'i.id'] },
  defaultSort: { by: 'invoiceDate', descending: true },
  fixedOrder: true,
  select: (q) => q.select(INVOICE_COLUMNS),
  map: (rows, t) => invoiceAnswers(t, rows as unknown as InvoiceRow[]),
});
