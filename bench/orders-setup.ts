// The companies of the order-list benchmark: "Bench Orders" (1,000,000 quotes and orders with
// 3,000,000 stops and 1,000,000 items, three years of a busy carrier's book) and "Bench Orders
// Neighbour" (500,000 more), so the listed company is not alone in the tables and indexes. Made in
// SQL on PostgreSQL (minutes, where the API would take hours), once per database, and found again
// by name on later runs. BENCH_ORDERS_SCALE (default 1) scales both: 0.01 seeds 10,000 and 5,000,
// in companies of their own (the scale is in their names).
//
// Each order: a pickup at its customer's dock and two deliveries at other customers' docks (the
// 2,000 customers of the company, bench/customers-data.ts), an item at the pickup, a two-line price
// (linehaul and fuel). Status follows age as in a real book: older than two weeks mostly Closed
// (90 %), some Deleted (5 %), stale quotes (3 %) and orders never closed (2 %); the last two
// weeks Dreft 10 %, Quote 30 %, Order 50 %, Deleted 10 %. The search text is the one the orders
// area writes (orders.reprice.ts searchTextOf: number, customer name, the stops' places).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { addMember } from '../src/areas/users/index.js';
import type { Db } from '../src/db/database.js';
import { isCitus } from '../src/db/distribute.js';
import { seedCustomers } from './customers-data.js';
import { benchCompany, seedScale } from './seed-kit.js';

const { scale: SCALE, named } = seedScale('BENCH_ORDERS_SCALE');
const SETS = [
  { name: named('Bench Orders'), orders: Math.round(1_000_000 * SCALE), seed: 11 },
  { name: named('Bench Orders Neighbour'), orders: Math.round(500_000 * SCALE), seed: 12 },
] as const;
const CUSTOMERS = 2_000;
const FIRST_NUMBER = 1000;

export interface OrderCompanies {
  email: string;
  password: string;
  summary: string;
  /** A customer's name of the listed company: its orders are about 1 in 2,000. */
  customerName: string;
  /** Its admin (who sets the company's pricing model); a customer and four places for new orders. */
  admin: { email: string; password: string };
  customerId: number;
  addressIds: number[];
}

export async function orderCompanies(db: Db): Promise<OrderCompanies> {
  if (await isCitus(db)) throw new Error('the orders benchmark seeds a single PostgreSQL (DATABASE_URL), not Citus');
  const ids: number[] = [];
  for (const set of SETS) {
    // A company of that name holding that many orders (a seed cut short left one with fewer).
    const sameName = (await sql<{ id: number }>`SELECT id FROM companies WHERE name = ${set.name} ORDER BY id`.execute(db)).rows;
    let id: number | null = null;
    // At least: the creating benchmark adds its quotes to the company (forgotten below).
    for (const c of sameName)
      if ((await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE company_id = ${c.id}`.execute(db)).rows[0]!.n >= set.orders) id = c.id;
    if (id === null) {
      const started = performance.now();
      id = await benchCompany(db, set.name);
      await seedCustomers(db, id, CUSTOMERS, set.seed);
      await seedOrders(db, id, set.orders, set.seed);
      await analyze(db);
      process.stderr.write(`seeded ${set.name}: ${set.orders} orders in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
    } else await forgetMadeByRuns(db, id);
    ids.push(id);
  }
  const email = `bench-${randomUUID().slice(0, 8)}@bench.example`;
  await addMember(db, { companyId: ids[0]!, email, password: 'bench-password', role: 'Dispatcher', name: 'Bench Dispatcher' });
  const places = (
    await sql<{ customer_id: number; name: string; address_id: number }>`SELECT c.id AS customer_id, c.name, a.id AS address_id
      FROM customers c JOIN addresses a ON a.company_id = c.company_id AND a.customer_id = c.id
      WHERE c.company_id = ${ids[0]!} ORDER BY c.id LIMIT 5`.execute(db)
  ).rows;
  const admin = (
    await sql<{ email: string }>`SELECT u.email FROM users u JOIN company_users m ON m.user_id = u.id
      WHERE m.company_id = ${ids[0]!} AND u.email LIKE 'admin-%' ORDER BY u.email LIMIT 1`.execute(db)
  ).rows[0]!;
  return {
    email,
    password: 'bench-password',
    customerName: places[0]!.name,
    admin: { email: admin.email, password: 'bench-password' },
    // The quotes the benchmark makes are another customer's: the searched one's count stays.
    customerId: places[1]!.customer_id,
    addressIds: places.slice(1).map((p) => p.address_id),
    summary: SETS.map((s) => `${s.name} ${s.orders.toLocaleString('en-US')}`).join(', '),
  };
}

const ORDER_TABLES = ['orders', 'order_stops', 'order_items'];

/** Removes the quotes earlier runs made through the API (seeded orders have no creator), so every
 *  run lists and searches the same book; the status counts follow. */
async function forgetMadeByRuns(db: Db, companyId: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const gone = await sql`DELETE FROM orders WHERE company_id = ${companyId} AND created_by IS NOT NULL`.execute(tx);
    if (!gone.numAffectedRows) return;
    await sql`DELETE FROM order_status_counts WHERE company_id = ${companyId}`.execute(tx);
    await sql`INSERT INTO order_status_counts (company_id, status, n)
      SELECT company_id, status, count(*) FROM orders WHERE company_id = ${companyId} GROUP BY company_id, status`.execute(tx);
  });
}

async function analyze(db: Db): Promise<void> {
  for (const table of ORDER_TABLES) await sql`VACUUM ANALYZE ${sql.id(table)}`.execute(db);
}

async function seedOrders(db: Db, companyId: number, count: number, seed: number): Promise<void> {
  const hash = (expr: ReturnType<typeof sql>, salt: number) => sql`abs(hashint8((${expr})::bigint * 7919 + ${seed * 104729 + salt}))`;
  const g = sql`g`;
  // The order's three places: 1 + hash % customers, the k-th customer of the company.
  const place = (salt: number) => sql`1 + ${hash(g, salt)} % ${CUSTOMERS}`;
  await db.transaction().execute(async (tx) => {
    // The search index is built once at the end (minutes faster than kept row by row), as
    // PostgreSQL defines it now.
    const search = (
      await sql<{ name: string; def: string }>`SELECT indexname AS name, indexdef AS def FROM pg_indexes
        WHERE tablename = 'orders' AND indexname LIKE 'orders\_search%'`.execute(tx)
    ).rows;
    for (const index of search) await sql`DROP INDEX ${sql.id(index.name)}`.execute(tx);
    await sql`SET LOCAL maintenance_work_mem = '1GB'`.execute(tx);
    await sql`
      CREATE TEMP TABLE bench_places ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY c.id) AS k, c.id AS customer_id, c.name AS customer_name, a.id AS address_id,
             lower(concat_ws(' ', a.name, a.street, a.street2, a.city, a.state, a.postal_code, a.country)) AS place_text
      FROM customers c JOIN addresses a ON a.company_id = c.company_id AND a.customer_id = c.id AND a.is_main
      WHERE c.company_id = ${companyId}`.execute(tx);
    await sql`CREATE UNIQUE INDEX ON bench_places (k)`.execute(tx);
    // Each statement below reads what the one before wrote: its plan needs their statistics, which
    // a fresh table has none of (ANALYZE in the transaction counts its own rows; Citus too).
    await sql`ANALYZE bench_places`.execute(tx);
    // Created g: evenly over three years, oldest first; the status by age.
    await sql`
      INSERT INTO orders (company_id, order_number, status, status_before_delete, customer_id, currency, total_price, price_lines,
                          distance, distance_unit, search_text, approved_at, closed_at, deleted_at, created_at, updated_at)
      SELECT ${companyId}, n.number, s.status, s.before, p1.customer_id, 'USD', m.total,
             jsonb_build_array(
               jsonb_build_object('code', 'MILEAGE', 'description', 'Linehaul', 'quantity', m.distance, 'unitPrice', 2.4, 'amount', m.linehaul, 'currency', 'USD', 'chargeTypeId', null),
               jsonb_build_object('code', 'ACCESSORIAL', 'description', 'Fuel surcharge', 'quantity', 1, 'unitPrice', m.fuel, 'amount', m.fuel, 'currency', 'USD', 'chargeTypeId', null)),
             m.distance, 'mi',
             lower(concat_ws(' ', n.number, p1.customer_name, p1.place_text, p2.place_text, p3.place_text)),
             CASE WHEN s.status IN ('Order', 'Closed') OR s.before IN ('Order', 'Closed') THEN a.at + interval '2 hours' END,
             CASE WHEN s.status = 'Closed' OR s.before = 'Closed' THEN a.at + interval '3 days' END,
             CASE WHEN s.status = 'Deleted' THEN a.at + interval '1 day' END,
             a.at, a.at
      FROM generate_series(1, ${count}) g
      CROSS JOIN LATERAL (SELECT now() - make_interval(secs => (${count} - g) * (3 * 365 * 86400.0 / ${count})) AS at,
                                 (${FIRST_NUMBER} + g)::text AS number) n0
      CROSS JOIN LATERAL (SELECT n0.number) n
      CROSS JOIN LATERAL (SELECT n0.at) a
      CROSS JOIN LATERAL (SELECT ${hash(g, 1)} % 100 AS r, a.at < now() - interval '14 days' AS old) d
      CROSS JOIN LATERAL (SELECT
        CASE WHEN d.old THEN (CASE WHEN d.r < 90 THEN 'Closed' WHEN d.r < 95 THEN 'Deleted' WHEN d.r < 98 THEN 'Quote' ELSE 'Order' END)
             ELSE (CASE WHEN d.r < 10 THEN 'Dreft' WHEN d.r < 40 THEN 'Quote' WHEN d.r < 90 THEN 'Order' ELSE 'Deleted' END) END AS status,
        CASE WHEN d.r >= 90 AND d.r < 95 AND d.old THEN 'Closed' WHEN d.r >= 90 AND NOT d.old THEN 'Quote' END AS before) s
      CROSS JOIN LATERAL (SELECT (100 + ${hash(g, 2)} % 1400)::numeric AS distance) m0
      CROSS JOIN LATERAL (SELECT m0.distance, round(m0.distance * 2.4, 2) AS linehaul, round(m0.distance * 0.35, 2) AS fuel,
                                 round(m0.distance * 2.4, 2) + round(m0.distance * 0.35, 2) AS total) m
      JOIN bench_places p1 ON p1.k = ${place(3)}
      JOIN bench_places p2 ON p2.k = ${place(4)}
      JOIN bench_places p3 ON p3.k = ${place(5)}`.execute(tx);
    // Stops 1-3 of each order at the places its search text names (the same hashes of g, the
    // order's number less the first).
    const og = sql`(o.order_number::int - ${FIRST_NUMBER})`;
    await sql`ANALYZE orders`.execute(tx);
    const stopPlace = (salt: number) => sql`1 + ${hash(og, salt)} % ${CUSTOMERS}`;
    await sql`
      INSERT INTO order_stops (company_id, order_id, type, sequence, address_id, date, time_window_start, time_window_end,
                               route_status, done_at, created_at, updated_at)
      SELECT o.company_id, o.id, CASE WHEN st.k = 1 THEN 'Pickup' ELSE 'Delivery' END, st.k, p.address_id, (o.created_at + make_interval(days => st.k))::date,
             date_trunc('day', o.created_at) + make_interval(days => st.k, hours => 7 + st.k), date_trunc('day', o.created_at) + make_interval(days => st.k, hours => 11 + st.k),
             CASE WHEN o.status = 'Closed' THEN 'Done' ELSE 'ToDo' END, CASE WHEN o.status = 'Closed' THEN o.closed_at END, o.created_at, o.created_at
      FROM orders o
      CROSS JOIN generate_series(1, 3) st (k)
      JOIN bench_places p ON p.k = CASE st.k WHEN 1 THEN ${stopPlace(3)} WHEN 2 THEN ${stopPlace(4)} ELSE ${stopPlace(5)} END
      WHERE o.company_id = ${companyId}`.execute(tx);
    await sql`ANALYZE order_stops`.execute(tx);
    await sql`
      INSERT INTO order_items (company_id, order_id, stop_id, description, quantity, weight, pallets, created_at)
      SELECT s.company_id, s.order_id, s.id, 'Palletized freight', 1 + s.id % 8, 400 + (s.id % 40) * 50, 1 + s.id % 8, s.created_at
      FROM order_stops s
      WHERE s.company_id = ${companyId} AND s.sequence = 1`.execute(tx);
    await sql`
      INSERT INTO company_counters (company_id, name, value) VALUES (${companyId}, 'order_number', ${count})
      ON CONFLICT (company_id, name) DO UPDATE SET value = excluded.value`.execute(tx);
    for (const index of search) await sql.raw(index.def).execute(tx);
    await sql`
      INSERT INTO order_status_counts (company_id, status, n)
      SELECT company_id, status, count(*) FROM orders WHERE company_id = ${companyId} GROUP BY company_id, status`.execute(tx);
  });
}
