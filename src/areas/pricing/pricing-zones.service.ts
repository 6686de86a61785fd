// Rules of zone-to-zone rates: both zones must be the company's, one rate per direction of a pair
// (a clear 400 naming the existing one), the name defaults to "<from> → <to>".
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { invalid } from '../../platform/errors.js';
import * as repo from './pricing-zones.repository.js';
import { type PricingZoneDtoT, type PricingZoneInputT, type PricingZoneRow, toPricingZone } from './pricing-zones.schemas.js';

/** The zones a rate joins (fromZoneId, toZoneId), as the route's gate read them. */
export interface RateZones {
  from: { id: number; name: string };
  to: { id: number; name: string };
}

async function valuesOf(t: Tenant, input: PricingZoneInputT, exceptId: number | null, zones: RateZones): Promise<repo.ZoneRateValues> {
  const clash = await repo.findPair(t, input.fromZoneId, input.toZoneId);
  if (clash && clash.id !== exceptId) {
    throw invalid('toZoneId', `A rate from zone ${input.fromZoneId} to zone ${input.toZoneId} exists already (${clash.id}).`);
  }
  const name = input.name?.trim() || `${zones.from.name} → ${zones.to.name}`;
  return {
    name: name.slice(0, 200),
    from_zone_id: input.fromZoneId,
    to_zone_id: input.toZoneId,
    amount: input.amount,
    both_directions: input.bothDirections ?? true,
  };
}

/** The services take the records the request names as the id gate read them (routes' `ids`). */
export function pricingZonesService() {
  /** A rate this request wrote, read again. */
  const reread = async (t: Tenant, id: number) => toPricingZone(await repo.pricingZoneRecords.reread(t, id));

  return {
    list: async (t: Tenant): Promise<PricingZoneDtoT[]> => (await repo.listZoneRates(t)).map(toPricingZone),
    read: (row: PricingZoneRow): PricingZoneDtoT => toPricingZone(row),

    async create(t: Tenant, input: PricingZoneInputT, zones: RateZones): Promise<PricingZoneDtoT> {
      const id = await repo.insertZoneRate(t, await valuesOf(t, input, null, zones));
      const after = await reread(t, id);
      await audit(t, { action: 'pricing_zone.create', entityType: 'pricing_zone', entityId: id, after });
      return after;
    },

    async update(t: Tenant, row: PricingZoneRow, input: PricingZoneInputT, zones: RateZones): Promise<PricingZoneDtoT> {
      const id = row.id;
      const before = toPricingZone(row);
      await repo.updateZoneRate(t, id, await valuesOf(t, input, id, zones));
      const after = await reread(t, id);
      await audit(t, { action: 'pricing_zone.update', entityType: 'pricing_zone', entityId: id, before, after });
      return after;
    },

    async remove(t: Tenant, row: PricingZoneRow): Promise<void> {
      const id = row.id;
      const before = toPricingZone(row);
      await repo.deleteZoneRate(t, id);
      await audit(t, { action: 'pricing_zone.delete', entityType: 'pricing_zone', entityId: id, before });
    },
  };
}

export type PricingZonesService = ReturnType<typeof pricingZonesService>;
