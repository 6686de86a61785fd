// Orders (part 1, "Orders"; listed by summary only: parameters and answers are fds's design,
// documented on each route).
import { PagedList } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { customerRecords } from '../customers/index.js';
import { EDIT, VIEW } from './orders.access.js';
import { orderRecords } from './orders.repository.js';
import { Order, OrderIdParams, OrdersQuery } from './orders.schemas.js';
import type { OrdersService } from './orders.service.js';

/** What GET /Orders lists when OrderStatus is not sent: approved orders, open and closed. */
const ORDERS = { defaultStatuses: ['Order', 'Closed'] } as const;

export function ordersRoutes(orders: OrdersService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/Orders',
      access: VIEW,
      ids: { query: { Customers: { filter: customerRecords } } },
      summary: 'Search orders',
      description: 'As GET /Quotes, but without OrderStatus it lists approved orders only (Order and Closed).',
      querystring: OrdersQuery,
      response: PagedList(Order),
      handler: ({ tenant, query }) => orders.list(tenant, query, ORDERS),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Orders/:id/close',
      access: EDIT,
      ids: { params: { id: orderRecords } },
      summary: 'Close the order',
      description:
        'An approved order becomes Closed (closedAt) and is answered. A quote or draft is refused (orders.not_an_order: approve it first), a deleted order too (orders.deleted); ' +
        'closing a closed order changes nothing. Writes the company event order.closed.',
      params: OrderIdParams,
      response: Order,
      handler: ({ tenant, params }) => orders.close(tenant, params.id),
    }),
  ];
}
