// A closed order's stops, and an approved invoice's order's, keep their places as they were: the
// customers area copies the address they point at into a row of kind 'kept' (never edited, never
// listed: no customer_id, so no customer's lists, searches, main-address rules or duplicates see
// it), and the orders area points those stops at the copy. Editing the customer's address then
// changes open orders only, not a closed order's bill of lading or an invoice already approved.
// kept_customer_id names whose address it was, for the stop's answer (its customer and name).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `ALTER TABLE addresses ADD COLUMN kept_customer_id int;
       ALTER TABLE addresses DROP CONSTRAINT addresses_kind_check;
       ALTER TABLE addresses ADD CONSTRAINT addresses_kind_check CHECK (kind IN ('customer', 'warehouse', 'kept'));
       ALTER TABLE addresses ADD CONSTRAINT addresses_kept_customer_fkey FOREIGN KEY (company_id, kept_customer_id) REFERENCES customers (company_id, id);
       CREATE INDEX addresses_kept_idx ON addresses (company_id, kept_customer_id, normalized_key) WHERE kind = 'kept';`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `DROP INDEX addresses_kept_idx;
       ALTER TABLE addresses DROP CONSTRAINT addresses_kept_customer_fkey;
       DELETE FROM addresses WHERE kind = 'kept';
       ALTER TABLE addresses DROP CONSTRAINT addresses_kind_check;
       ALTER TABLE addresses ADD CONSTRAINT addresses_kind_check CHECK (kind IN ('customer', 'warehouse'));
       ALTER TABLE addresses DROP COLUMN kept_customer_id;`,
    )
    .execute(db);
}
