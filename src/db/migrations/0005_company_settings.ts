// Company settings: warehouses (the company's own locations), zones (sets of postal codes that
// pricing rates zone to zone), non-working days and terms and conditions texts.
//  - A warehouse's address is a row of `addresses` with kind 'warehouse' (0003 made the kind for
//    it): the Address model is the same everywhere and transfer lookups already offer such rows.
//  - A postal code (of a country) belongs to at most one zone of a company: the primary key of
//    zone_postal_codes says so, and finding the zone of a code is one index probe.
//  - One non-working day per date; a yearly day may not be 29 February (no such day most years).
//  - At most one default terms text per company, backed by a partial unique index.
import { type Kysely, sql } from 'kysely';
import { companyRowSecurity } from './kit.js';

const TENANT_TABLES = ['warehouses', 'zones', 'zone_postal_codes', 'non_working_days', 'terms_and_conditions'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    CREATE TABLE warehouses (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      -- The place (street, city, coordinates, contact): an address of kind 'warehouse'.
      address_id int NOT NULL,
      name text NOT NULL CHECK (btrim(name) <> ''),
      -- The name normalized (case, accents, punctuation): duplicates are found by index.
      name_key text NOT NULL,
      -- Short code dispatchers use (DAL1, HOU-X); stored upper-case, unique per company.
      code text CHECK (code ~ '^[A-Z0-9][A-Z0-9_-]{0,19}$'),
      email text,
      opening_hours text,
      notes text,
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id),
      UNIQUE (company_id, address_id),
      FOREIGN KEY (company_id, address_id) REFERENCES addresses (company_id, id)
    );
    CREATE UNIQUE INDEX warehouses_code_idx ON warehouses (company_id, code) WHERE code IS NOT NULL;
    CREATE INDEX warehouses_list_name_idx ON warehouses (company_id, lower(name), id);
    CREATE INDEX warehouses_list_created_idx ON warehouses (company_id, created_at, id);
    CREATE INDEX warehouses_name_key_idx ON warehouses (company_id, name_key);

    CREATE TABLE zones (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      name text NOT NULL CHECK (btrim(name) <> ''),
      -- Map colour, #RRGGBB upper-case.
      color text CHECK (color ~ '^#[0-9A-F]{6}$'),
      description text,
      -- The country of the zone's postal codes (ISO 3166-1 alpha-2).
      country char(2) NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id)
    );
    CREATE UNIQUE INDEX zones_name_idx ON zones (company_id, lower(name));
    CREATE INDEX zones_list_created_idx ON zones (company_id, created_at, id);

    -- A zone's postal codes (or their leading parts: a ZIP3, a Canadian FSA), normalized by the
    -- service (trimmed, upper-case, single spaces). The country repeats the zone's, for the key.
    CREATE TABLE zone_postal_codes (
      company_id int NOT NULL,
      zone_id int NOT NULL,
      country char(2) NOT NULL,
      postal_code text NOT NULL CHECK (postal_code ~ '^[A-Z0-9][A-Z0-9 -]{0,11}$'),
      PRIMARY KEY (company_id, country, postal_code),
      FOREIGN KEY (company_id, zone_id) REFERENCES zones (company_id, id) ON DELETE CASCADE
    );
    CREATE INDEX zone_postal_codes_zone_idx ON zone_postal_codes (company_id, zone_id, postal_code);

    CREATE TABLE non_working_days (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      day date NOT NULL,
      name text,
      -- The day recurs on the same month and day every later year.
      is_recurring boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (NOT (is_recurring AND extract(month FROM day) = 2 AND extract(day FROM day) = 29)),
      PRIMARY KEY (company_id, id),
      UNIQUE (company_id, day)
    );
    CREATE INDEX non_working_days_recurring_idx ON non_working_days (company_id, day) WHERE is_recurring;

    CREATE TABLE terms_and_conditions (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      title text NOT NULL CHECK (btrim(title) <> ''),
      content text NOT NULL,
      is_default boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id)
    );
    CREATE UNIQUE INDEX terms_and_conditions_one_default_idx ON terms_and_conditions (company_id) WHERE is_default;
  `)
    .execute(db);

  await companyRowSecurity(db, TENANT_TABLES);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    DROP TABLE terms_and_conditions, non_working_days, zone_postal_codes, zones, warehouses;
    DELETE FROM addresses WHERE kind = 'warehouse';
  `)
    .execute(db);
}
