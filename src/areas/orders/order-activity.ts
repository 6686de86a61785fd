// The order's activity log (GET /Orders/{id}/ActivityLog): what happened to it, in words, by whom,
// written by every change in the change's transaction. Audit rows (before/after) are apart.
import type { Tenant } from '../../db/tenant.js';

export async function logActivity(t: Tenant, orderIds: readonly number[], type: string, description: string, stopId: number | null = null): Promise<void> {
  if (orderIds.length === 0) return;
  await t
    .insert(
      'order_activities',
      orderIds.map((orderId) => ({ order_id: orderId, stop_id: stopId, type, description, user_id: t.userId })),
    )
    .execute();
}
