// fds on Citus (PostgreSQL's distributed engine): company tables are distributed by `company_id`,
// all in one colocation group, so every statement of a request — which names its company (the
// company door adds the filter) — goes to the one shard holding that company, joins included.
// Global tables (companies, users) are reference tables: a copy on every node, joinable from any
// shard. On plain PostgreSQL and PGlite nothing here runs.
//
// Run after the migrations, every time they run (idempotent): a table a later migration creates
// is distributed by the next `fds migrate` or start. Reference tables are made first; the foreign
// keys among the tables being placed are set aside meanwhile (distributeTables says why).
import { type Kysely, sql } from 'kysely';
import type { DB } from './types.js';

/** Tables of the migrator itself: they stay on the coordinator, where only the migrator reads them. */
const COORDINATOR_ONLY = new Set(['kysely_migration', 'kysely_migration_lock']);

/** Citus is installed in this database (or DATABASE_DISTRIBUTED=citus says it must be). */
export async function isCitus(db: Kysely<DB>, declared: 'citus' | null = null): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select exists (select 1 from pg_extension where extname = 'citus') as found`.execute(db);
  const found = rows[0]?.found === true;
  if (declared === 'citus' && !found)
    throw new Error('DATABASE_DISTRIBUTED=citus, but the citus extension is not installed in this database (CREATE EXTENSION citus, on every node).');
  return found;
}

/** Advisory lock key of the distribution step ("fdsdist"). */
const DISTRIBUTION_LOCK = 0x66647364697374n;

interface TableRow {
  name: string;
  company: boolean;
  distributed: boolean;
}

/**
 * Each table's place on Citus: what was done, as "table: distributed by company_id" / "table: reference".
 *
 * In one transaction, so a failure leaves the tables as they were. The foreign keys of the tables
 * being placed are set aside first and made again at the end: while a local table references a
 * table being made a reference table, Citus would turn the local table into a "Citus local" one,
 * which it then refuses to distribute when it has an identity column.
 */
export async function distributeTables(db: Kysely<DB>): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    // Keys to reference tables made in the transaction that distributed their tables need Citus to
    // work over one connection per node.
    await sql`SET LOCAL citus.multi_shard_modify_mode TO 'sequential'`.execute(trx);
    // Processes starting together take turns (the migrator's own lock is released by now); the
    // second finds nothing left to do.
    await sql`SELECT pg_advisory_xact_lock(${DISTRIBUTION_LOCK})`.execute(trx);
    // Citus opens its connections to the workers as the statement's current user: the request
    // role must be able to log in (its password and the nodes' authentication are the operator's).
    const {
      rows: [app],
    } = await sql<{ login: boolean }>`SELECT rolcanlogin AS login FROM pg_roles WHERE rolname = 'fds_app'`.execute(trx);
    if (app && !app.login) await sql`ALTER ROLE fds_app LOGIN`.execute(trx);
    const { rows: tables } = await sql<TableRow>`
      select c.relname as name,
        exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped) as company,
        exists (select 1 from pg_dist_partition p where p.logicalrelid = c.oid) as distributed
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition`.execute(trx);
    const pending = tables.filter((t) => !t.distributed && !COORDINATOR_ONLY.has(t.name));
    if (pending.length === 0) return [];
    const names = pending.map((t) => t.name);
    const { rows: keys } = await sql<{ table: string; name: string; definition: string }>`
      select c.relname as "table", k.conname as name, pg_get_constraintdef(k.oid) as definition
      from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and c.relname = any(${names})
      order by c.relname, k.conname`.execute(trx);
    for (const key of keys) await sql`ALTER TABLE ${sql.id(key.table)} DROP CONSTRAINT ${sql.id(key.name)}`.execute(trx);

    const done: string[] = [];
    // Reference tables first, then distributed ones, by name: the same order on every run.
    pending.sort((a, b) => Number(a.company) - Number(b.company) || a.name.localeCompare(b.name));
    for (const table of pending) {
      if (table.company) {
        await sql`select create_distributed_table(${table.name}, 'company_id')`.execute(trx);
        done.push(`${table.name}: distributed by company_id`);
      } else {
        await sql`select create_reference_table(${table.name})`.execute(trx);
        done.push(`${table.name}: reference`);
      }
    }
    for (const key of keys) {
      await sql`ALTER TABLE ${sql.id(key.table)} ADD CONSTRAINT ${sql.id(key.name)} ${sql.raw(key.definition)}`.execute(trx);
    }
    return done;
  });
}
