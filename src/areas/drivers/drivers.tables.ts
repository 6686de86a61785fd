// Kysely types of the tables of migration 0011, merged into the database type like the carriers'
// (src/areas/carriers/carriers.tables.ts).
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Day, Json, Timestamp, Updated } from '../../db/columns.js';

export interface LicenseTypesTable {
  company_id: number;
  id: Generated<number>;
  name: string;
  description: string | null;
  is_commercial: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface DriversTable {
  company_id: number;
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  status: Generated<string>;
  approval_status: Generated<string>;
  type: Generated<string>;
  outsource_company_id: number | null;
  license_number: string | null;
  license_state: string | null;
  license_expires_on: Day | null;
  license_type_id: number | null;
  hazmat_endorsement: Generated<boolean>;
  medical_card_expires_on: Day | null;
  twic_expires_on: Day | null;
  date_of_birth: Day | null;
  hire_date: Day | null;
  street: string | null;
  street2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
  emergency_contact_name: string | null;
  emergency_contact_phone: string | null;
  emergency_contact_relationship: string | null;
  home_warehouse_id: number | null;
  default_truck_id: number | null;
  payout_type: string | null;
  hourly_rate: number | null;
  salary_amount: number | null;
  salary_period: string | null;
  rate_per_distance: number | null;
  distance_unit: Generated<string>;
  revenue_percent: number | null;
  fixed_cost_per_route: number | null;
  rate_per_pallet: number | null;
  payout_currency: Generated<string>;
  notes: string | null;
  invited_at: Timestamp | null;
  invitation_token_hash: string | null;
  invitation_expires_at: Timestamp | null;
  restore_status: string | null;
  created_at: CreatedAt;
  updated_at: Updated;
  deleted_at: Timestamp | null;
}

export interface DriverStatusChecksTable {
  company_id: number;
  id: Generated<number>;
  driver_id: number;
  truck_id: number;
  check_type: string;
  status: number;
  checked_at: Timestamp;
  odometer: number | null;
  odometer_unit: Generated<string>;
  defects: ColumnType<string[], string | undefined, string>;
  notes: string | null;
  location: string | null;
  created_at: CreatedAt;
}

export interface DriverAppConfigsTable {
  company_id: number;
  id: Generated<number>;
  settings: Json<Record<string, unknown>> | null;
  flow: Json<unknown[]> | null;
  last_prompt_id: Generated<number>;
  created_at: CreatedAt;
  updated_at: Updated;
}

declare module '../../db/types.js' {
  interface DB {
    license_types: LicenseTypesTable;
    drivers: DriversTable;
    driver_status_checks: DriverStatusChecksTable;
    driver_app_configs: DriverAppConfigsTable;
  }
}
