// SQL of zone-to-zone rates, in the company's transaction (zone names joined from /Zones).
import type { Tenant } from '../../db/tenant.js';
import type { PricingZoneRow } from './pricing-zones.schemas.js';

export interface ZoneRateValues {
  name: string;
  from_zone_id: number;
  to_zone_id: number;
  amount: number;
  both_directions: boolean;
}

function rates(t: Tenant) {
  return t.db.selectFrom('pricing_zones as p')
    .innerJoin('zones as f', (j) => j.onRef('f.company_id', '=', 'p.company_id').onRef('f.id', '=', 'p.from_zone_id'))
    .innerJoin('zones as z', (j) => j.onRef('z.company_id', '=', 'p.company_id').onRef('z.id', '=', 'p.to_zone_id'))
    .select(['p.id', 'p.name', 'p.from_zone_id', 'f.name as from_zone_name', 'p.to_zone_id', 'z.name as to_zone_name', 'p.amount',
      'p.both_directions', 'p.created_at', 'p.updated_at'])
    .where('p.company_id', '=', t.companyId);
}

export function listZoneRates(t: Tenant): Promise<PricingZoneRow[]> {
  return rates(t).orderBy('p.name').orderBy('p.id').execute();
}

export function findZoneRate(t: Tenant, id: number): Promise<PricingZoneRow | undefined> {
  return rates(t).where('p.id', '=', id).executeTakeFirst();
}

export function findPair(t: Tenant, fromZoneId: number, toZoneId: number): Promise<{ id: number } | undefined> {
  return t.db.selectFrom('pricing_zones').select('id').where('company_id', '=', t.companyId)
    .where('from_zone_id', '=', fromZoneId).where('to_zone_id', '=', toZoneId).executeTakeFirst();
}

export async function insertZoneRate(t: Tenant, values: ZoneRateValues): Promise<number> {
  const row = await t.db.insertInto('pricing_zones').values({ company_id: t.companyId, ...values }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateZoneRate(t: Tenant, id: number, values: ZoneRateValues): Promise<void> {
  await t.db.updateTable('pricing_zones').set({ ...values, updated_at: new Date() }).where('company_id', '=', t.companyId).where('id', '=', id).execute();
}

export async function deleteZoneRate(t: Tenant, id: number): Promise<void> {
  await t.db.deleteFrom('pricing_zones').where('company_id', '=', t.companyId).where('id', '=', id).execute();
}

/** Which of these zones are the company's (id → name). */
export async function zoneNames(t: Tenant, ids: number[]): Promise<Map<number, string>> {
  const rows = await t.db.selectFrom('zones').select(['id', 'name']).where('company_id', '=', t.companyId).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
