// Pricing zones (part 1, "Pricing"; model not shown there, designed here): a flat linehaul between
// two of the company's zones (Company settings, /Zones: zones are sets of postal codes). A shipment
// whose pickup and delivery postal codes fall in the two zones is priced by this amount, in the
// default model's currency, before any distance pricing.
import { DateTime, Id, Opt, Type, type Static } from '../../platform/schemas.js';

export const PricingZoneDto = Type.Object({
  id: Id,
  name: Type.String(),
  fromZoneId: Id,
  fromZoneName: Type.String(),
  toZoneId: Id,
  toZoneName: Type.String(),
  amount: Type.Number({ description: "Flat linehaul between the two zones, in the default pricing model's currency." }),
  bothDirections: Type.Boolean({ description: 'Also applies from toZone to fromZone (unless a rate for that direction exists).' }),
  createdAt: DateTime,
  updatedAt: DateTime,
}, { $id: 'PricingZoneDto' });
export type PricingZoneDtoT = Static<typeof PricingZoneDto>;

export const PricingZoneInput = Type.Object({
  name: Opt(Type.String({ maxLength: 200, description: 'Defaults to "<from zone> → <to zone>".' })),
  fromZoneId: Id,
  toZoneId: Id,
  amount: Type.Number({ minimum: 0, maximum: 999999999999.99 }),
  bothDirections: Opt(Type.Boolean({ description: 'Default true.' })),
});
export type PricingZoneInputT = Static<typeof PricingZoneInput>;

export interface PricingZoneRow {
  id: number;
  name: string;
  from_zone_id: number;
  from_zone_name: string;
  to_zone_id: number;
  to_zone_name: string;
  amount: number;
  both_directions: boolean;
  created_at: Date;
  updated_at: Date;
}

export const toPricingZone = (r: PricingZoneRow): PricingZoneDtoT => ({
  id: r.id, name: r.name, fromZoneId: r.from_zone_id, fromZoneName: r.from_zone_name, toZoneId: r.to_zone_id, toZoneName: r.to_zone_name,
  amount: r.amount, bothDirections: r.both_directions, createdAt: r.created_at, updatedAt: r.updated_at,
});
