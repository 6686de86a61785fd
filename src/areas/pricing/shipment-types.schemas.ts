// Shipment types (part 1, "Pricing"; model not shown there, designed here): the kinds of freight
// a company hauls (full truckload, LTL, refrigerated, hazmat, white glove...), each priced with the
// model's rates changed by its multiplier, or by its own base charge and per-unit rate.

import type { Selectable } from 'kysely';
import { DateTime, Id, Nullable, Opt, PageParams, type Static, Type } from '../../platform/schemas.js';
import type { ShipmentTypesTable } from './pricing.tables.js';

export const ShipmentType = Type.Object(
  {
    id: Id,
    name: Type.String({ description: "Unique (any case) among the company's live types: Full truckload, LTL, Refrigerated, Hazmat..." }),
    description: Nullable(Type.String({ description: 'What the type means for the load and the equipment.' })),
    customerId: Nullable(Type.Integer({ format: 'int32', description: 'Offered only to this customer; null: to every customer.' })),
    multiplier: Nullable(
      Type.Number({ description: 'Multiplies the linehaul, whichever rate priced it (1.25 = 25% more, 0.6 = 40% less), on a line of its own; null: 1.' }),
    ),
    baseCharge: Nullable(
      Type.Number({
        description:
          "Replaces the model's base charge for this type when the linehaul is priced by distance, in the default pricing model's currency; null: the model's.",
      }),
    ),
    ratePerUnit: Nullable(
      Type.Number({
        description:
          "Replaces the mileage bands' rate per mile or km (the model's unit) for this type, in the default pricing model's currency; null: the bands'.",
      }),
    ),
    isActive: Type.Boolean({ description: 'Inactive types stay on past orders but are not offered for new ones.' }),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  {
    $id: 'ShipmentType',
    description:
      'A kind of freight the company hauls, priced from the pricing model with its multiplier, or with its own base charge and rate per distance unit.',
  },
);
export type ShipmentTypeT = Static<typeof ShipmentType>;

export const ShipmentTypeInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, description: "Unique (any case) among the company's live types." }),
  description: Opt(Type.String({ maxLength: 2000, description: 'What the type means for the load and the equipment.' })),
  customerId: Opt({ ...Id, description: 'Offer the type to this customer only; null: to every customer.' } as typeof Id),
  multiplier: Opt(
    Type.Number({ minimum: 0.0001, maximum: 100, description: 'Multiplies the linehaul (1.25 = 25% more, 0.6 = 40% less); 4 decimals are kept. Null: 1.' }),
  ),
  baseCharge: Opt(
    Type.Number({
      minimum: 0,
      maximum: 999999999999.99,
      description: "Replaces the model's base charge (distance pricing), in the default pricing model's currency; null: the model's.",
    }),
  ),
  ratePerUnit: Opt(
    Type.Number({
      minimum: 0,
      maximum: 1000000,
      description: "Replaces the mileage bands' rate per mile or km, in the default pricing model's currency (4 decimals); null: the bands'.",
    }),
  ),
  isActive: Opt(Type.Boolean({ description: 'Default true; inactive types are not offered for new orders.' })),
});
export type ShipmentTypeInputT = Static<typeof ShipmentTypeInput>;

export const ShipmentTypesQuery = Type.Object({
  ...PageParams,
  includeInactive: Type.Optional(Type.Boolean({ description: 'Include inactive types (default false).' })),
});
export type ShipmentTypesQueryT = Static<typeof ShipmentTypesQuery>;

export type ShipmentTypeRow = Omit<Selectable<ShipmentTypesTable>, 'company_id' | 'deleted_at'>;

export const toShipmentType = (r: ShipmentTypeRow): ShipmentTypeT => ({
  id: r.id,
  name: r.name,
  description: r.description,
  customerId: r.customer_id,
  multiplier: r.multiplier,
  baseCharge: r.base_charge,
  ratePerUnit: r.rate_per_unit,
  isActive: r.is_active,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
