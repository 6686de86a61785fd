// GET /Quotes and GET /Orders: one list over the company's quotes and orders, paged in SQL along
// the (company_id, status, created_at, id) and (company_id, created_at, id) indexes, with the exact
// totalCount; a page's stops, addresses and items come in three more statements (orders.answers.ts).
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { type Filters, type ListQuery, pagedList } from '../../platform/list.js';
import { dateRangeOf, likePattern } from '../../platform/paging.js';
import { ordersOf } from './orders.answers.js';
import { ORDER_COLUMNS, type OrderRow, orders } from './orders.repository.js';
import { OrdersQuery, type OrdersQueryT } from './orders.schemas.js';
import type { OrderStatus } from './orders.tables.js';

type Query = OrdersQueryT & ListQuery;
/** Which orders a list shows when OrderStatus is not sent. */
export type ListScope = { defaultStatuses: readonly OrderStatus[] };
type Base = ReturnType<typeof orders>;

/** The statuses asked for (OnHold is a filter on stops, not a status). */
function statusesOf(query: Query, scope: ListScope): OrderStatus[] {
  const asked = (query.OrderStatus ?? []).filter((s): s is OrderStatus => s !== 'OnHold');
  if (asked.length > 0) return asked;
  return [...scope.defaultStatuses];
}

const FILTERS: Filters<Query, Base> = {
  OrderStatus: (q, statuses, _query, t) =>
    statuses.includes('OnHold')
      ? q.where(({ exists, selectFrom }) =>
          exists(
            selectFrom('order_stops as h').select(sql`1`.as('one')).where(t.owns('h')).whereRef('h.order_id', '=', 'o.id').where('h.is_on_hold', '=', true),
          ),
        )
      : q,
  Customers: (q, ids) => q.where('o.customer_id', 'in', ids),
  DateRange: (q, range) => {
    const r = dateRangeOf(range)!;
    return q.where('o.created_at', '>=', r.start).where('o.created_at', '<=', r.end);
  },
  OrderNumber: (q, number) => q.where(sql`lower(o.order_number)`, 'like', `${likePattern(number.toLowerCase()).replace(/^%/, '')}`),
  Cities: (q, cities, _query, t) =>
    q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('order_stops as cs')
          .innerJoin('addresses as ca', (j) => j.onRef('ca.company_id', '=', 'cs.company_id').onRef('ca.id', '=', 'cs.address_id'))
          .select(sql`1`.as('one'))
          .where(t.owns('cs'))
          .whereRef('cs.order_id', '=', 'o.id')
          .where(
            sql`lower(ca.city)`,
            'in',
            cities.map((c) => c.trim().toLowerCase()),
          ),
      ),
    ),
  // A stop in one of the zones: its address's postal code starts with one of the zone's codes.
  ZoneIds: (q, ids, _query, t) =>
    q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('order_stops as zs')
          .innerJoin('addresses as za', (j) => j.onRef('za.company_id', '=', 'zs.company_id').onRef('za.id', '=', 'zs.address_id'))
          .innerJoin('zone_postal_codes as zp', (j) => j.onRef('zp.company_id', '=', 'zs.company_id').onRef('zp.country', '=', 'za.country'))
          .select(sql`1`.as('one'))
          .where(t.owns('zs'))
          .whereRef('zs.order_id', '=', 'o.id')
          .where('zp.zone_id', 'in', ids)
          .where(sql<boolean>`upper(za.postal_code) LIKE zp.postal_code || '%'`),
      ),
    ),
  IsOrder: (q, isOrder) => q.where('o.status', isOrder ? 'in' : 'not in', ['Order', 'Closed']),
  IsOnlyCreatedByCurrentUser: (q, only, _query, t) => (only ? q.where('o.created_by', '=', t.userId) : q),
  // Contained (any case) in the order number, the customer's name or a stop's address.
  SearchTerm: (q, term) => q.where('o.search_text', 'like', likePattern(term.toLowerCase())),
};

export const listOrders = pagedList({
  query: OrdersQuery,
  from: (t: Tenant, query: Query, scope: ListScope) => {
    const statuses = statusesOf(query, scope);
    // Deleted ones only when asked for by status.
    return orders(t, true).where('o.status', 'in', statuses);
  },
  filters: FILTERS,
  sortable: {
    createdAt: ['o.created_at', 'o.id'],
    orderNumber: [sql`lower(o.order_number)`, 'o.id'],
    totalPrice: ['o.total_price', 'o.id'],
    customerName: [sql`lower(c.name)`, 'o.id'],
  },
  defaultSort: { by: 'createdAt', descending: true },
  select: (q) => q.select(ORDER_COLUMNS),
  map: (rows, t) => ordersOf(t, rows as OrderRow[]),
});
