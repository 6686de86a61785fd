// What the orders area does when the customers area announces a change to records orders point at
// (platform/events.ts): merged customers' orders belong to the customer they were merged into;
// a contact's uses move to the contact that replaces it. Same transaction as the announcement;
// each order moved says so in its activity log (the customers area audits the merge itself).
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { logActivity } from './order-activity.js';

export async function moveCustomers(t: Tenant, { fromIds, intoId }: { fromIds: number[]; intoId: number }): Promise<void> {
  if (fromIds.length === 0) return;
  // The search text names the customer: the merged one's name gives way to the one kept.
  const moved = await sql<{ id: number }>`
    UPDATE orders o SET customer_id = ${intoId}, updated_at = now(),
      search_text = replace(o.search_text, lower(f.name), lower(n.name))
    FROM customers f, customers n
    WHERE o.company_id = ${t.companyId} AND f.company_id = ${t.companyId} AND n.company_id = ${t.companyId}
      AND f.id = o.customer_id AND n.id = ${intoId} AND o.customer_id IN (${sql.join(fromIds)})
    RETURNING o.id`.execute(t.db);
  await logActivity(
    t,
    moved.rows.map((r) => r.id),
    'order.customer_merged',
    `The order's customer was merged into customer ${intoId}.`,
  );
}

export async function moveContactUses(t: Tenant, { fromContactIds, toContactId }: { fromContactIds: number[]; toContactId: number }): Promise<void> {
  if (fromContactIds.length === 0) return;
  const moved = await t
    .update('orders')
    .set({ contact_id: toContactId, updated_at: new Date() })
    .where('contact_id', 'in', fromContactIds)
    .returning('id')
    .execute();
  await logActivity(
    t,
    moved.map((r) => r.id),
    'order.contact_moved',
    `The order's contact was merged into contact ${toContactId}.`,
  );
}
