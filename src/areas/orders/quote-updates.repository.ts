// SQL of a quote step's writes (quote-updates.service.ts), through the company door.
import type { Tenant } from '../../db/tenant.js';

export async function deleteStops(t: Tenant, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await t
    .delete('order_stops')
    .where('id', 'in', [...ids])
    .execute();
}

export async function deleteItems(t: Tenant, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await t
    .delete('order_items')
    .where('id', 'in', [...ids])
    .execute();
}

export async function updateItem(
  t: Tenant,
  id: number,
  values: { description: string; quantity: number; weight: number | null; pallets: number | null; barcode: string | null },
): Promise<void> {
  await t.update('order_items').set(values).where('id', '=', id).execute();
}

/** How many of the order's stops are on a route and not done (completeQuoteRouteItems). */
export async function stopsOnRoutesNotDone(t: Tenant, orderId: number): Promise<number> {
  const rows = await t
    .select('order_stops')
    .select('id')
    .where('order_id', '=', orderId)
    .where('route_id', 'is not', null)
    .where('route_status', '<>', 'Done')
    .execute();
  return rows.length;
}
