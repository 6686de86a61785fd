import { Migrator, sql } from 'kysely';
import { openDatabase } from '../src/db/database.js';
import { distributeTables } from '../src/db/distribute.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations/index.js';

const url = 'postgres://fds_ci:fds_ci@127.0.0.1:55441/fds_ci';
const d = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 2 } as never);
const m = new Migrator({ db: d.db, provider: { getMigrations: async () => migrations } });
const r = await m.migrateTo('0017_foreign_key_indexes');
console.log('to 0017', r.error ?? 'ok', r.results?.length);
console.log((await distributeTables(d.db)).length, 'tables placed');
try {
  const done = await migrateToLatest(d.db, undefined, 'citus');
  console.log('latest ok', done);
  console.log(
    JSON.stringify((await sql`select logicalrelid::text as t from pg_dist_partition where logicalrelid::text like 'route%' order by 1`.execute(d.db)).rows),
  );
} catch (e) {
  console.log('latest FAILED', (e as Error).message);
}
await d.close();
