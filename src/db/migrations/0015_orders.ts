// Quotes and orders (part 1, "Quotes and order stops", "Orders") and the company event log.
//  - One table holds quotes and orders: a quote becomes an order by its status (Dreft → Quote →
//    Order → Closed; Deleted keeps the status it had in status_before_delete, so restoring puts it
//    back). Order numbers are unique per company; generated ones come from company_counters, whose
//    row is locked until commit, so two orders made at once never share or skip a number.
//  - Stops (Pickup, Delivery, Transfer) point at an address of the customers area's `addresses`
//    (the customer's, a hub, a warehouse), never copy it; items are loaded at a stop. The dispatch
//    fields (route_id, route_sequence, route_status) are here so routes add a table, not a reshape;
//    their key to routes comes with the routes table.
//  - Price: total and buying price are numeric(14,2); the rating engine's breakdown (a line per
//    charge) is kept whole with the order (price_lines), as it was priced.
//  - Holds, item events and activities are the order's history; audit rows stay in audit_log.
//  - company_events: every state change a user or an integration would want to hear about, in
//    the transaction of the change, numbered by a per-company position (company_counters again:
//    positions follow commit order, with no gaps) — the feed later notifications and webhooks read.
//  - search_text: order number, customer name and the stops' places, kept by the orders area's
//    writes, searched through a trigram index.
import { type Kysely, sql } from 'kysely';
import { companyRowSecurity } from './kit.js';

const TENANT_TABLES = ['company_counters', 'company_events', 'orders', 'order_stops', 'order_items', 'order_item_events', 'order_holds', 'order_activities'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    CREATE TABLE company_counters (
      company_id int NOT NULL REFERENCES companies (id),
      name text NOT NULL,
      value bigint NOT NULL,
      PRIMARY KEY (company_id, name)
    );

    CREATE TABLE company_events (
      company_id int NOT NULL REFERENCES companies (id),
      position bigint NOT NULL,
      type text NOT NULL,
      entity_type text NOT NULL,
      entity_id text,
      payload jsonb NOT NULL DEFAULT '{}',
      user_id text,
      request_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, position)
    );
    CREATE INDEX company_events_entity_idx ON company_events (company_id, entity_type, entity_id, position);

    CREATE TABLE orders (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      order_number text NOT NULL CHECK (btrim(order_number) <> ''),
      status text NOT NULL DEFAULT 'Quote' CHECK (status IN ('Dreft', 'Quote', 'Order', 'Closed', 'Deleted')),
      status_before_delete text CHECK (status_before_delete IN ('Dreft', 'Quote', 'Order', 'Closed')),
      customer_id int NOT NULL,
      contact_id int,
      shipment_type_id int,
      reference_number text,
      notes text,
      currency char(3) NOT NULL DEFAULT 'USD',
      total_price numeric(14,2) NOT NULL DEFAULT 0,
      buying_price numeric(14,2),
      price_lines jsonb NOT NULL DEFAULT '[]',
      price_warnings jsonb NOT NULL DEFAULT '[]',
      -- A price set by hand: changes no longer re-price the order until it is asked to.
      is_custom_price boolean NOT NULL DEFAULT false,
      distance numeric(10,2),
      -- The distance was sent by the client (kept on re-pricing), not measured along the stops.
      is_distance_given boolean NOT NULL DEFAULT false,
      distance_unit text NOT NULL DEFAULT 'mi' CHECK (distance_unit IN ('mi', 'km')),
      -- The unit of the items' weights.
      weight_unit text NOT NULL DEFAULT 'lb' CHECK (weight_unit IN ('lb', 'kg')),
      charge_type_ids int[] NOT NULL DEFAULT '{}',
      -- How often the order comes back ({frequency, interval, daysOfWeek, startsOn, endsOn}); null: once.
      recurrence jsonb,
      -- How dispatch routes it: Default, SameRoute (every stop on one route), SeparateRoutes.
      route_behavior text NOT NULL DEFAULT 'Default' CHECK (route_behavior IN ('Default', 'SameRoute', 'SeparateRoutes')),
      search_text text NOT NULL DEFAULT '',
      created_by text,
      approved_at timestamptz,
      approved_by text,
      closed_at timestamptz,
      closed_by text,
      deleted_at timestamptz,
      deleted_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id),
      CHECK ((status = 'Deleted') = (deleted_at IS NOT NULL)),
      FOREIGN KEY (company_id, customer_id) REFERENCES customers (company_id, id),
      FOREIGN KEY (company_id, contact_id) REFERENCES customer_contacts (company_id, id),
      FOREIGN KEY (company_id, shipment_type_id) REFERENCES shipment_types (company_id, id)
    );
    CREATE UNIQUE INDEX orders_number_idx ON orders (company_id, lower(order_number));
    -- The lists: by status, newest first (and by customer).
    CREATE INDEX orders_status_created_idx ON orders (company_id, status, created_at DESC, id DESC);
    CREATE INDEX orders_created_idx ON orders (company_id, created_at DESC, id DESC);
    CREATE INDEX orders_customer_idx ON orders (company_id, customer_id, created_at DESC);
    CREATE INDEX orders_search_idx ON orders USING gin (search_text gin_trgm_ops);

    CREATE TABLE order_stops (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      order_id int NOT NULL,
      type text NOT NULL CHECK (type IN ('Pickup', 'Delivery', 'Transfer')),
      -- The stop's place in its order (pickups first as sent, then transfers, then deliveries).
      sequence int NOT NULL,
      address_id int NOT NULL,
      date date,
      time_window_start timestamptz,
      time_window_end timestamptz CHECK (time_window_end IS NULL OR time_window_start IS NULL OR time_window_end >= time_window_start),
      priority text NOT NULL DEFAULT 'Regular' CHECK (priority IN ('Low', 'Regular', 'High')),
      appointment_status text NOT NULL DEFAULT 'Nothing'
        CHECK (appointment_status IN ('Nothing', 'Request', 'Requested', 'Approve', 'Accepted', 'Review', 'NewAppointment')),
      appointment_code text,
      appointment_email text,
      call_outcome smallint CHECK (call_outcome IN (1, 2, 3)),
      driver_instructions text,
      notes text,
      contact_name text,
      contact_phone text,
      is_on_hold boolean NOT NULL DEFAULT false,
      -- Dispatch: the route the stop is on, its place there and its state (0 ToDo, 1 Done, 2 Pending).
      route_id int,
      route_sequence int,
      route_status text NOT NULL DEFAULT 'ToDo' CHECK (route_status IN ('ToDo', 'Done', 'Pending')),
      done_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id),
      FOREIGN KEY (company_id, order_id) REFERENCES orders (company_id, id) ON DELETE CASCADE,
      FOREIGN KEY (company_id, address_id) REFERENCES addresses (company_id, id)
    );
    CREATE INDEX order_stops_order_idx ON order_stops (company_id, order_id, sequence);
    CREATE INDEX order_stops_address_idx ON order_stops (company_id, address_id);
    CREATE INDEX order_stops_on_hold_idx ON order_stops (company_id, order_id) WHERE is_on_hold;

    CREATE TABLE order_items (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      order_id int NOT NULL,
      stop_id int NOT NULL,
      description text NOT NULL CHECK (btrim(description) <> ''),
      quantity numeric(12,3) NOT NULL DEFAULT 1 CHECK (quantity > 0),
      weight numeric(12,3) CHECK (weight >= 0),
      pallets numeric(10,2) CHECK (pallets >= 0),
      barcode text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id),
      FOREIGN KEY (company_id, order_id) REFERENCES orders (company_id, id) ON DELETE CASCADE,
      FOREIGN KEY (company_id, stop_id) REFERENCES order_stops (company_id, id) ON DELETE CASCADE
    );
    CREATE INDEX order_items_order_idx ON order_items (company_id, order_id, stop_id, id);
    -- A barcode names one item of the company.
    CREATE UNIQUE INDEX order_items_barcode_idx ON order_items (company_id, barcode) WHERE barcode IS NOT NULL;

    CREATE TABLE order_item_events (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      order_id int NOT NULL,
      item_id int NOT NULL,
      stop_id int,
      type text NOT NULL,
      note text,
      user_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id),
      FOREIGN KEY (company_id, order_id) REFERENCES orders (company_id, id) ON DELETE CASCADE,
      FOREIGN KEY (company_id, item_id) REFERENCES order_items (company_id, id) ON DELETE CASCADE
    );
    CREATE INDEX order_item_events_item_idx ON order_item_events (company_id, item_id, created_at, id);

    CREATE TABLE order_holds (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      order_id int NOT NULL,
      stop_id int NOT NULL,
      reason text NOT NULL CHECK (btrim(reason) <> ''),
      held_by text NOT NULL,
      held_at timestamptz NOT NULL DEFAULT now(),
      released_by text,
      released_at timestamptz,
      release_note text,
      PRIMARY KEY (company_id, id),
      FOREIGN KEY (company_id, order_id) REFERENCES orders (company_id, id) ON DELETE CASCADE,
      FOREIGN KEY (company_id, stop_id) REFERENCES order_stops (company_id, id) ON DELETE CASCADE
    );
    CREATE INDEX order_holds_order_idx ON order_holds (company_id, order_id, held_at, id);
    -- A stop is held by one active hold at a time.
    CREATE UNIQUE INDEX order_holds_active_idx ON order_holds (company_id, stop_id) WHERE released_at IS NULL;

    CREATE TABLE order_activities (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      order_id int NOT NULL,
      stop_id int,
      type text NOT NULL,
      description text NOT NULL,
      user_id text,
      note text,
      note_by text,
      note_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id),
      FOREIGN KEY (company_id, order_id) REFERENCES orders (company_id, id) ON DELETE CASCADE
    );
    CREATE INDEX order_activities_order_idx ON order_activities (company_id, order_id, created_at, id);

  `)
    .execute(db);
  await companyRowSecurity(db, TENANT_TABLES);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`DROP TABLE ${[...TENANT_TABLES].reverse().join(', ')};`).execute(db);
}
