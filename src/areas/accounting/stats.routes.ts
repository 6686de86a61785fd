// The accounting figures (part 2 "Accounting": InvoiceStats; part 1 "Customers": CustomerBalanceStats
// and MonthlyStatistic, served by accounting, which owns invoices and payments). Money is read under
// "View Invoices and Payments".
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Many, Type } from '../../platform/schemas.js';
import { customerRecords } from '../customers/index.js';
import { VIEW } from './accounting.access.js';
import { CustomerIdParams, MonthlyQuery } from './stats.schemas.js';
import { customerBalance, invoiceStats, monthlyStatistic } from './stats.service.js';

export function statsRoutes(): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/Accounting/InvoiceStats',
      access: VIEW,
      summary: "The company's invoices in figures",
      description:
        'Per currency (never summed across currencies): live invoices, approved totals, what is outstanding and overdue (due before today, UTC), drafts, live settled payments of the last 30 days, and counts, totals and balances per transaction status. One grouped statement over the invoices.',
      response: Type.Ref('InvoiceStats'),
      handler: ({ tenant }) => invoiceStats(tenant),
    }),
    defineRoute({
      method: 'GET',
      url: '/Customers/:id/CustomerBalanceStats',
      access: VIEW,
      ids: { params: { id: customerRecords } },
      summary: "A customer's receivable",
      description:
        "All time, in the currency most of the customer's invoices are in (others in otherCurrencies): approved live invoices and their totals, live settled payments and the last one's date, what is left to pay and what of it is overdue.",
      params: CustomerIdParams,
      response: Type.Ref('CustomerBalanceStats'),
      handler: ({ tenant, found }) => customerBalance(tenant, found.one(customerRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Customers/:id/MonthlyStatistic',
      access: VIEW,
      ids: { params: { id: customerRecords } },
      summary: "A customer's months",
      description:
        'The last 12 months (months=1…36), this one last, per currency the customer has (its main one first): invoices by their date, payments by theirs; a month without either is answered with zeros.',
      params: CustomerIdParams,
      querystring: MonthlyQuery,
      response: Many(Type.Ref('CustomerBalanceStats')),
      handler: ({ tenant, found, query }) => monthlyStatistic(tenant, found.one(customerRecords), query.months ?? 12),
    }),
  ];
}
