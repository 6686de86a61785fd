// Kysely types of the customers' tables (migrations 0003, 0004): customers, their addresses,
// contacts and sent mails. Kept with the area, merged into `DB` (src/db/types.ts says why).
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp, Updated } from '../../db/columns.js';

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
  /** Net days of the customer's invoices (0019); null: the company's default. */
  payment_terms_days: number | null;
  /** No tax on the customer's invoices (0019). */
  tax_exempt: Generated<boolean>;
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
  /** 'kept': a copy of a place as a closed order's stops or an approved invoice's order printed it
   *  (migration 0030); never edited, and in no customer's lists (its customer_id is null). */
  kind: Generated<'customer' | 'warehouse' | 'kept'>;
  /** Whose address a kept copy was (answered as its customerId). */
  kept_customer_id: ColumnType<number | null, number | null | undefined, number | null>;
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

declare module '../../db/types.js' {
  interface DB {
    customers: CustomersTable;
    customer_list_versions: CustomerListVersionsTable;
    addresses: AddressesTable;
    customer_contacts: CustomerContactsTable;
    sent_emails: SentEmailsTable;
  }
}
