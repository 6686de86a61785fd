// What the orders area does when the customers area announces a change to records orders point at
// (platform/events.ts): merged customers' orders belong to the customer they were merged into;
// a contact's uses move to the contact that replaces it. Same transaction as the announcement.
import type { Tenant } from '../../db/tenant.js';
import { logActivity } from './order-activity.js';

export async function moveCustomers(t: Tenant, { fromIds, intoId }: { fromIds: number[]; intoId: number }): Promise<void> {
  if (fromIds.length === 0) return;
  const moved = await t.update('orders').set({ customer_id: intoId, updated_at: new Date() }).where('customer_id', 'in', fromIds).returning('id').execute();
  await logActivity(
    t,
    moved.map((r) => r.id),
    'order.customer_merged',
    `The order's customer was merged into customer ${intoId}.`,
  );
}

export async function moveContactUses(t: Tenant, { fromContactIds, toContactId }: { fromContactIds: number[]; toContactId: number }): Promise<void> {
  if (fromContactIds.length === 0) return;
  await t.update('orders').set({ contact_id: toContactId, updated_at: new Date() }).where('contact_id', 'in', fromContactIds).execute();
}
