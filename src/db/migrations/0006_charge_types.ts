// Charge types (accessorials): the company's list, each customer's own copy of it, and the system
// types every company has. Why one id sequence for both tables: a customer's row and a company type
// are both "a charge type" to clients (/Customers/{c}/chargeTypes/{chargeTypeId}, invoice lines'
// chargeTypeId), so their ids must never collide. Company types are deleted softly (deleted_at):
// customers' copies and past invoices keep pointing at them, and a deleted type can be restored.
// The system types are defined once, in fds_seed_system_charge_types(), which this migration runs
// for the existing companies and company provisioning runs for new ones.
import { type Kysely, sql } from 'kysely';
import { companyRowSecurity } from './kit.js';

const TENANT_TABLES = ['charge_types', 'customer_charge_types'];

const KINDS = `('Flat', 'PerStop', 'PerItem', 'PerPallet', 'PerWeight', 'PercentOfLinehaul')`;

/** The pricing columns, the same in both tables. */
const PRICING_COLUMNS = `
      code text NOT NULL CHECK (code ~ '^[A-Z0-9][A-Z0-9_-]{0,19}$'),
      name text NOT NULL CHECK (btrim(name) <> '' AND length(name) <= 100),
      description text,
      kind text NOT NULL DEFAULT 'Flat' CHECK (kind IN ${KINDS}),
      -- The unit shown with the rate on quotes and invoices ('stop', 'pallet', 'lb', 'percent'...).
      unit text NOT NULL CHECK (btrim(unit) <> '' AND length(unit) <= 20),
      -- Money per unit; for PercentOfLinehaul a percentage (18.5 = 18.5 %).
      rate numeric(14,4) NOT NULL DEFAULT 0 CHECK (rate >= 0),
      -- ISO 4217; null: the currency of the pricing model that applies.
      currency text CHECK (currency ~ '^[A-Z]{3}$'),
      minimum_charge numeric(14,2) CHECK (minimum_charge >= 0),
      weight_unit text CHECK (weight_unit IN ('lb', 'kg')),
      free_units numeric(14,4) CHECK (free_units >= 0),
      applies_per_stop boolean NOT NULL DEFAULT false,
      is_taxable boolean NOT NULL DEFAULT false,
      is_active boolean NOT NULL DEFAULT true,
      is_system boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((kind = 'PerWeight') = (weight_unit IS NOT NULL)),
      CHECK (kind <> 'PerStop' OR applies_per_stop),
      CHECK (free_units IS NULL OR kind NOT IN ('Flat', 'PercentOfLinehaul')),`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    CREATE SEQUENCE charge_type_ids AS int;
    GRANT USAGE ON SEQUENCE charge_type_ids TO fds_app;

    CREATE TABLE charge_types (
      company_id int NOT NULL REFERENCES companies (id),
      id int NOT NULL DEFAULT nextval('charge_type_ids'),
      ${PRICING_COLUMNS}
      deleted_at timestamptz,
      CHECK (NOT is_system OR deleted_at IS NULL),
      PRIMARY KEY (company_id, id)
    );
    ALTER SEQUENCE charge_type_ids OWNED BY charge_types.id;
    -- Codes (stored upper-case) and names (any case) are unique among the live types.
    CREATE UNIQUE INDEX charge_types_code_idx ON charge_types (company_id, code) WHERE deleted_at IS NULL;
    CREATE UNIQUE INDEX charge_types_name_idx ON charge_types (company_id, lower(name)) WHERE deleted_at IS NULL;

    -- A customer's charge types: copies of company types (charge_type_id) with the customer's own
    -- rates, or types of the customer's own (charge_type_id null). removed_at: set by sync when the
    -- company type the row copies was deleted; such a row is kept, rates and all, but not charged.
    CREATE TABLE customer_charge_types (
      company_id int NOT NULL REFERENCES companies (id),
      id int NOT NULL DEFAULT nextval('charge_type_ids'),
      customer_id int NOT NULL,
      charge_type_id int,
      ${PRICING_COLUMNS}
      removed_at timestamptz,
      CHECK (charge_type_id IS NOT NULL OR NOT is_system),
      PRIMARY KEY (company_id, id),
      FOREIGN KEY (company_id, customer_id) REFERENCES customers (company_id, id),
      FOREIGN KEY (company_id, charge_type_id) REFERENCES charge_types (company_id, id)
    );
    CREATE INDEX customer_charge_types_customer_idx ON customer_charge_types (company_id, customer_id, id);
    CREATE UNIQUE INDEX customer_charge_types_link_idx ON customer_charge_types (company_id, customer_id, charge_type_id)
      WHERE charge_type_id IS NOT NULL;
    CREATE UNIQUE INDEX customer_charge_types_code_idx ON customer_charge_types (company_id, customer_id, code)
      WHERE removed_at IS NULL;
    CREATE INDEX customer_charge_types_type_idx ON customer_charge_types (company_id, charge_type_id)
      WHERE charge_type_id IS NOT NULL;

    -- The types pricing itself produces lines for: every company has them; they cannot be deleted
    -- (deactivate instead) and their code and kind never change. Idempotent.
    CREATE FUNCTION fds_seed_system_charge_types(p_company int) RETURNS void LANGUAGE sql AS $$
      INSERT INTO charge_types (company_id, code, name, description, kind, unit, rate, is_system)
      SELECT p_company, s.code, s.name, s.description, s.kind, s.unit, 0, true
      FROM (VALUES
        ('LINEHAUL', 'Linehaul', 'The transport itself, priced by the pricing model (base charge and mileage); the rate here is not used.', 'Flat', 'flat'),
        ('FUEL', 'Fuel surcharge', 'A percentage of the linehaul; set the rate to the current fuel surcharge (18.5 = 18.5 %).', 'PercentOfLinehaul', 'percent')
      ) AS s (code, name, description, kind, unit)
      WHERE NOT EXISTS (SELECT 1 FROM charge_types c WHERE c.company_id = p_company AND c.is_system AND c.code = s.code)
    $$;
    REVOKE ALL ON FUNCTION fds_seed_system_charge_types(int) FROM PUBLIC;
    SELECT fds_seed_system_charge_types(id) FROM companies;
  `)
    .execute(db);

  await companyRowSecurity(db, TENANT_TABLES);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    DROP FUNCTION fds_seed_system_charge_types(int);
    DROP TABLE customer_charge_types, charge_types;
  `)
    .execute(db);
}
