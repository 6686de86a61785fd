// Applies pending migrations (at start and by `fds migrate`). Kysely's migrator takes a lock, so
// several processes starting against one database apply each migration once. On a Citus
// coordinator, tables are then distributed (distribute.ts): each run distributes what a migration
// added.
import { Migrator } from 'kysely';
import type { Db } from './database.js';
import { distributeTables, isCitus } from './distribute.js';
import { migrations } from './migrations/index.js';

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`migration ${failed ?? ''} failed: ${message}`);
  }
  if (await isCitus(db)) await distributeTables(db);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
