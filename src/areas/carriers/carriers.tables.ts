// Kysely types of the tables of migration 0008, kept with the area that owns them and merged into
// the database type (`DB` is an interface), so any transaction reaches them — the drivers area
// joins carriers this way — without editing src/db/types.ts.
import type { Generated } from 'kysely';
import type { CreatedAt, Day, Timestamp, Updated } from '../../db/columns.js';
import type { ContactTable } from '../customers/index.js';

export interface OutsourceCompaniesTable {
  company_id: number;
  id: Generated<number>;
  name: string;
  name_key: string;
  legal_name: string | null;
  email: string | null;
  phone: string | null;
  types_of_work: Generated<number>;
  mc_number: string | null;
  dot_number: string | null;
  scac: string | null;
  street: string | null;
  street2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
  website: string | null;
  insurance_provider: string | null;
  insurance_policy_number: string | null;
  insurance_expires_on: Day | null;
  cargo_insurance_amount: number | null;
  liability_insurance_amount: number | null;
  notes: string | null;
  is_active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Updated;
  deleted_at: Timestamp | null;
}

/** The columns of customers' contacts, with the carrier as owner (the contact book serves both). */
export type OutsourceCompanyContactsTable = ContactTable & { outsource_company_id: number };

export interface OutsourceCompanyFinancesTable {
  company_id: number;
  id: Generated<number>;
  outsource_company_id: number;
  label: string | null;
  is_default: Generated<boolean>;
  payment_terms_days: Generated<number>;
  payment_method: Generated<string>;
  currency: Generated<string>;
  quick_pay_fee_percent: number | null;
  factoring_company: string | null;
  remit_to_name: string | null;
  remit_to_street: string | null;
  remit_to_street2: string | null;
  remit_to_city: string | null;
  remit_to_state: string | null;
  remit_to_postal_code: string | null;
  remit_to_country: string | null;
  remit_to_email: string | null;
  bank_name: string | null;
  routing_number: string | null;
  swift_bic: string | null;
  account_number: string | null;
  account_type: string | null;
  tax_id: string | null;
  contact_id: number | null;
  notes: string | null;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface TypeOfTrucksTable {
  company_id: number;
  id: Generated<number>;
  name: string;
  description: string | null;
  capacity_weight: number | null;
  weight_unit: Generated<string>;
  capacity_pallets: number | null;
  capacity_volume: number | null;
  volume_unit: Generated<string>;
  is_refrigerated: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface OutsourceCompanyTypeOfTrucksTable {
  company_id: number;
  id: Generated<number>;
  outsource_company_id: number;
  type_of_truck_id: number;
  truck_count: number | null;
  fixed_rate: number | null;
  rate_per_distance: number | null;
  distance_unit: Generated<string>;
  rate_per_hour: number | null;
  rate_per_pallet: number | null;
  currency: Generated<string>;
  notes: string | null;
  created_at: CreatedAt;
  updated_at: Updated;
}

declare module '../../db/types.js' {
  interface DB {
    outsource_companies: OutsourceCompaniesTable;
    outsource_company_contacts: OutsourceCompanyContactsTable;
    outsource_company_finances: OutsourceCompanyFinancesTable;
    type_of_trucks: TypeOfTrucksTable;
    outsource_company_type_of_trucks: OutsourceCompanyTypeOfTrucksTable;
  }
}
