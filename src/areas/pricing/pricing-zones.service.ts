// Rules of zone-to-zone rates: both zones must be the company's, one rate per direction of a pair
// (a clear 400 naming the existing one), the name defaults to "<from> → <to>".
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { invalid } from '../../platform/errors.js';
import * as repo from './pricing-zones.repository.js';
import { type PricingZoneDtoT, type PricingZoneInputT, toPricingZone } from './pricing-zones.schemas.js';

async function valuesOf(t: Tenant, input: PricingZoneInputT, exceptId: number | null): Promise<repo.ZoneRateValues> {
  const names = await repo.zoneNames(t, [input.fromZoneId, input.toZoneId]);
  if (!names.has(input.fromZoneId)) throw invalid('fromZoneId', `Zone ${input.fromZoneId} does not exist.`);
  if (!names.has(input.toZoneId)) throw invalid('toZoneId', `Zone ${input.toZoneId} does not exist.`);
  const clash = await repo.findPair(t, input.fromZoneId, input.toZoneId);
  if (clash && clash.id !== exceptId) {
    throw invalid('toZoneId', `A rate from zone ${input.fromZoneId} to zone ${input.toZoneId} exists already (${clash.id}).`);
  }
  const name = input.name?.trim() || `${names.get(input.fromZoneId)} → ${names.get(input.toZoneId)}`;
  return {
    name: name.slice(0, 200),
    from_zone_id: input.fromZoneId,
    to_zone_id: input.toZoneId,
    amount: input.amount,
    both_directions: input.bothDirections ?? true,
  };
}

export function pricingZonesService() {
  const require = async (t: Tenant, id: number) => toPricingZone(await repo.pricingZoneRecords.requireOne(t, id));

  return {
    list: async (t: Tenant): Promise<PricingZoneDtoT[]> => (await repo.listZoneRates(t)).map(toPricingZone),
    read: require,

    async create(t: Tenant, input: PricingZoneInputT): Promise<PricingZoneDtoT> {
      const id = await repo.insertZoneRate(t, await valuesOf(t, input, null));
      const after = await require(t, id);
      await audit(t, { action: 'pricing_zone.create', entityType: 'pricing_zone', entityId: id, after });
      return after;
    },

    async update(t: Tenant, id: number, input: PricingZoneInputT): Promise<PricingZoneDtoT> {
      const before = await require(t, id);
      await repo.updateZoneRate(t, id, await valuesOf(t, input, id));
      const after = await require(t, id);
      await audit(t, { action: 'pricing_zone.update', entityType: 'pricing_zone', entityId: id, before, after });
      return after;
    },

    async remove(t: Tenant, id: number): Promise<void> {
      const before = await require(t, id);
      await repo.deleteZoneRate(t, id);
      await audit(t, { action: 'pricing_zone.delete', entityType: 'pricing_zone', entityId: id, before });
    },
  };
}

export type PricingZonesService = ReturnType<typeof pricingZonesService>;
