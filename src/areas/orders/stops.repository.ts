// SQL of single stops and items, through the company door.

import type { Updateable } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { companyRecords } from '../../platform/records.js';
import type { OrderStopsTable } from './orders.tables.js';

export interface StopRef {
  id: number;
  order_id: number;
  type: 'Pickup' | 'Delivery' | 'Transfer';
  sequence: number;
  address_id: number;
  appointment_email: string | null;
}

/** Stops by id (the routes' {orderStopId}), whatever their order's state: the service checks it. */
export const stopRecords = companyRecords<StopRef>({
  name: 'order_stop',
  what: 'Order stop',
  read: (t, ids) => t.select('order_stops').select(['id', 'order_id', 'type', 'sequence', 'address_id', 'appointment_email']).where('id', 'in', ids).execute(),
});

/** Items by id (the routes' {itemId}). */
export const itemRecords = companyRecords<{ id: number; order_id: number }>({
  name: 'order_item',
  what: 'Item',
  read: (t, ids) => t.select('order_items').select(['id', 'order_id']).where('id', 'in', ids).execute(),
});

export async function updateStop(
  t: Tenant,
  id: number,
  values: Omit<Updateable<OrderStopsTable>, 'company_id' | 'id' | 'order_id' | 'created_at'>,
): Promise<void> {
  await t
    .update('order_stops')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export function itemEventsOf(t: Tenant, itemId: number) {
  return t
    .select('order_item_events')
    .select(['id', 'item_id', 'order_id', 'stop_id', 'type', 'note', 'user_id', 'created_at'])
    .where('item_id', '=', itemId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function addItemEvents(
  t: Tenant,
  events: ReadonlyArray<{ order_id: number; item_id: number; stop_id: number | null; type: string; note?: string | null }>,
): Promise<void> {
  if (events.length === 0) return;
  await t
    .insert(
      'order_item_events',
      events.map((e) => ({ ...e, note: e.note ?? null, user_id: t.userId })),
    )
    .execute();
}

/** Moves the items of these stops to another stop of the same order. */
export async function moveItems(t: Tenant, fromStopIds: readonly number[], toStopId: number): Promise<void> {
  if (fromStopIds.length === 0) return;
  await t
    .update('order_items')
    .set({ stop_id: toStopId })
    .where('stop_id', 'in', [...fromStopIds])
    .execute();
}
