// The customers, as billing lists them (part 2, "Accounting"): the customers' own list under the
// accounting permission, and the same list with each customer's open balances.
import { PagedList } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Type } from '../../platform/schemas.js';
import { type CustomerServices, CustomersQuery } from '../customers/index.js';
import { VIEW } from './accounting.access.js';
import { withBalances } from './customers-list.js';

const FILTERS =
  'The parameters of GET /Customers: SearchTerm (name, email, phone, addresses), activeCustomers, status, Cities, States, Zip, Countries, orderDateRangeStart/End, SortBy name (default) or createdAt, SortDirection, Page, ItemsPerPage.';

export function accountingCustomersRoutes(customers: CustomerServices['customers']): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/Accounting/customers',
      access: VIEW,
      summary: 'The customers, for billing',
      description: `GET /Customers for a user with "View Invoices and Payments" (an accountant need not see the sales pages). ${FILTERS}`,
      querystring: CustomersQuery,
      response: PagedList(Type.Ref('Customer')),
      cache: customers.listAnswers,
      handler: ({ tenant, query }) => customers.list(tenant, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/Accounting/Customers/BasicDetails',
      access: VIEW,
      summary: 'The customers with what they owe',
      description: `Each customer's contact, terms and tax exemption, and per currency the balance of its approved, live invoices (overdue part, count). ${FILTERS}`,
      querystring: CustomersQuery,
      response: PagedList(Type.Ref('CustomerListDto')),
      handler: async ({ tenant, query }) => {
        const page = (await customers.list(tenant, query)).data;
        return { ...page, list: await withBalances(tenant, page.list) };
      },
    }),
  ];
}
