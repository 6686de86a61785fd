// A closed order's stops, and an approved invoice's order's, keep their places as they were: the
// customers area copies the customer's address they point at into a row of kind 'kept' (never
// edited, never listed: no customer_id, so no customer's lists, searches, main-address rules or
// duplicates see it), and the orders area points those stops at the copy. Editing the customer's
// address then changes open orders only, not a closed order's bill of lading or an invoice already
// approved. kept_customer_id names whose address it was, for the stop's answer (its customer).
// One statement at a time, sequential on Citus (0018 says why: a distributed Citus refuses a string
// of several, and a new key across shards wants one connection).
import { type Kysely, sql } from 'kysely';
import { sequentialOnCitus } from './kit.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sequentialOnCitus(db);
  await sql.raw('ALTER TABLE addresses ADD COLUMN kept_customer_id int').execute(db);
  await sql.raw('ALTER TABLE addresses DROP CONSTRAINT addresses_kind_check').execute(db);
  await sql.raw("ALTER TABLE addresses ADD CONSTRAINT addresses_kind_check CHECK (kind IN ('customer', 'warehouse', 'kept'))").execute(db);
  await sql
    .raw('ALTER TABLE addresses ADD CONSTRAINT addresses_kept_customer_fkey FOREIGN KEY (company_id, kept_customer_id) REFERENCES customers (company_id, id)')
    .execute(db);
  await sql.raw("CREATE INDEX addresses_kept_idx ON addresses (company_id, kept_customer_id, normalized_key) WHERE kind = 'kept'").execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Stops keep pointing at their kept places: undoing this with such stops would lose what they printed.
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM order_stops s JOIN addresses a
    ON a.company_id = s.company_id AND a.id = s.address_id WHERE a.kind = 'kept'`.execute(db);
  if (rows[0]!.n > 0) throw new Error(`0030_kept_places: ${rows[0]!.n} stops keep a kept place; it cannot be undone without losing it`);
  await sequentialOnCitus(db);
  await sql.raw('DROP INDEX addresses_kept_idx').execute(db);
  await sql.raw('ALTER TABLE addresses DROP CONSTRAINT addresses_kept_customer_fkey').execute(db);
  await sql.raw("DELETE FROM addresses WHERE kind = 'kept'").execute(db);
  await sql.raw('ALTER TABLE addresses DROP CONSTRAINT addresses_kind_check').execute(db);
  await sql.raw("ALTER TABLE addresses ADD CONSTRAINT addresses_kind_check CHECK (kind IN ('customer', 'warehouse'))").execute(db);
  await sql.raw('ALTER TABLE addresses DROP COLUMN kept_customer_id').execute(db);
}
