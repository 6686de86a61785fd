// POST /Accounting (part 2, "Accounting"): the invoices and payments search.
import { PagedList } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Type } from '../../platform/schemas.js';
import { customerRecords } from '../customers/index.js';
import { VIEW } from './accounting.access.js';
import { SearchCriteria } from './transactions.schemas.js';
import { searchTransactions } from './transactions-list.js';

export function transactionsRoutes(): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/Accounting',
      access: VIEW,
      readOnly: true,
      ids: { body: { customerId: { filter: customerRecords } } },
      summary: 'Search invoices and payments',
      description:
        "One page of the company's invoices and payments (transactionType narrows it to one), newest first by default (SortBy date, amount or number). customerId; from and to: days, inclusive; statuses: an invoice's transaction status or a payment's status; SearchTerm: the invoice number's or the payment reference's start, any case. Deleted ones are left out unless includeDeleted=true or statuses names Deleted.",
      body: SearchCriteria,
      response: PagedList(Type.Ref('Transaction')),
      handler: ({ tenant, body }) => searchTransactions(tenant, body),
    }),
  ];
}
