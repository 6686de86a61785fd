// Drivers: the company's license types, its drivers (their own or a carrier's) with licensing and
// payout terms, truck inspections (status checks) and the driver app's configuration.
//  - A driver has two status axes kept apart: the record status (Active ... Disabled) and the
//    company's approval of the driver (New, Approved, Blocked, Deactivated). Status Deleted and
//    deleted_at go together (a CHECK says so); delete is restorable and the status before it is kept
//    in restore_status. Email and license number are unique among live drivers (partial indexes).
//  - An Outsource driver belongs to a carrier (0008): the CHECK requires it; a Default driver has none.
//  - Payout: the CHECK requires the rates each payout type is computed from, so dispatch and
//    expenses can rely on them (the service answers the same rules with clear messages first).
//  - Status checks point at their driver and truck (0009) without cascades: inspection reports are
//    safety records, so the service refuses to erase a driver that has them.
//  - A home terminal is one of the company's warehouses (0005); deleting the warehouse clears it.
//  - The driver app's settings and flow are one row per company, each a JSON document read and
//    written whole: a key missing from a stored document reads as its default, so new settings need
//    no migration. No row: the defaults, answered without being stored.
import { type Kysely, sql } from 'kysely';
import { companyRowSecurity } from './kit.js';

const TENANT_TABLES = ['license_types', 'drivers', 'driver_status_checks', 'driver_app_configs'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    CREATE TABLE license_types (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      name text NOT NULL CHECK (btrim(name) <> ''),
      description text,
      -- A commercial driver's license (CDL): its holders also need a DOT medical card.
      is_commercial boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id)
    );
    -- Unique names (any case), and the list's order by name.
    CREATE UNIQUE INDEX license_types_name_idx ON license_types (company_id, lower(name));
    CREATE INDEX license_types_list_created_idx ON license_types (company_id, created_at, id);

    CREATE TABLE drivers (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      first_name text NOT NULL CHECK (btrim(first_name) <> ''),
      last_name text NOT NULL CHECK (btrim(last_name) <> ''),
      -- Lower-cased; E.164 phones.
      email text CHECK (email = lower(email)),
      phone text,
      status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Inactive', 'Deleted', 'Draft', 'New', 'Invited', 'Disabled')),
      approval_status text NOT NULL DEFAULT 'New' CHECK (approval_status IN ('New', 'Approved', 'Blocked', 'Deactivated')),
      type text NOT NULL DEFAULT 'Default' CHECK (type IN ('Default', 'Outsource', 'Mixed')),
      outsource_company_id int,
      -- Upper-case letters and digits only, as license numbers compare.
      license_number text CHECK (license_number ~ '^[A-Z0-9]+$'),
      license_state text,
      license_expires_on date,
      license_type_id int,
      hazmat_endorsement boolean NOT NULL DEFAULT false,
      medical_card_expires_on date,
      -- Transportation Worker Identification Credential (ports, secure areas of vessels).
      twic_expires_on date,
      date_of_birth date,
      hire_date date,
      street text,
      street2 text,
      city text,
      state text,
      postal_code text,
      country char(2) CHECK (country ~ '^[A-Z]{2}$'),
      emergency_contact_name text,
      emergency_contact_phone text,
      emergency_contact_relationship text,
      home_warehouse_id int,
      default_truck_id int,
      payout_type text CHECK (payout_type IN ('Hourly', 'FixedSalary', 'Distance', 'FixDistance', 'FixHourly', 'Percent', 'DistanceAndPercent', 'FixedCost', 'Pallets')),
      hourly_rate numeric(10,2) CHECK (hourly_rate >= 0),
      salary_amount numeric(14,2) CHECK (salary_amount >= 0),
      salary_period text CHECK (salary_period IN ('Weekly', 'Biweekly', 'SemiMonthly', 'Monthly', 'Yearly')),
      rate_per_distance numeric(10,4) CHECK (rate_per_distance >= 0),
      distance_unit text NOT NULL DEFAULT 'mi' CHECK (distance_unit IN ('mi', 'km')),
      revenue_percent numeric(5,2) CHECK (revenue_percent > 0 AND revenue_percent <= 100),
      fixed_cost_per_route numeric(14,2) CHECK (fixed_cost_per_route >= 0),
      rate_per_pallet numeric(10,2) CHECK (rate_per_pallet >= 0),
      payout_currency char(3) NOT NULL DEFAULT 'USD' CHECK (payout_currency ~ '^[A-Z]{3}$'),
      notes text,
      invited_at timestamptz,
      -- The one-time code of the latest invitation (SHA-256), for the driver app's first sign-in.
      invitation_token_hash text,
      invitation_expires_at timestamptz,
      -- The status a restore gives back.
      restore_status text CHECK (restore_status IN ('Active', 'Inactive', 'Draft', 'New', 'Invited', 'Disabled')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      PRIMARY KEY (company_id, id),
      CHECK ((status = 'Deleted') = (deleted_at IS NOT NULL)),
      CHECK (type <> 'Outsource' OR outsource_company_id IS NOT NULL),
      CHECK (type <> 'Default' OR outsource_company_id IS NULL),
      CHECK (CASE payout_type
        WHEN 'Hourly' THEN hourly_rate IS NOT NULL
        WHEN 'FixedSalary' THEN salary_amount IS NOT NULL AND salary_period IS NOT NULL
        WHEN 'Distance' THEN rate_per_distance IS NOT NULL
        WHEN 'FixDistance' THEN fixed_cost_per_route IS NOT NULL AND rate_per_distance IS NOT NULL
        WHEN 'FixHourly' THEN fixed_cost_per_route IS NOT NULL AND hourly_rate IS NOT NULL
        WHEN 'Percent' THEN revenue_percent IS NOT NULL
        WHEN 'DistanceAndPercent' THEN rate_per_distance IS NOT NULL AND revenue_percent IS NOT NULL
        WHEN 'FixedCost' THEN fixed_cost_per_route IS NOT NULL
        WHEN 'Pallets' THEN rate_per_pallet IS NOT NULL
        ELSE true END),
      FOREIGN KEY (company_id, outsource_company_id) REFERENCES outsource_companies (company_id, id),
      FOREIGN KEY (company_id, license_type_id) REFERENCES license_types (company_id, id),
      FOREIGN KEY (company_id, default_truck_id) REFERENCES trucks (company_id, id),
      CONSTRAINT drivers_home_warehouse_fk FOREIGN KEY (company_id, home_warehouse_id) REFERENCES warehouses (company_id, id) ON DELETE SET NULL (home_warehouse_id)
    );
    -- The list's orders (first then last name, last then first name, newest) and lookups.
    CREATE INDEX drivers_list_name_idx ON drivers (company_id, lower(first_name), lower(last_name), id);
    CREATE INDEX drivers_list_last_name_idx ON drivers (company_id, lower(last_name), lower(first_name), id);
    CREATE INDEX drivers_list_created_idx ON drivers (company_id, created_at, id);
    CREATE UNIQUE INDEX drivers_email_idx ON drivers (company_id, email) WHERE email IS NOT NULL AND deleted_at IS NULL;
    CREATE UNIQUE INDEX drivers_license_number_idx ON drivers (company_id, license_number) WHERE license_number IS NOT NULL AND deleted_at IS NULL;
    CREATE INDEX drivers_phone_idx ON drivers (company_id, phone) WHERE phone IS NOT NULL;
    CREATE INDEX drivers_carrier_idx ON drivers (company_id, outsource_company_id) WHERE outsource_company_id IS NOT NULL;
    CREATE INDEX drivers_license_type_idx ON drivers (company_id, license_type_id) WHERE license_type_id IS NOT NULL;
    CREATE INDEX drivers_truck_idx ON drivers (company_id, default_truck_id) WHERE default_truck_id IS NOT NULL;
    CREATE INDEX drivers_warehouse_idx ON drivers (company_id, home_warehouse_id) WHERE home_warehouse_id IS NOT NULL;

    CREATE TABLE driver_status_checks (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      driver_id int NOT NULL,
      truck_id int NOT NULL,
      check_type text NOT NULL CHECK (check_type IN ('PreTrip', 'PostTrip')),
      -- InspectionStatus: 1 Pending, 2 Failed, 3 Maintenance, 4 Completed.
      status smallint NOT NULL CHECK (status BETWEEN 1 AND 4),
      checked_at timestamptz NOT NULL,
      odometer int CHECK (odometer >= 0),
      odometer_unit text NOT NULL DEFAULT 'mi' CHECK (odometer_unit IN ('mi', 'km')),
      -- A JSON array of text, one entry per defect found ("Brake lamp out, rear left").
      defects jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(defects) = 'array'),
      notes text,
      location text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id),
      FOREIGN KEY (company_id, driver_id) REFERENCES drivers (company_id, id),
      FOREIGN KEY (company_id, truck_id) REFERENCES trucks (company_id, id)
    );
    CREATE INDEX driver_status_checks_list_idx ON driver_status_checks (company_id, checked_at, id);
    CREATE INDEX driver_status_checks_driver_idx ON driver_status_checks (company_id, driver_id, checked_at);
    CREATE INDEX driver_status_checks_truck_idx ON driver_status_checks (company_id, truck_id, checked_at);

    CREATE TABLE driver_app_configs (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      -- DriverApplicationSettings and the flow ([UserPrompt]); null: the defaults.
      settings jsonb,
      flow jsonb,
      -- The highest prompt id ever given: a removed prompt's id is never given again, so answers
      -- the driver app recorded under it never point at another prompt.
      last_prompt_id int NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id),
      UNIQUE (company_id)
    );
  `)
    .execute(db);

  await companyRowSecurity(db, TENANT_TABLES);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE driver_app_configs, driver_status_checks, drivers, license_types;').execute(db);
}
