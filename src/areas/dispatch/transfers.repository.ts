// SQL of hubs, through the company door: the places a transfer may go through — active warehouses'
// places and addresses marked isHub — read along the addresses' partial index of transfer places.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';

export interface HubRow {
  warehouse_id: number | null;
  address_id: number;
  name: string | null;
  city: string;
  latitude: number | null;
  longitude: number | null;
}

export function hubs(t: Tenant): Promise<HubRow[]> {
  return t
    .select('addresses as a')
    .leftJoin('warehouses as w', (j) => j.onRef('w.company_id', '=', 'a.company_id').onRef('w.address_id', '=', 'a.id'))
    .select(['w.id as warehouse_id', 'a.id as address_id', sql<string | null>`coalesce(w.name, a.name)`.as('name'), 'a.city', 'a.latitude', 'a.longitude'])
    .where((eb) => eb.or([eb('a.is_hub', '=', true), eb('a.kind', '=', 'warehouse')]))
    .where((eb) => eb.or([eb('w.id', 'is', null), eb('w.is_active', '=', true)]))
    .orderBy('a.id')
    .execute() as Promise<HubRow[]>;
}
