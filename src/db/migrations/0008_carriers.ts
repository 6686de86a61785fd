// Carriers (outsource companies): the trucking companies a company hands loads to, their contacts,
// their finance records (payment terms, remittance and bank details), the company's list of truck
// types and the types each carrier runs.
//  - A carrier is deleted softly (deleted_at): drivers, routes and expenses keep pointing at it and
//    it can be restored. Its MC and DOT numbers are unique among the company's live carriers (the
//    FMCSA issues one per carrier), so a second record of the same carrier is refused.
//  - One primary contact per carrier, as with customers' contacts (partial unique index).
//  - A finance record's account and tax numbers are stored as given and never answered in full
//    (the service answers their last four digits).
//  - A truck type the company deletes takes with it the carriers' rows that name it; the service
//    refuses the delete while a live carrier or truck uses it (0009's trucks keep it as null).
import { type Kysely, sql } from 'kysely';
import { companyRowSecurity } from './kit.js';

const TENANT_TABLES = ['outsource_companies', 'outsource_company_contacts', 'outsource_company_finances', 'type_of_trucks', 'outsource_company_type_of_trucks'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    CREATE TABLE outsource_companies (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      name text NOT NULL CHECK (btrim(name) <> ''),
      -- The name normalized (case, punctuation, legal suffixes): duplicates are found by index.
      name_key text NOT NULL,
      legal_name text,
      email text,
      phone text,
      -- OutsourceCompanyTypesOfWork flags: 1 Fixed, 2 Distance, 4 Hourly, 8 Pallets, added together.
      types_of_work smallint NOT NULL DEFAULT 0 CHECK (types_of_work BETWEEN 0 AND 15),
      -- FMCSA docket (MC) and USDOT numbers, digits only; SCAC, the NMFTA carrier code.
      mc_number text CHECK (mc_number ~ '^[0-9]{1,8}$'),
      dot_number text CHECK (dot_number ~ '^[0-9]{1,8}$'),
      scac text CHECK (scac ~ '^[A-Z]{2,4}$'),
      street text,
      street2 text,
      city text,
      state text,
      postal_code text,
      country char(2) CHECK (country ~ '^[A-Z]{2}$'),
      website text,
      insurance_provider text,
      insurance_policy_number text,
      insurance_expires_on date,
      cargo_insurance_amount numeric(14,2) CHECK (cargo_insurance_amount >= 0),
      liability_insurance_amount numeric(14,2) CHECK (liability_insurance_amount >= 0),
      notes text,
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      PRIMARY KEY (company_id, id)
    );
    CREATE INDEX outsource_companies_list_name_idx ON outsource_companies (company_id, lower(name), id) WHERE deleted_at IS NULL;
    CREATE INDEX outsource_companies_list_created_idx ON outsource_companies (company_id, created_at, id) WHERE deleted_at IS NULL;
    CREATE INDEX outsource_companies_name_key_idx ON outsource_companies (company_id, name_key) WHERE deleted_at IS NULL;
    CREATE UNIQUE INDEX outsource_companies_mc_idx ON outsource_companies (company_id, mc_number) WHERE mc_number IS NOT NULL AND deleted_at IS NULL;
    CREATE UNIQUE INDEX outsource_companies_dot_idx ON outsource_companies (company_id, dot_number) WHERE dot_number IS NOT NULL AND deleted_at IS NULL;

    CREATE TABLE outsource_company_contacts (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      outsource_company_id int NOT NULL,
      name text NOT NULL,
      email text,
      phone text,
      phone_extension text,
      title text,
      notes text,
      is_primary boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id),
      FOREIGN KEY (company_id, outsource_company_id) REFERENCES outsource_companies (company_id, id)
    );
    CREATE UNIQUE INDEX outsource_company_contacts_one_primary_idx ON outsource_company_contacts (company_id, outsource_company_id) WHERE is_primary;
    CREATE INDEX outsource_company_contacts_owner_idx ON outsource_company_contacts (company_id, outsource_company_id, id);

    CREATE TABLE outsource_company_finances (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      outsource_company_id int NOT NULL,
      label text,
      -- The record payouts use unless told otherwise; at most one per carrier.
      is_default boolean NOT NULL DEFAULT false,
      payment_terms_days smallint NOT NULL DEFAULT 30 CHECK (payment_terms_days BETWEEN 0 AND 365),
      payment_method text NOT NULL DEFAULT 'ACH' CHECK (payment_method IN ('ACH', 'Wire', 'Check', 'Other')),
      currency char(3) NOT NULL DEFAULT 'USD' CHECK (currency ~ '^[A-Z]{3}$'),
      quick_pay_fee_percent numeric(5,2) CHECK (quick_pay_fee_percent BETWEEN 0 AND 100),
      -- The factor the carrier sold its receivables to: payments go there instead.
      factoring_company text,
      remit_to_name text,
      remit_to_street text,
      remit_to_street2 text,
      remit_to_city text,
      remit_to_state text,
      remit_to_postal_code text,
      remit_to_country char(2) CHECK (remit_to_country ~ '^[A-Z]{2}$'),
      remit_to_email text,
      bank_name text,
      -- ABA routing number (9 digits, check digit verified by the service); SWIFT/BIC abroad.
      routing_number text CHECK (routing_number ~ '^[0-9]{9}$'),
      swift_bic text CHECK (swift_bic ~ '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$'),
      -- Account number or IBAN and the EIN: answered as their last four characters only.
      account_number text CHECK (account_number ~ '^[A-Z0-9]{4,34}$'),
      account_type text CHECK (account_type IN ('Checking', 'Savings')),
      tax_id text CHECK (tax_id ~ '^[0-9]{9}$'),
      -- The carrier's contact for invoices and payments (a use of the contact).
      contact_id int,
      notes text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id),
      FOREIGN KEY (company_id, outsource_company_id) REFERENCES outsource_companies (company_id, id),
      FOREIGN KEY (company_id, contact_id) REFERENCES outsource_company_contacts (company_id, id)
    );
    CREATE UNIQUE INDEX outsource_company_finances_one_default_idx ON outsource_company_finances (company_id, outsource_company_id) WHERE is_default;
    CREATE INDEX outsource_company_finances_owner_idx ON outsource_company_finances (company_id, outsource_company_id, id);
    CREATE INDEX outsource_company_finances_contact_idx ON outsource_company_finances (company_id, contact_id) WHERE contact_id IS NOT NULL;

    CREATE TABLE type_of_trucks (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      name text NOT NULL CHECK (btrim(name) <> ''),
      description text,
      -- Typical capacity of a truck of this type (a truck may say otherwise).
      capacity_weight numeric(10,2) CHECK (capacity_weight >= 0),
      weight_unit text NOT NULL DEFAULT 'lb' CHECK (weight_unit IN ('lb', 'kg')),
      capacity_pallets int CHECK (capacity_pallets >= 0),
      capacity_volume numeric(10,2) CHECK (capacity_volume >= 0),
      volume_unit text NOT NULL DEFAULT 'ft3' CHECK (volume_unit IN ('ft3', 'm3')),
      is_refrigerated boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id)
    );
    -- Unique names, and the list's order by name.
    CREATE UNIQUE INDEX type_of_trucks_name_idx ON type_of_trucks (company_id, lower(name));
    CREATE INDEX type_of_trucks_list_created_idx ON type_of_trucks (company_id, created_at, id);

    CREATE TABLE outsource_company_type_of_trucks (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      outsource_company_id int NOT NULL,
      type_of_truck_id int NOT NULL,
      truck_count int CHECK (truck_count >= 0),
      -- The carrier's rates with trucks of this type, one per type of work it offers.
      fixed_rate numeric(14,2) CHECK (fixed_rate >= 0),
      rate_per_distance numeric(14,2) CHECK (rate_per_distance >= 0),
      distance_unit text NOT NULL DEFAULT 'mi' CHECK (distance_unit IN ('mi', 'km')),
      rate_per_hour numeric(14,2) CHECK (rate_per_hour >= 0),
      rate_per_pallet numeric(14,2) CHECK (rate_per_pallet >= 0),
      currency char(3) NOT NULL DEFAULT 'USD' CHECK (currency ~ '^[A-Z]{3}$'),
      notes text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id),
      UNIQUE (company_id, outsource_company_id, type_of_truck_id),
      FOREIGN KEY (company_id, outsource_company_id) REFERENCES outsource_companies (company_id, id),
      FOREIGN KEY (company_id, type_of_truck_id) REFERENCES type_of_trucks (company_id, id) ON DELETE CASCADE
    );
    CREATE INDEX outsource_company_type_of_trucks_type_idx ON outsource_company_type_of_trucks (company_id, type_of_truck_id);
  `)
    .execute(db);

  await companyRowSecurity(db, TENANT_TABLES);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    DROP TABLE outsource_company_type_of_trucks, type_of_trucks, outsource_company_finances, outsource_company_contacts, outsource_companies;
  `)
    .execute(db);
}
