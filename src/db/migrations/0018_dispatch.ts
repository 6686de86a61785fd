// Dispatch (part 1, "Dispatch and routes"): routes, the legs of order stops on them and in the
// unassigned pool, and the optimizer's runs.
//  - routes: a driver's and a truck's day — name, date, start and end (a warehouse's place or any
//    address of the company), shift, state (Planned → Next → InProgress → Completed; Archived keeps
//    the state it left in status_before_archive, so Restore gives it back). One active route per
//    driver and per truck a day: two partial unique indexes hold that even for two dispatchers at once.
//    `version` rises with every change of the route's items; an optimization applies only to the
//    version it read.
//  - route_items: one row per leg of an order stop. A Pickup or Delivery stop has one leg; a Transfer
//    stop (a hub) two — DeliveryToTransfer on the inbound route, PickupFromTransfer on the outbound
//    one — so one stop may be on two routes, never twice in one role. A leg with no route is in the
//    unassigned pool: legs are made when an order is approved (or a stop is added to one) and leave
//    when it is closed or deleted, so the pool's partial index holds dispatchable legs only, however
//    many quotes and closed orders the company keeps. Item status 0 ToDo, 1 Done, 2 Pending is kept
//    as the names order_stops.route_status uses (answered as the spec's numbers).
//  - order_stops.route_id (0015) gets its key: it mirrors the stop's leg on a route.
//  - route_optimizations: the state of an auto-reroute, in the database so any instance answers its
//    status; at most one Running per route.
import { type Kysely, sql } from 'kysely';
import { companyRowSecurity, distributeNewCompanyTables, sequentialOnCitus } from './kit.js';

const TENANT_TABLES = ['routes', 'route_items', 'route_optimizations'];

/** Added once the tables are (on a distributed Citus, distributed and) in place. */
const FOREIGN_KEYS = [
  'routes ADD FOREIGN KEY (company_id) REFERENCES companies (id)',
  'routes ADD FOREIGN KEY (company_id, driver_id) REFERENCES drivers (company_id, id)',
  'routes ADD FOREIGN KEY (company_id, truck_id) REFERENCES trucks (company_id, id)',
  'routes ADD FOREIGN KEY (company_id, start_address_id) REFERENCES addresses (company_id, id)',
  'routes ADD FOREIGN KEY (company_id, end_address_id) REFERENCES addresses (company_id, id)',
  'route_items ADD FOREIGN KEY (company_id) REFERENCES companies (id)',
  'route_items ADD FOREIGN KEY (company_id, order_id) REFERENCES orders (company_id, id) ON DELETE CASCADE',
  'route_items ADD FOREIGN KEY (company_id, stop_id) REFERENCES order_stops (company_id, id) ON DELETE CASCADE',
  'route_items ADD FOREIGN KEY (company_id, route_id) REFERENCES routes (company_id, id)',
  'route_optimizations ADD FOREIGN KEY (company_id) REFERENCES companies (id)',
  'route_optimizations ADD FOREIGN KEY (company_id, route_id) REFERENCES routes (company_id, id) ON DELETE CASCADE',
  'order_stops ADD FOREIGN KEY (company_id, route_id) REFERENCES routes (company_id, id)',
];

const TABLES = `
    CREATE TABLE routes (
      company_id int NOT NULL,
      id int GENERATED ALWAYS AS IDENTITY,
      name text NOT NULL CHECK (btrim(name) <> ''),
      date date NOT NULL,
      driver_id int,
      truck_id int,
      status text NOT NULL DEFAULT 'Planned' CHECK (status IN ('Planned', 'Next', 'InProgress', 'Completed', 'Archived')),
      status_before_archive text CHECK (status_before_archive IN ('Planned', 'Next', 'InProgress', 'Completed')),
      start_address_id int,
      end_address_id int,
      start_time timestamptz,
      end_time timestamptz CHECK (end_time IS NULL OR start_time IS NULL OR end_time >= start_time),
      avoid_tolls boolean NOT NULL DEFAULT false,
      version int NOT NULL DEFAULT 0,
      -- Along the stops in order, measured by the configured travel matrix after each change.
      distance_m numeric(12,1),
      duration_s int,
      notes text,
      started_at timestamptz,
      completed_at timestamptz,
      archived_at timestamptz,
      -- The driver's pay for the route (RoutePayoutStatus), fixed when the route is completed.
      payout_status text NOT NULL DEFAULT 'Draft' CHECK (payout_status IN ('Draft', 'Open', 'Paid', 'PartialPaid', 'OverPaid')),
      payout_amount numeric(14,2),
      payout_currency char(3),
      created_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id),
      CHECK ((status = 'Archived') = (status_before_archive IS NOT NULL))
    );
    -- The day's board, and the active routes.
    CREATE INDEX routes_date_idx ON routes (company_id, date, id);
    CREATE INDEX routes_active_idx ON routes (company_id, date, id) WHERE status IN ('Planned', 'Next', 'InProgress');
    CREATE UNIQUE INDEX routes_driver_day_idx ON routes (company_id, driver_id, date) WHERE status IN ('Planned', 'Next', 'InProgress');
    CREATE UNIQUE INDEX routes_truck_day_idx ON routes (company_id, truck_id, date) WHERE status IN ('Planned', 'Next', 'InProgress');
    -- Keys followed when a driver, truck or place goes (the partial ones above cover active routes only).
    CREATE INDEX routes_driver_idx ON routes (company_id, driver_id) WHERE driver_id IS NOT NULL;
    CREATE INDEX routes_truck_idx ON routes (company_id, truck_id) WHERE truck_id IS NOT NULL;
    CREATE INDEX routes_start_address_idx ON routes (company_id, start_address_id) WHERE start_address_id IS NOT NULL;
    CREATE INDEX routes_end_address_idx ON routes (company_id, end_address_id) WHERE end_address_id IS NOT NULL;

    CREATE TABLE route_items (
      company_id int NOT NULL,
      id int GENERATED ALWAYS AS IDENTITY,
      order_id int NOT NULL,
      stop_id int NOT NULL,
      kind text NOT NULL CHECK (kind IN ('Pickup', 'DeliveryToTransfer', 'PickupFromTransfer', 'Delivery')),
      route_id int,
      sequence int,
      status text NOT NULL DEFAULT 'ToDo' CHECK (status IN ('ToDo', 'Done', 'Pending')),
      done_at timestamptz,
      done_by text,
      assigned_at timestamptz,
      assigned_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id),
      CHECK ((route_id IS NULL) = (sequence IS NULL)),
      CHECK ((status = 'Done') = (done_at IS NOT NULL)),
      -- A leg is done on a route, never in the pool.
      CHECK (status <> 'Done' OR route_id IS NOT NULL)
    );
    CREATE UNIQUE INDEX route_items_stop_kind_idx ON route_items (company_id, stop_id, kind);
    CREATE INDEX route_items_route_idx ON route_items (company_id, route_id, sequence, id) WHERE route_id IS NOT NULL;
    -- The unassigned pool, oldest first.
    CREATE INDEX route_items_pool_idx ON route_items (company_id, id) WHERE route_id IS NULL AND status <> 'Done';
    CREATE INDEX route_items_order_idx ON route_items (company_id, order_id);

    CREATE INDEX order_stops_route_idx ON order_stops (company_id, route_id) WHERE route_id IS NOT NULL;

    CREATE TABLE route_optimizations (
      company_id int NOT NULL,
      id int GENERATED ALWAYS AS IDENTITY,
      route_id int NOT NULL,
      route_version int NOT NULL,
      status text NOT NULL CHECK (status IN ('Running', 'Done', 'Failed', 'Discarded')),
      time_limit_ms int NOT NULL,
      -- A Running run whose lease has passed died with its process: it reads as Failed.
      lease_until timestamptz NOT NULL,
      started_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      requested_by text,
      before_distance_m numeric(12,1),
      after_distance_m numeric(12,1),
      improved boolean,
      error text,
      PRIMARY KEY (company_id, id)
    );
    CREATE UNIQUE INDEX route_optimizations_running_idx ON route_optimizations (company_id, route_id) WHERE status = 'Running';
    CREATE INDEX route_optimizations_route_idx ON route_optimizations (company_id, route_id, started_at DESC);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sequentialOnCitus(db);
  // One statement at a time: on a distributed Citus, a string of several is refused where Citus
  // passes a command on to the workers.
  for (const statement of TABLES.split(/;\s*\n/)) if (statement.trim()) await sql.raw(statement).execute(db);
  await companyRowSecurity(db, TENANT_TABLES);
  // The keys last: on a Citus database already distributed (an upgrade), the new tables are
  // distributed first (Citus refuses a key from a local table to a distributed one).
  await distributeNewCompanyTables(db, TENANT_TABLES);
  // One statement each: Citus propagates each to the shards.
  for (const key of FOREIGN_KEYS) await sql.raw(`ALTER TABLE ${key};`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    DROP INDEX order_stops_route_idx;
    ALTER TABLE order_stops DROP CONSTRAINT order_stops_company_id_route_id_fkey;
    DROP TABLE route_optimizations, route_items, routes;
  `)
    .execute(db);
}
