// The company of the dispatch benchmark: "Bench Dispatch (zoned routes)" — a day of 200 routes (a driver and a
// truck each) of 25 stops, 5,000 stops left in the unassigned pool, 500 customers' docks spread
// over the Dallas–Fort Worth area (coordinates), and two identical routes of 100 stops for the
// reroute's quality (the same places in the same order, so a 2 s and a 10 s search start alike).
// Made in SQL on PostgreSQL, once per database, found again by name on later runs; every run sets
// the reroute routes back to their first order and forgets the runs of earlier ones.
//
// Orders: a pickup at one dock and a delivery at another (a board order's both in its route's zone,
// a pool order's anywhere), on the bench day, an item at the pickup,
// status Order. Route r carries orders 13(r−1)+1 … 13r: the first twelve's pickup and delivery, the
// thirteenth's pickup (its delivery waits in the pool): 25 legs. Orders 2,600 … 4,999 wait in the
// pool whole: with the 200 deliveries, 5,000 pool legs.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { addMember } from '../src/areas/users/index.js';
import type { Db } from '../src/db/database.js';
import { isCitus } from '../src/db/distribute.js';
import { seedCustomers } from './customers-data.js';
import { benchCompany } from './seed-kit.js';

export const BENCH_DAY = '2030-01-15';
// Named anew when the seed changes, so a database seeded by an older one is seeded again.
const NAME = 'Bench Dispatch (zoned routes)';
const CUSTOMERS = 500;
const ROUTES = 200;
const ORDERS_ON_ROUTES = ROUTES * 13;
const ORDERS = 5_000;
/** Docks of a route's zone: its 25 stops are among them. */
const ZONE_DOCKS = 16;
/** Orders of each reroute route: 50 pickups and 50 deliveries. */
const REROUTE_ORDERS = 50;

export interface DispatchCompany {
  email: string;
  password: string;
  summary: string;
  /** A pool stop (a pickup whose delivery is in the pool too) for the suggestions. */
  poolStopIds: number[];
  /** The two identical 100-stop routes. */
  rerouteIds: [number, number];
}

export async function dispatchCompany(db: Db): Promise<DispatchCompany> {
  if (await isCitus(db)) throw new Error('the dispatch benchmark seeds a single PostgreSQL (DATABASE_URL), not Citus');
  let id = (
    await sql<{
      id: number;
    }>`SELECT c.id FROM companies c WHERE c.name = ${NAME} AND EXISTS (SELECT 1 FROM routes r WHERE r.company_id = c.id AND r.name = 'Reroute B') ORDER BY c.id LIMIT 1`.execute(
      db,
    )
  ).rows[0]?.id;
  if (id === undefined) {
    const started = performance.now();
    id = await benchCompany(db, NAME);
    await seedCustomers(db, id, CUSTOMERS, 21);
    await seed(db, id);
    for (const table of ['orders', 'order_stops', 'order_items', 'routes', 'route_items']) await sql`VACUUM ANALYZE ${sql.id(table)}`.execute(db);
    process.stderr.write(`seeded ${NAME}: ${ORDERS} orders, ${ROUTES} routes in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  }
  const reroute = (await sql<{ id: number }>`SELECT id FROM routes WHERE company_id = ${id} AND name IN ('Reroute A', 'Reroute B') ORDER BY name`.execute(db))
    .rows;
  await resetReroutes(
    db,
    id,
    reroute.map((r) => r.id),
  );
  // Vacuumed as autovacuum would be after a while: the reset's, earlier runs' and tests' writes
  // (one database) leave pages not marked all-visible, whose rows the pool's count then reads from
  // the table (3,317 of 5,000 so, 0.5 ms more a page of the pool). docs/benchmarks.md, "Dispatch".
  for (const table of ['routes', 'route_items']) await sql`VACUUM ${sql.id(table)}`.execute(db);
  const email = `bench-${randomUUID().slice(0, 8)}@bench.example`;
  await addMember(db, { companyId: id, email, password: 'bench-password', role: 'Dispatcher', name: 'Bench Dispatcher' });
  const pool = (
    await sql<{ stop_id: number }>`SELECT l.stop_id FROM route_items l JOIN orders o ON o.company_id = l.company_id AND o.id = l.order_id
      WHERE l.company_id = ${id} AND l.route_id IS NULL AND l.kind = 'Pickup' AND o.order_number NOT LIKE 'R%' ORDER BY l.id LIMIT 20`.execute(db)
  ).rows;
  return {
    email,
    password: 'bench-password',
    summary: `${ROUTES} routes × 25 stops on ${BENCH_DAY}, 5,000 stops in the pool`,
    poolStopIds: pool.map((p) => p.stop_id),
    rerouteIds: [reroute[0]!.id, reroute[1]!.id],
  };
}

async function seed(db: Db, companyId: number): Promise<void> {
  const hash = (expr: ReturnType<typeof sql>, salt: number) => sql`abs(hashint8((${expr})::bigint * 7919 + ${salt}))`;
  await db.transaction().execute(async (tx) => {
    // Docks over the metroplex: within ~0.6° of Dallas.
    await sql`UPDATE addresses SET latitude = 32.78 + ((abs(hashint4(id)) % 1200) - 600) / 1000.0,
      longitude = -96.80 + ((abs(hashint4(id + 7)) % 1200) - 600) / 1000.0 WHERE company_id = ${companyId}`.execute(tx);
    await sql`CREATE TEMP TABLE bench_docks ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY c.id) AS k, c.id AS customer_id, a.id AS address_id
      FROM customers c JOIN addresses a ON a.company_id = c.company_id AND a.customer_id = c.id AND a.is_main
      WHERE c.company_id = ${companyId}`.execute(tx);
    await sql`INSERT INTO drivers (company_id, first_name, last_name, status, type)
      SELECT ${companyId}, 'Driver', 'No. ' || g, 'Active', 'Default' FROM generate_series(1, ${ROUTES + 2}) g`.execute(tx);
    await sql`INSERT INTO trucks (company_id, name, capacity_weight, capacity_pallets)
      SELECT ${companyId}, 'Unit ' || g, 40000, 26 FROM generate_series(1, ${ROUTES + 2}) g`.execute(tx);
    // The orders (O…: the board and the pool; R…: the reroute routes', twice the same places).
    const g = sql`g`;
    await sql`INSERT INTO orders (company_id, order_number, status, customer_id, currency, total_price, search_text, approved_at)
      SELECT ${companyId}, n.number, 'Order', d.customer_id, 'USD', 400 + ${hash(g, 1)} % 900, lower(n.number), now()
      FROM (SELECT g, 'O' || g AS number, 1 + ${hash(g, 2)} % ${CUSTOMERS} AS dock FROM generate_series(1, ${ORDERS}) g
            UNION ALL SELECT g, 'R' || g, 1 + ${hash(sql`g % ${REROUTE_ORDERS}`, 3)} % ${CUSTOMERS} FROM generate_series(0, ${2 * REROUTE_ORDERS - 1}) g) n
      JOIN bench_docks d ON d.k = n.dock`.execute(tx);
    // A route works a zone, as a dispatcher plans one: route r's orders are picked up and delivered
    // among the ZONE_DOCKS docks nearest its centre (a dock of its own), so its 25 stops fit the
    // shift and a pool stop's insertion is really ranked (with docks anywhere, every route ran past
    // its shift's end and every suggestion read route-infeasible).
    await sql`CREATE TEMP TABLE bench_zones ON COMMIT DROP AS
      SELECT r.r, z.n, z.address_id FROM generate_series(1, ${ROUTES}) r (r)
      JOIN bench_docks c ON c.k = 1 + ${hash(sql`r.r`, 5)} % ${CUSTOMERS}
      JOIN addresses ca ON ca.company_id = ${companyId} AND ca.id = c.address_id
      CROSS JOIN LATERAL (
        SELECT d.address_id, row_number() OVER (ORDER BY power(a.latitude - ca.latitude, 2) + power((a.longitude - ca.longitude) * 0.84, 2), d.k) AS n
        FROM bench_docks d JOIN addresses a ON a.company_id = ${companyId} AND a.id = d.address_id
        ORDER BY power(a.latitude - ca.latitude, 2) + power((a.longitude - ca.longitude) * 0.84, 2), d.k LIMIT ${ZONE_DOCKS}) z`.execute(tx);
    const number = sql`substr(o.order_number, 2)::int`;
    const gOf = sql`(CASE WHEN o.order_number LIKE 'O%' THEN ${number} ELSE ${number} % ${REROUTE_ORDERS} + 100000 END)`;
    const onRoute = sql`(o.order_number LIKE 'O%' AND ${number} <= ${ORDERS_ON_ROUTES})`;
    // Each statement below reads the rows the one before wrote: planned with their statistics
    // (ANALYZE in the transaction counts its own rows; Citus too).
    await sql`ANALYZE orders`.execute(tx);
    await sql`INSERT INTO order_stops (company_id, order_id, type, sequence, address_id, date)
      SELECT o.company_id, o.id, CASE WHEN st.k = 1 THEN 'Pickup' ELSE 'Delivery' END, st.k, coalesce(z.address_id, d.address_id), ${BENCH_DAY}::date
      FROM orders o CROSS JOIN generate_series(1, 2) st (k)
      LEFT JOIN bench_docks d ON NOT ${onRoute} AND d.k = 1 + ${hash(sql`${gOf} * 2 + st.k`, 4)} % ${CUSTOMERS}
      LEFT JOIN bench_zones z ON ${onRoute} AND z.r = (${number} - 1) / 13 + 1 AND z.n = 1 + ${hash(sql`${gOf} * 2 + st.k`, 4)} % ${ZONE_DOCKS}
      WHERE o.company_id = ${companyId}`.execute(tx);
    await sql`ANALYZE order_stops`.execute(tx);
    await sql`INSERT INTO order_items (company_id, order_id, stop_id, description, quantity, weight, pallets)
      SELECT s.company_id, s.order_id, s.id, 'Palletized freight', 1 + s.order_id % 3, 300 + (s.order_id % 10) * 100, 1 + s.order_id % 3
      FROM order_stops s WHERE s.company_id = ${companyId} AND s.type = 'Pickup'`.execute(tx);
    await sql`INSERT INTO routes (company_id, name, date, driver_id, truck_id, start_time, end_time)
      SELECT ${companyId}, 'Route ' || r, ${BENCH_DAY}::date, d.id, k.id, ${`${BENCH_DAY}T12:00:00Z`}::timestamptz, ${`${BENCH_DAY}T23:59:00Z`}::timestamptz
      FROM generate_series(1, ${ROUTES}) r
      JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM drivers WHERE company_id = ${companyId}) d ON d.n = r
      JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM trucks WHERE company_id = ${companyId}) k ON k.n = r`.execute(tx);
    await sql`INSERT INTO routes (company_id, name, date) VALUES (${companyId}, 'Reroute A', ${BENCH_DAY}::date), (${companyId}, 'Reroute B', ${BENCH_DAY}::date)`.execute(
      tx,
    );
    // Every stop's leg in the pool, then the board's and the reroute routes' on their routes (the
    // tables analysed first: with the new rows unknown to the planner, placing them took minutes).
    await sql`INSERT INTO route_items (company_id, order_id, stop_id, kind)
      SELECT s.company_id, s.order_id, s.id, s.type FROM order_stops s WHERE s.company_id = ${companyId}`.execute(tx);
    for (const table of ['orders', 'order_stops', 'routes', 'route_items']) await sql`ANALYZE ${sql.id(table)}`.execute(tx);
    await sql`WITH placed AS (
        SELECT l.id, r.id AS route_id,
               row_number() OVER (PARTITION BY r.id ORDER BY o.id, l.kind = 'Delivery') AS seq
        FROM route_items l JOIN orders o ON o.company_id = l.company_id AND o.id = l.order_id
        JOIN routes r ON r.company_id = l.company_id AND r.name = 'Route ' || ((substr(o.order_number, 2)::int - 1) / 13 + 1)
        WHERE l.company_id = ${companyId} AND o.order_number LIKE 'O%' AND substr(o.order_number, 2)::int <= ${ORDERS_ON_ROUTES}
          AND NOT (l.kind = 'Delivery' AND substr(o.order_number, 2)::int % 13 = 0))
      UPDATE route_items l SET route_id = p.route_id, sequence = p.seq, assigned_at = now()
      FROM placed p WHERE l.company_id = ${companyId} AND l.id = p.id`.execute(tx);
    await keepPlaces(tx, companyId);
    await sql`UPDATE order_stops s SET route_id = l.route_id, route_sequence = l.sequence
      FROM route_items l WHERE s.company_id = ${companyId} AND l.company_id = s.company_id AND l.stop_id = s.id AND l.route_id IS NOT NULL`.execute(tx);
    await sql`INSERT INTO company_counters (company_id, name, value) VALUES (${companyId}, 'order_number', ${ORDERS + 1000})
      ON CONFLICT (company_id, name) DO UPDATE SET value = excluded.value`.execute(tx);
    await sql`INSERT INTO order_status_counts (company_id, status, n)
      SELECT company_id, status, count(*) FROM orders WHERE company_id = ${companyId} GROUP BY company_id, status`.execute(tx);
  });
}

/** The reroute routes back to their first order (R0 … R49 on A, R50 … R99 on B, the same places
 *  in the same order: pickups by order, then deliveries by order); earlier runs forgotten. */
async function resetReroutes(db: Db, companyId: number, routeIds: number[]): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await sql`DELETE FROM route_optimizations WHERE company_id = ${companyId} AND route_id IN (${sql.join(routeIds)})`.execute(tx);
    await sql`WITH placed AS (
        SELECT l.id, CASE WHEN substr(o.order_number, 2)::int < ${REROUTE_ORDERS} THEN ${routeIds[0]!}::int ELSE ${routeIds[1]!}::int END AS route_id,
               row_number() OVER (PARTITION BY substr(o.order_number, 2)::int < ${REROUTE_ORDERS}
                                  ORDER BY l.kind = 'Delivery', substr(o.order_number, 2)::int % ${REROUTE_ORDERS}) AS seq
        FROM route_items l JOIN orders o ON o.company_id = l.company_id AND o.id = l.order_id
        WHERE l.company_id = ${companyId} AND o.order_number LIKE 'R%')
      UPDATE route_items l SET route_id = p.route_id, sequence = p.seq, status = 'ToDo', done_at = NULL
      FROM placed p WHERE l.company_id = ${companyId} AND l.id = p.id`.execute(tx);
    await keepPlaces(tx, companyId);
    await sql`UPDATE routes SET version = version + 1, status = 'Planned' WHERE company_id = ${companyId} AND id IN (${sql.join(routeIds)})`.execute(tx);
  });
}

/** Each route's places in its order (routes.places), as dispatch keeps them when its legs change:
 *  the seed places legs in SQL, not through dispatch. */
async function keepPlaces(db: Db, companyId: number): Promise<void> {
  await sql`UPDATE routes r SET places = p.places
    FROM (SELECT l.route_id, array_agg(v.x ORDER BY l.sequence, l.id, v.k) AS places
          FROM route_items l
          JOIN order_stops s ON s.company_id = l.company_id AND s.id = l.stop_id
          JOIN addresses a ON a.company_id = s.company_id AND a.id = s.address_id
          CROSS JOIN LATERAL (VALUES (1, a.latitude), (2, a.longitude)) v (k, x)
          WHERE l.company_id = ${companyId} AND l.route_id IS NOT NULL AND a.latitude IS NOT NULL AND a.longitude IS NOT NULL
          GROUP BY l.route_id) p
    WHERE r.company_id = ${companyId} AND r.id = p.route_id`.execute(db);
}
