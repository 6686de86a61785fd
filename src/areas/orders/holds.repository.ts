// SQL of holds, through the company door. A stop's is_on_hold follows its active hold (one at a
// time: a partial unique index), both written here in the same statement sequence.
import type { Tenant } from '../../db/tenant.js';

export interface HoldRow {
  id: number;
  order_id: number;
  stop_id: number;
  stop_type: 'Pickup' | 'Delivery' | 'Transfer';
  reason: string;
  held_by: string;
  held_at: Date;
  released_by: string | null;
  released_at: Date | null;
  release_note: string | null;
}

export function holdsOf(t: Tenant, orderId: number): Promise<HoldRow[]> {
  return t
    .select('order_holds as h')
    .innerJoin('order_stops as s', (j) => j.onRef('s.company_id', '=', 'h.company_id').onRef('s.id', '=', 'h.stop_id'))
    .select([
      'h.id',
      'h.order_id',
      'h.stop_id',
      's.type as stop_type',
      'h.reason',
      'h.held_by',
      'h.held_at',
      'h.released_by',
      'h.released_at',
      'h.release_note',
    ])
    .where('h.order_id', '=', orderId)
    .orderBy('h.held_at')
    .orderBy('h.id')
    .execute();
}

export async function hold(t: Tenant, orderId: number, stopIds: readonly number[], reason: string): Promise<void> {
  if (stopIds.length === 0) return;
  await t
    .insert(
      'order_holds',
      stopIds.map((stopId) => ({ order_id: orderId, stop_id: stopId, reason, held_by: t.userId })),
    )
    .execute();
  await t
    .update('order_stops')
    .set({ is_on_hold: true, updated_at: new Date() })
    .where('id', 'in', [...stopIds])
    .execute();
}

/** Releases the order's active holds; answers the stops released. */
export async function release(t: Tenant, orderId: number, note: string | null): Promise<number[]> {
  const released = await t
    .update('order_holds')
    .set({ released_by: t.userId, released_at: new Date(), release_note: note })
    .where('order_id', '=', orderId)
    .where('released_at', 'is', null)
    .returning('stop_id')
    .execute();
  const stopIds = released.map((r) => r.stop_id);
  if (stopIds.length > 0) await t.update('order_stops').set({ is_on_hold: false, updated_at: new Date() }).where('id', 'in', stopIds).execute();
  return stopIds;
}
