// Pricing: the company's default pricing model and customers' own models derived from it (base
// charge, mileage bands, international rates per country pair), zone-to-zone flat rates between
// the company's zones (0005), shipment types, and FX rates. The rating engine
// (src/pricing/rating/) prices from these; money is numeric, rates carry 4 decimals.
import { type Kysely, sql } from 'kysely';
import { companyRowSecurity } from './kit.js';

const TENANT_TABLES = ['pricing_models', 'pricing_mileage_charges', 'pricing_intl_rates', 'pricing_zones', 'shipment_types', 'fx_rates'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    CREATE TABLE pricing_models (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      -- null: the company's default model; else the customer's own, derived from the default.
      customer_id int,
      name text NOT NULL,
      currency char(3) NOT NULL DEFAULT 'USD' CHECK (currency ~ '^[A-Z]{3}$'),
      distance_unit text NOT NULL DEFAULT 'mi' CHECK (distance_unit IN ('mi', 'km')),
      base_charge numeric(14,2) NOT NULL DEFAULT 0 CHECK (base_charge >= 0),
      mileage_mode text NOT NULL DEFAULT 'tiered' CHECK (mileage_mode IN ('tiered', 'whole')),
      minimum_linehaul numeric(14,2) CHECK (minimum_linehaul >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id),
      FOREIGN KEY (company_id, customer_id) REFERENCES customers (company_id, id)
    );
    CREATE UNIQUE INDEX pricing_models_default_idx ON pricing_models (company_id) WHERE customer_id IS NULL;
    CREATE UNIQUE INDEX pricing_models_customer_idx ON pricing_models (company_id, customer_id) WHERE customer_id IS NOT NULL;

    CREATE TABLE pricing_mileage_charges (
      company_id int NOT NULL,
      id int GENERATED ALWAYS AS IDENTITY,
      pricing_model_id int NOT NULL,
      from_distance numeric(10,2) NOT NULL CHECK (from_distance >= 0),
      to_distance numeric(10,2) CHECK (to_distance > from_distance),
      rate_per_unit numeric(14,4) NOT NULL CHECK (rate_per_unit >= 0),
      minimum_charge numeric(14,2) CHECK (minimum_charge >= 0),
      PRIMARY KEY (company_id, id),
      FOREIGN KEY (company_id, pricing_model_id) REFERENCES pricing_models (company_id, id) ON DELETE CASCADE
    );
    CREATE INDEX pricing_mileage_charges_model_idx ON pricing_mileage_charges (company_id, pricing_model_id, from_distance);

    CREATE TABLE pricing_intl_rates (
      company_id int NOT NULL,
      id int GENERATED ALWAYS AS IDENTITY,
      pricing_model_id int NOT NULL,
      from_country char(2) NOT NULL CHECK (from_country ~ '^[A-Z]{2}$'),
      to_country char(2) NOT NULL CHECK (to_country ~ '^[A-Z]{2}$' AND to_country <> from_country),
      flat_amount numeric(14,2) CHECK (flat_amount >= 0),
      rate_per_unit numeric(14,4) CHECK (rate_per_unit >= 0),
      minimum_charge numeric(14,2) CHECK (minimum_charge >= 0),
      CHECK (flat_amount IS NOT NULL OR rate_per_unit IS NOT NULL),
      PRIMARY KEY (company_id, id),
      UNIQUE (company_id, pricing_model_id, from_country, to_country),
      FOREIGN KEY (company_id, pricing_model_id) REFERENCES pricing_models (company_id, id) ON DELETE CASCADE
    );

    CREATE TABLE pricing_zones (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      name text NOT NULL,
      from_zone_id int NOT NULL,
      to_zone_id int NOT NULL,
      amount numeric(14,2) NOT NULL CHECK (amount >= 0),
      both_directions boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id),
      UNIQUE (company_id, from_zone_id, to_zone_id),
      FOREIGN KEY (company_id, from_zone_id) REFERENCES zones (company_id, id),
      FOREIGN KEY (company_id, to_zone_id) REFERENCES zones (company_id, id)
    );

    CREATE TABLE shipment_types (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      name text NOT NULL,
      description text,
      -- null: offered to every customer; else only to this one.
      customer_id int,
      multiplier numeric(8,4) CHECK (multiplier > 0),
      base_charge numeric(14,2) CHECK (base_charge >= 0),
      rate_per_unit numeric(14,4) CHECK (rate_per_unit >= 0),
      is_active boolean NOT NULL DEFAULT true,
      deleted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id),
      FOREIGN KEY (company_id, customer_id) REFERENCES customers (company_id, id)
    );
    CREATE UNIQUE INDEX shipment_types_name_idx ON shipment_types (company_id, lower(name)) WHERE deleted_at IS NULL;

    CREATE TABLE fx_rates (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      from_currency char(3) NOT NULL CHECK (from_currency ~ '^[A-Z]{3}$'),
      to_currency char(3) NOT NULL CHECK (to_currency ~ '^[A-Z]{3}$' AND to_currency <> from_currency),
      rate numeric(18,8) NOT NULL CHECK (rate > 0),
      rate_date date NOT NULL,
      created_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id),
      -- One rate per pair per day: a second POST that day replaces it.
      UNIQUE (company_id, from_currency, to_currency, rate_date)
    );
    CREATE INDEX fx_rates_newest_idx ON fx_rates (company_id, rate_date DESC, id DESC);
  `)
    .execute(db);

  await companyRowSecurity(db, TENANT_TABLES);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`DROP TABLE ${[...TENANT_TABLES].reverse().join(', ')}`).execute(db);
}
