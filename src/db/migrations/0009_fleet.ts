// Fleet: the company's own trucks (power units).
//  - A truck is deleted softly (deleted_at): routes, expenses and driver checks keep pointing at it.
//    Its unit name, VIN and telematics vehicle are unique among the live trucks only, so a unit
//    number can be given to a replacement truck.
//  - The VIN's check digit (ISO 3779 / 49 CFR 565) is verified by the service; the table keeps the
//    character set (no I, O or Q in a 17-character VIN; older, shorter VINs are kept as written).
//  - A truck names one of the company's truck types (0008); deleting the type (refused while live
//    trucks use it) leaves deleted trucks without one.
import { type Kysely, sql } from 'kysely';
import { companyRowSecurity } from './kit.js';

const TENANT_TABLES = ['trucks'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    CREATE TABLE trucks (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      -- The unit name or number dispatchers use ("Unit 104").
      name text NOT NULL CHECK (btrim(name) <> ''),
      plate_number text,
      -- Jurisdiction of the plate (state or province code).
      plate_state text,
      vin text CHECK (vin ~ '^[A-HJ-NPR-Z0-9]{17}$' OR vin ~ '^[A-Z0-9]{5,16}$'),
      make text,
      model text,
      year smallint CHECK (year BETWEEN 1900 AND 2100),
      type_of_truck_id int,
      status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'InShop', 'Inactive')),
      capacity_weight numeric(10,2) CHECK (capacity_weight >= 0),
      weight_unit text NOT NULL DEFAULT 'lb' CHECK (weight_unit IN ('lb', 'kg')),
      capacity_pallets int CHECK (capacity_pallets >= 0),
      capacity_volume numeric(10,2) CHECK (capacity_volume >= 0),
      volume_unit text NOT NULL DEFAULT 'ft3' CHECK (volume_unit IN ('ft3', 'm3')),
      -- The vehicle's id in the connected telematics account (pairing).
      telematics_vehicle_id text CHECK (btrim(telematics_vehicle_id) <> ''),
      notes text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      PRIMARY KEY (company_id, id),
      FOREIGN KEY (company_id, type_of_truck_id) REFERENCES type_of_trucks (company_id, id) ON DELETE SET NULL (type_of_truck_id)
    );
    -- Unique unit names among live trucks, and the list's order by name.
    CREATE UNIQUE INDEX trucks_name_idx ON trucks (company_id, lower(name)) WHERE deleted_at IS NULL;
    CREATE INDEX trucks_list_created_idx ON trucks (company_id, created_at, id) WHERE deleted_at IS NULL;
    CREATE INDEX trucks_list_plate_idx ON trucks (company_id, lower(plate_number), id) WHERE deleted_at IS NULL;
    CREATE UNIQUE INDEX trucks_vin_idx ON trucks (company_id, vin) WHERE vin IS NOT NULL AND deleted_at IS NULL;
    CREATE UNIQUE INDEX trucks_telematics_idx ON trucks (company_id, telematics_vehicle_id) WHERE telematics_vehicle_id IS NOT NULL AND deleted_at IS NULL;
    CREATE INDEX trucks_type_idx ON trucks (company_id, type_of_truck_id) WHERE type_of_truck_id IS NOT NULL;
  `)
    .execute(db);

  await companyRowSecurity(db, TENANT_TABLES);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE trucks;').execute(db);
}
