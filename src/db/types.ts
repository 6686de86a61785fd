// Table types for Kysely, written by hand next to the migrations that create the tables.
import type { ColumnType, Generated } from 'kysely';

/** A timestamptz: read as Date, written as Date or ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json = ColumnType<unknown, string | null, string | null>;

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  is_active: Generated<boolean>;
  is_demo: Generated<boolean>;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  password_hash: string | null;
  security_stamp: string;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface CompanyUsersTable {
  company_id: number;
  user_id: string;
  is_disabled: Generated<boolean>;
  invited_at: Timestamp | null;
  invitation_token_hash: string | null;
  invitation_expires_at: Timestamp | null;
  last_login_at: Timestamp | null;
  last_worked_at: Timestamp | null;
  created_at: CreatedAt;
  deleted_at: Timestamp | null;
}

export interface RolesTable {
  company_id: number;
  id: Generated<number>;
  name: string;
  description: string | null;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
}

export interface RolePermissionsTable {
  company_id: number;
  role_id: number;
  permission: string;
}

export interface UserRolesTable {
  company_id: number;
  user_id: string;
  role_id: number;
}

export interface AuditLogTable {
  company_id: number;
  id: Generated<number>;
  user_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: Json;
  after: Json;
  request_id: string | null;
  created_at: CreatedAt;
}

export interface OutboxTable {
  company_id: number;
  id: Generated<number>;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Generated<Timestamp>;
  created_by: string | null;
  created_at: CreatedAt;
  sent_at: Timestamp | null;
}

export interface DemoSeedsTable {
  company_id: number;
  area: string;
  seeded_at: CreatedAt;
}

type Updated = ColumnType<Date, Date | string | undefined, Date | string>;

export interface CustomersTable {
  company_id: number;
  id: Generated<number>;
  name: string;
  email: string | null;
  phone: string | null;
  pipeline: Generated<number>;
  status: Generated<number>;
  source: Generated<number>;
  is_entrepreneur: Generated<boolean>;
  parent_customer_id: number | null;
  merged_into_id: number | null;
  notes: string | null;
  name_key: string;
  email_key: string | null;
  phone_key: string | null;
  search_text: Generated<string>;
  last_order_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Updated;
  deleted_at: Timestamp | null;
}

export interface CustomerListVersionsTable {
  company_id: number;
  version: Generated<string>;
}

export interface AddressesTable {
  company_id: number;
  id: Generated<number>;
  customer_id: number | null;
  kind: Generated<'customer' | 'warehouse'>;
  name: string | null;
  street: string;
  street2: string | null;
  city: string;
  state: string | null;
  postal_code: string | null;
  country: string;
  latitude: number | null;
  longitude: number | null;
  is_main: Generated<boolean>;
  is_hub: Generated<boolean>;
  contact_name: string | null;
  contact_phone: string | null;
  notes: string | null;
  normalized_key: string;
  search_text: ColumnType<string, never, never>;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface CustomerContactsTable {
  company_id: number;
  id: Generated<number>;
  customer_id: number;
  name: string;
  email: string | null;
  phone: string | null;
  phone_extension: string | null;
  title: string | null;
  notes: string | null;
  is_primary: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface SentEmailsTable {
  company_id: number;
  id: Generated<number>;
  customer_id: number;
  contact_id: number | null;
  email_type: string;
  to_address: string;
  subject: string;
  body: string;
  outbox_id: number;
  sent_by: string | null;
  created_at: CreatedAt;
}

export interface SupportTicketsTable {
  company_id: number;
  id: Generated<number>;
  customer_id: number;
  contact_id: number | null;
  subject: string;
  description: string;
  status: Generated<'Open' | 'In Progress' | 'Resolved' | 'Closed'>;
  priority: Generated<'Low' | 'Normal' | 'High' | 'Urgent'>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Updated;
}

// ---- Pricing (migration 0007)

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
  rate_date: ColumnType<string, string, string>;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface DB {
  companies: CompaniesTable;
  users: UsersTable;
  company_users: CompanyUsersTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  audit_log: AuditLogTable;
  outbox: OutboxTable;
  demo_seeds: DemoSeedsTable;
  customers: CustomersTable;
  customer_list_versions: CustomerListVersionsTable;
  addresses: AddressesTable;
  customer_contacts: CustomerContactsTable;
  sent_emails: SentEmailsTable;
  support_tickets: SupportTicketsTable;
  pricing_models: PricingModelsTable;
  pricing_mileage_charges: PricingMileageChargesTable;
  pricing_intl_rates: PricingIntlRatesTable;
  pricing_zones: PricingZonesTable;
  shipment_types: ShipmentTypesTable;
  fx_rates: FxRatesTable;
}
