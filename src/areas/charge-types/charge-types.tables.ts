// Kysely types of the tables of migration 0006, kept with the area that owns them and added to a
// transaction's database type with `withTables` (src/db/types.ts lists the platform's and older
// areas' tables). `chargeDb(trx)` is how this area's repositories reach them.
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { ChargeKind, WeightUnit } from './charge-types.schemas.js';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Updated = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

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

// A type alias, not an interface: withTables wants a record type.
export type ChargeTables = {
  charge_types: ChargeTypesTable;
  customer_charge_types: CustomerChargeTypesTable;
};

export type ChargeDb = Kysely<DB & ChargeTables>;

export function chargeDb(trx: Kysely<DB>): ChargeDb {
  return trx.withTables<ChargeTables>() as unknown as ChargeDb;
}
