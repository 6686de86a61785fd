// Kysely types of the tables of migration 0006 (charge types, the company's and each customer's),
// kept with the area that owns them and merged into `DB` (src/db/types.ts says why).
import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp, Updated } from '../../db/columns.js';
import type { ChargeKind, WeightUnit } from './charge-types.schemas.js';

/** The pricing columns both tables share. */
export interface PricingColumns {
  code: string;
  name: string;
  description: string | null;
  kind: ChargeKind;
  unit: string;
  rate: number;
  currency: string | null;
  minimum_charge: number | null;
  weight_unit: WeightUnit | null;
  free_units: number | null;
  applies_per_stop: boolean;
  is_taxable: boolean;
  is_active: boolean;
  is_system: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface ChargeTypesTable extends PricingColumns {
  company_id: number;
  id: Generated<number>;
  deleted_at: Timestamp | null;
}

export interface CustomerChargeTypesTable extends PricingColumns {
  company_id: number;
  id: Generated<number>;
  customer_id: number;
  charge_type_id: number | null;
  removed_at: Timestamp | null;
}

declare module '../../db/types.js' {
  interface DB {
    charge_types: ChargeTypesTable;
    customer_charge_types: CustomerChargeTypesTable;
  }
}
