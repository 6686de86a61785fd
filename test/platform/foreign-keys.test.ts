// Every foreign key has an index led by its columns, or a reason here why it needs none: deleting a
// referenced row (or merging, or moving rows between owners) looks the referring rows up, once per
// row, and without such an index reads every row of the company (migration 0017 says what that
// cost). A new foreign key without one fails here until it gets one or a reason.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../helpers/app.js';

/** `table(columns) → referenced`: why no index is needed. */
const UNINDEXED: Record<string, string> = {
  'customers(company_id, merged_into_id) → customers': 'customers are never deleted, only marked so',
  'shipment_types(company_id, customer_id) → customers': 'customers are never deleted, only marked so',
  'orders(company_id, shipment_type_id) → shipment_types': 'shipment types are never deleted, only marked so',
  'pricing_zones(company_id, to_zone_id) → zones': "a company's zone rates are a few hundred rows at most",
  'sent_emails(company_id, outbox_id) → outbox': 'outbox rows are not deleted',
};

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

it('indexes every foreign key by its columns, but those said not to need it', async () => {
  const { rows } = await sql<{ key: string }>`
    SELECT c.conrelid::regclass::text || '(' ||
           (SELECT string_agg(a.attname, ', ' ORDER BY k.n) FROM unnest(c.conkey) WITH ORDINALITY k(attnum, n)
              JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) ||
           ') → ' || c.confrelid::regclass::text AS key
    FROM pg_constraint c
    WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace
      AND NOT EXISTS (
        SELECT 1 FROM pg_index i
        WHERE i.indrelid = c.conrelid
          AND (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
          AND c.conkey @> (i.indkey::int2[])[0:cardinality(c.conkey) - 1])
    ORDER BY 1`.execute(t.database.db);
  const unindexed = rows.map((r) => r.key);
  assert.deepEqual(
    unindexed.filter((k) => !(k in UNINDEXED)),
    [],
    'foreign keys without an index led by their columns',
  );
  assert.deepEqual(
    Object.keys(UNINDEXED).filter((k) => !unindexed.includes(k)),
    [],
    'reasons kept for keys that are indexed or gone',
  );
});
