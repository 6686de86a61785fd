// SQL of the quote actions (actions.service.ts), through the company door.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';

/** Addresses the company's stops went to most recently (each once, newest use first). */
export async function recentAddressIds(t: Tenant, count: number, customerId: number | null): Promise<number[]> {
  let q = t
    .select('order_stops as s')
    .innerJoin('orders as o', (j) => j.onRef('o.company_id', '=', 's.company_id').onRef('o.id', '=', 's.order_id'))
    .select(['s.address_id', sql<Date>`max(s.created_at)`.as('used_at')])
    .where('o.status', '<>', 'Deleted');
  if (customerId !== null) q = q.where('o.customer_id', '=', customerId);
  const rows = await q.groupBy('s.address_id').orderBy('used_at', 'desc').orderBy('s.address_id', 'desc').limit(count).execute();
  return rows.map((r) => r.address_id);
}

/** The contact of the customer's newest live order that names one. */
export async function recentContactId(t: Tenant, customerId: number): Promise<number | null> {
  const row = await t
    .select('orders')
    .select('contact_id')
    .where('customer_id', '=', customerId)
    .where('contact_id', 'is not', null)
    .where('status', '<>', 'Deleted')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.contact_id ?? null;
}

export async function statsOf(t: Tenant, customerId: number) {
  const counts = await t
    .select('orders as o')
    .select([
      sql<number>`count(*) filter (where o.status in ('Dreft', 'Quote'))::int`.as('quotes'),
      sql<number>`count(*) filter (where o.status = 'Order')::int`.as('open_orders'),
      sql<number>`count(*) filter (where o.status = 'Closed')::int`.as('closed_orders'),
      sql<number>`count(*) filter (where o.status = 'Deleted')::int`.as('deleted'),
      sql<number>`count(*) filter (where o.status <> 'Deleted' and exists (select 1 from order_stops h where ${t.owns('h')} and h.order_id = o.id and h.is_on_hold))::int`.as(
        'on_hold',
      ),
      sql<Date | null>`min(o.created_at) filter (where o.status in ('Order', 'Closed'))`.as('first_order_at'),
      sql<Date | null>`max(o.created_at) filter (where o.status in ('Order', 'Closed'))`.as('last_order_at'),
    ])
    .where('o.customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  const revenue = await t
    .select('orders')
    .select(['currency', sql<number>`sum(total_price)`.as('amount'), sql<number>`round(avg(total_price), 2)`.as('average')])
    .where('customer_id', '=', customerId)
    .where('status', 'in', ['Order', 'Closed'])
    .groupBy('currency')
    .orderBy('currency')
    .execute();
  return { counts, revenue };
}

export async function setBuyingPrice(t: Tenant, id: number, buyingPrice: number | null): Promise<void> {
  await t.update('orders').set({ buying_price: buyingPrice, updated_at: new Date() }).where('id', '=', id).execute();
}
