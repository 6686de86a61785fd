// GET /Quotes and GET /Orders: one list over the company's quotes and orders, paged in SQL along
// the (company_id, status, created_at, id) and (company_id, created_at, id) indexes, with the exact
// totalCount; a page's stops, addresses and items come in three more statements (orders.answers.ts).
// A list filtered by status alone (the default list, a status tab) takes its totalCount from the
// kept per-status counts (status-counts.ts); any other filter counts its rows, without the
// customers join the page needs for the customer's name. The search reads the company's own
// search-key index (migration 0016) through fds_order_matches.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { type Filters, isPresent, type KnownCount, type ListQuery, pagedList } from '../../platform/list.js';
import { dateRangeOf, likePattern } from '../../platform/paging.js';
import { ordersOf } from './orders.answers.js';
import { ORDER_COLUMNS, type OrderRow } from './orders.repository.js';
import { OrdersQuery, type OrdersQueryT } from './orders.schemas.js';
import type { OrderStatus } from './orders.tables.js';
import { countOfStatuses } from './status-counts.js';

type Query = OrdersQueryT & ListQuery;
/** Which orders a list shows when OrderStatus is not sent. */
export type ListScope = { defaultStatuses: readonly OrderStatus[] };
type Base = ReturnType<typeof baseOf>;

const baseOf = (t: Tenant) => t.select('orders as o');

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
  // A leg on a route of one of the drivers (route_items and routes are dispatch's: read by name).
  Drivers: (q, ids, _query, t) =>
    q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('route_items as dl')
          .innerJoin('routes as dr', (j) => j.onRef('dr.company_id', '=', 'dl.company_id').onRef('dr.id', '=', 'dl.route_id'))
          .select(sql`1`.as('one'))
          .where(t.owns('dl'))
          .whereRef('dl.order_id', '=', 'o.id')
          .where('dr.driver_id', 'in', ids),
      ),
    ),
  DateRange: (q, range) => {
    const r = dateRangeOf(range)!;
    return q.where('o.created_at', '>=', r.start).where('o.created_at', '<=', r.end);
  },
  // Starts with the number (any case): the byte-wise range of the key the pattern index answers
  // (~>=~ and ~<~ are leakproof, so row security lets them be index conditions; LIKE is not),
  // then LIKE exactly.
  OrderNumber: (q, number) => {
    const prefix = number.toLowerCase();
    return q
      .where(sql<boolean>`o.number_key ~>=~ ${prefix}`)
      .where(sql<boolean>`o.number_key ~<~ ${`${prefix}\u{10FFFF}`}`)
      .where('o.number_key', 'like', likePattern(prefix).replace(/^%/, ''));
  },
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
  // Contained (any case) in the order number, the customer's name or a stop's address: the
  // matching ids through the company's search-key index (a definer function: row security keeps
  // @> from being an index condition). On Citus the function cannot run inside a statement over
  // company tables (Tenant.distributed), and the shard's rows are read instead.
  SearchTerm: (q, term, _query, t) =>
    t.distributed
      ? q.where(sql<boolean>`strpos(o.search_text, ${term.toLowerCase()}) > 0`)
      : q.where('o.id', 'in', sql<number>`(SELECT fds_order_matches(${t.companyId}, ${term.toLowerCase()}))`),
};

/** The totalCount kept for this query: the statuses' counts when nothing but the status filters
 *  (IsOnlyCreatedByCurrentUser=false filters nothing). */
const knownCount: KnownCount<Query, ListScope> = {
  accounts: ['OrderStatus', 'IsOrder', 'IsOnlyCreatedByCurrentUser'],
  count: countOfQuery,
};

function countOfQuery(t: Tenant, query: Query, scope: ListScope) {
  if (query.IsOnlyCreatedByCurrentUser === true) return null;
  if (query.OrderStatus?.includes('OnHold')) return null;
  let statuses = statusesOf(query, scope);
  if (isPresent(query.IsOrder)) statuses = statuses.filter((s) => (s === 'Order' || s === 'Closed') === query.IsOrder);
  return countOfStatuses(t, statuses);
}

export const listOrders = pagedList({
  query: OrdersQuery,
  from: (t: Tenant, query: Query, scope: ListScope) => {
    const statuses = statusesOf(query, scope);
    // Deleted ones only when asked for by status.
    return baseOf(t).where('o.status', 'in', statuses);
  },
  filters: FILTERS,
  knownCount,
  // A search's matches come from a function: counted in the page's pass, not by running it twice.
  countInPage: (query) => isPresent(query.SearchTerm),
  sortable: {
    createdAt: ['o.created_at', 'o.id'],
    orderNumber: ['o.number_key', 'o.id'],
    totalPrice: ['o.total_price', 'o.id'],
    customerName: [sql`lower(c.name)`, 'o.id'],
  },
  defaultSort: { by: 'createdAt', descending: true },
  // The customer's name joins the page only (every order has its customer: a foreign key).
  select: (q) => q.innerJoin('customers as c', (j) => j.onRef('c.company_id', '=', 'o.company_id').onRef('c.id', '=', 'o.customer_id')).select(ORDER_COLUMNS),
  map: (rows, t) => ordersOf(t, rows as OrderRow[]),
});
