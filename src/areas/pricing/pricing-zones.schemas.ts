// Pricing zones (part 1, "Pricing"; model not shown there, designed here): a flat linehaul between
// two of the company's zones (Company settings, /Zones: zones are sets of postal codes). A shipment
// whose pickup and delivery postal codes fall in the two zones is priced by this amount, in the
// default model's currency, before any distance pricing.
import { DateTime, Id, Opt, type Static, Type } from '../../platform/schemas.js';

export const PricingZoneDto = Type.Object(
  {
    id: Id,
    name: Type.String({ description: 'Shown to users; by default "<from zone> → <to zone>".' }),
    fromZoneId: Type.Integer({ format: 'int32', description: 'The zone of origin (/Zones): a pickup whose postal code it holds.' }),
    fromZoneName: Type.String({ description: 'Name of the zone of origin.' }),
    toZoneId: Type.Integer({
      format: 'int32',
      description: 'The zone of destination (/Zones): a delivery whose postal code it holds. May be the zone of origin (a local rate).',
    }),
    toZoneName: Type.String({ description: 'Name of the zone of destination.' }),
    amount: Type.Number({ description: "Flat linehaul between the two zones, in the default pricing model's currency." }),
    bothDirections: Type.Boolean({ description: 'Also applies from toZone to fromZone (unless a rate for that direction exists).' }),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  {
    $id: 'PricingZoneDto',
    description:
      "A flat linehaul between two of the company's zones, one per direction of a pair. It prices a move between the zones before international or distance rates, for every customer.",
  },
);
export type PricingZoneDtoT = Static<typeof PricingZoneDto>;

export const PricingZoneInput = Type.Object({
  name: Opt(Type.String({ maxLength: 200, description: 'Defaults to "<from zone> → <to zone>".' })),
  fromZoneId: { ...Id, description: "The zone of origin, one of the company's /Zones." } as typeof Id,
  toZoneId: { ...Id, description: 'The zone of destination (the same zone for a local rate). One rate per direction of a pair.' } as typeof Id,
  amount: Type.Number({ minimum: 0, maximum: 999999999999.99, description: "Flat linehaul, in the default pricing model's currency (2 decimals)." }),
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
  id: r.id,
  name: r.name,
  fromZoneId: r.from_zone_id,
  fromZoneName: r.from_zone_name,
  toZoneId: r.to_zone_id,
  toZoneName: r.to_zone_name,
  amount: r.amount,
  bothDirections: r.both_directions,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
