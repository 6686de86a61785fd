// Indexes behind foreign keys that a delete or a merge follows (found by bench -- orders, whose
// clean-up of the quotes earlier runs made took minutes). Deleting a row makes PostgreSQL look up
// the rows referring to it, once per deleted row; without an index led by the referring columns
// that is a scan of the company's rows:
//  - order_items (company_id, stop_id): every stop removed (an order deleted for good, a stop
//    deleted) read all of the company's items — 25 ms a stop at 1,000,000 items;
//  - order_item_events (company_id, order_id): an order deleted for good read all its events;
//  - orders (company_id, contact_id): merging contacts moves their orders, and deleting a contact
//    checks that no order names it — both read every order of the company. Most orders name no
//    contact: the index holds those that do.
// test/platform/foreign-keys.test.ts keeps every later foreign key indexed, or says why not.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    CREATE INDEX order_items_stop_idx ON order_items (company_id, stop_id);
    CREATE INDEX order_item_events_order_idx ON order_item_events (company_id, order_id);
    CREATE INDEX orders_contact_idx ON orders (company_id, contact_id) WHERE contact_id IS NOT NULL;
  `)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP INDEX order_items_stop_idx, order_item_events_order_idx, orders_contact_idx;').execute(db);
}
