// Kysely types of the pricing tables (migration 0007): pricing models and their charges, zone
// rates, shipment types, FX rates. Kept with the area, merged into `DB` (src/db/types.ts says why).
import type { Generated } from 'kysely';
import type { CreatedAt, Day, Timestamp, Updated } from '../../db/columns.js';

export interface PricingModelsTable {
  company_id: number;
  id: Generated<number>;
  customer_id: number | null;
  name: string;
  currency: string;
  distance_unit: 'mi' | 'km';
  base_charge: number;
  mileage_mode: 'tiered' | 'whole';
  minimum_linehaul: number | null;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface PricingMileageChargesTable {
  company_id: number;
  id: Generated<number>;
  pricing_model_id: number;
  from_distance: number;
  to_distance: number | null;
  rate_per_unit: number;
  minimum_charge: number | null;
}

export interface PricingIntlRatesTable {
  company_id: number;
  id: Generated<number>;
  pricing_model_id: number;
  from_country: string;
  to_country: string;
  flat_amount: number | null;
  rate_per_unit: number | null;
  minimum_charge: number | null;
}

export interface PricingZonesTable {
  company_id: number;
  id: Generated<number>;
  name: string;
  from_zone_id: number;
  to_zone_id: number;
  amount: number;
  both_directions: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface ShipmentTypesTable {
  company_id: number;
  id: Generated<number>;
  name: string;
  description: string | null;
  customer_id: number | null;
  multiplier: number | null;
  base_charge: number | null;
  rate_per_unit: number | null;
  is_active: Generated<boolean>;
  deleted_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface FxRatesTable {
  company_id: number;
  id: Generated<number>;
  from_currency: string;
  to_currency: string;
  rate: number;
  rate_date: Day;
  created_by: string | null;
  created_at: CreatedAt;
}

declare module '../../db/types.js' {
  interface DB {
    pricing_models: PricingModelsTable;
    pricing_mileage_charges: PricingMileageChargesTable;
    pricing_intl_rates: PricingIntlRatesTable;
    pricing_zones: PricingZonesTable;
    shipment_types: ShipmentTypesTable;
    fx_rates: FxRatesTable;
  }
}
