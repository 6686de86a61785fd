// Kysely types of the tables of migration 0005, kept with the area that owns them. They are merged
// into the database type itself (`DB` is an interface), so every transaction reaches them as it
// reaches the older tables — pricing reads `zones` that way — without editing src/db/types.ts.
import type { Generated } from 'kysely';
import type { CreatedAt, Day, Updated } from '../../db/columns.js';

export interface WarehousesTable {
  company_id: number;
  id: Generated<number>;
  address_id: number;
  name: string;
  name_key: string;
  code: string | null;
  email: string | null;
  opening_hours: string | null;
  notes: string | null;
  is_active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface ZonesTable {
  company_id: number;
  id: Generated<number>;
  name: string;
  color: string | null;
  description: string | null;
  country: string;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface ZonePostalCodesTable {
  company_id: number;
  zone_id: number;
  country: string;
  postal_code: string;
}

export interface NonWorkingDaysTable {
  company_id: number;
  id: Generated<number>;
  day: Day;
  name: string | null;
  is_recurring: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface TermsAndConditionsTable {
  company_id: number;
  id: Generated<number>;
  title: string;
  content: string;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Updated;
}

declare module '../../db/types.js' {
  interface DB {
    warehouses: WarehousesTable;
    zones: ZonesTable;
    zone_postal_codes: ZonePostalCodesTable;
    non_working_days: NonWorkingDaysTable;
    terms_and_conditions: TermsAndConditionsTable;
  }
}
