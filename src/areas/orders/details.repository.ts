// SQL of what an order answers about itself (details.service.ts), through the company door.
import type { Tenant } from '../../db/tenant.js';

export async function setBarcodes(t: Tenant, codes: ReadonlyArray<{ itemId: number; barcode: string }>): Promise<void> {
  for (const { itemId, barcode } of codes) await t.update('order_items').set({ barcode }).where('id', '=', itemId).where('barcode', 'is', null).execute();
}

/** The company's customers' emails and phones, by id. */
export function customersByIds(t: Tenant, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return t
    .select('customers')
    .select(['id', 'name', 'email', 'phone'])
    .where('id', 'in', [...ids])
    .execute();
}
