// A long run of queries lets the event loop take its I/O turns (db/yield-to-io.ts): on PGlite a
// query's answer is no I/O, and the demo's seed on a first start starved the loop, so /readyz hung
// for seconds instead of answering 503 (issue 37). Order is asserted, not time: a timer set before
// the run must fire before the run ends.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import type { Database } from '../../src/db/database.js';
import { openTestDatabase } from '../helpers/app.js';

let database: Database;
before(async () => {
  database = await openTestDatabase();
});
after(() => database.close());

it('lets a timer fire while a long run of queries goes on', async () => {
  const RUN = 60;
  let done = 0;
  let firedAfter = -1;
  setTimeout(() => {
    firedAfter = done;
  }, 0);
  for (let i = 0; i < RUN; i++) {
    await sql`select count(*) from generate_series(1, 5000)`.execute(database.db);
    done++;
  }
  assert.ok(firedAfter >= 0 && firedAfter < RUN, `the timer fired after query ${firedAfter} of ${RUN}`);
});
