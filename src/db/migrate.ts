// Applies pending migrations (at start and by `fds migrate`). Kysely's migrator takes a lock, so
// several processes starting against one database apply each migration once. On a Citus
// coordinator, tables are then distributed (distribute.ts): each run distributes what a migration
// added.
import { Migrator } from 'kysely';
import type { Db } from './database.js';
import { distributeTables, isCitus } from './distribute.js';
import { migrations } from './migrations/index.js';

const migratorOf = (db: Db) => new Migrator({ db, provider: { getMigrations: async () => migrations } });

/** Told of each migration once applied, with how long it took (an operator watching a start). */
export type OnMigrated = (name: string, ms: number) => void;

/** `declared`: DATABASE_DISTRIBUTED ('citus': the database must be a Citus coordinator). */
export async function migrateToLatest(db: Db, onMigrated?: OnMigrated, declared: 'citus' | null = null): Promise<string[]> {
  const migrator = migratorOf(db);
  const applied: string[] = [];
  // One at a time, so each is reported as it ends (a migration over a large database can take a
  // minute); each step takes the migrator's lock, so concurrent starts still apply each once.
  for (;;) {
    const started = performance.now();
    const { error, results } = await migrator.migrateUp();
    if (error) {
      const failed = results?.find((r) => r.status === 'Error')?.migrationName;
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`migration ${failed ?? ''} failed: ${message}`);
    }
    const done = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    if (done.length === 0) break;
    for (const name of done) onMigrated?.(name, Math.round(performance.now() - started));
    applied.push(...done);
  }
  if (await isCitus(db, declared)) await distributeTables(db);
  return applied;
}

/** The migrations this version knows, applied (with when) and pending; changes nothing. */
export async function migrationStatus(db: Db): Promise<{ applied: Array<{ name: string; at: string }>; pending: string[] }> {
  const known = await migratorOf(db).getMigrations();
  return {
    applied: known.filter((m) => m.executedAt).map((m) => ({ name: m.name, at: m.executedAt!.toISOString() })),
    pending: known.filter((m) => !m.executedAt).map((m) => m.name),
  };
}
