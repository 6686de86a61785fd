// SQL of zone-to-zone rates, through the company door (zone names joined from /Zones, which the
// settings area owns: read here in SQL; the zones a request names are read by the id gate through
// its zoneRecords).
import type { Tenant } from '../../db/tenant.js';
import { companyRecords } from '../../platform/records.js';
import type { PricingZoneRow } from './pricing-zones.schemas.js';

export interface ZoneRateValues {
  name: string;
  from_zone_id: number;
  to_zone_id: number;
  amount: number;
  both_directions: boolean;
}

function rates(t: Tenant) {
  return t
    .select('pricing_zones as p')
    .innerJoin('zones as f', (j) => j.onRef('f.company_id', '=', 'p.company_id').onRef('f.id', '=', 'p.from_zone_id'))
    .innerJoin('zones as z', (j) => j.onRef('z.company_id', '=', 'p.company_id').onRef('z.id', '=', 'p.to_zone_id'))
    .select([
      'p.id',
      'p.name',
      'p.from_zone_id',
      'f.name as from_zone_name',
      'p.to_zone_id',
      'z.name as to_zone_name',
      'p.amount',
      'p.both_directions',
      'p.created_at',
      'p.updated_at',
    ]);
}

export const pricingZoneRecords = companyRecords<PricingZoneRow>({
  name: 'pricing_zone',
  what: 'Pricing zone',
  read: (t, ids) => rates(t).where('p.id', 'in', ids).execute(),
});

export function listZoneRates(t: Tenant): Promise<PricingZoneRow[]> {
  return rates(t).orderBy('p.name').orderBy('p.id').execute();
}

export function findPair(t: Tenant, fromZoneId: number, toZoneId: number): Promise<{ id: number } | undefined> {
  return t.select('pricing_zones').select('id').where('from_zone_id', '=', fromZoneId).where('to_zone_id', '=', toZoneId).executeTakeFirst();
}

export async function insertZoneRate(t: Tenant, values: ZoneRateValues): Promise<number> {
  return (await t.insert('pricing_zones', values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateZoneRate(t: Tenant, id: number, values: ZoneRateValues): Promise<void> {
  await t
    .update('pricing_zones')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteZoneRate(t: Tenant, id: number): Promise<void> {
  await t.delete('pricing_zones').where('id', '=', id).execute();
}
