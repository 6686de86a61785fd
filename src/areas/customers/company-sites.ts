// The company's own sites as addresses: the place of each warehouse is a row of `addresses` of kind
// 'warehouse' (so transfer lookups offer it next to customers' hubs). This area owns the table;
// the settings area keeps its warehouses' places through these three calls, never by writing it.
import type { Tenant } from '../../db/tenant.js';
import type { AddressRow } from './addresses.schemas.js';
import { customerListChanged } from './customer-upkeep.js';

/** What a site's address holds (`normalized_key` is addressKey() of it): a customer address's
 *  own columns, named. */
export type SiteValues = Omit<AddressRow, 'id' | 'customer_id' | 'customer_name' | 'name' | 'is_main' | 'is_hub' | 'created_at' | 'updated_at'> & {
  name: string;
};

/** Adds the address of a company site; answers its id. */
export async function addSiteAddress(t: Tenant, values: SiteValues): Promise<number> {
  const row = await t
    .insert('addresses', { kind: 'warehouse', customer_id: null, is_main: false, is_hub: false, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  await customerListChanged(t);
  return row.id;
}

export async function changeSiteAddress(t: Tenant, id: number, values: SiteValues): Promise<void> {
  await t
    .update('addresses')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .where('kind', '=', 'warehouse')
    .execute();
  await customerListChanged(t);
}

export async function removeSiteAddress(t: Tenant, id: number): Promise<void> {
  await t.delete('addresses').where('id', '=', id).where('kind', '=', 'warehouse').execute();
  await customerListChanged(t);
}
