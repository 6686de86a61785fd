// fds on Citus (PostgreSQL's distributed engine): company tables are distributed by `company_id`,
// all in one colocation group, so every statement of a request — which names its company (the
// company door adds the filter) — goes to the one shard holding that company, joins included.
// Global tables (companies, users) are reference tables: a copy on every node, joinable from any
// shard. On plain PostgreSQL and PGlite nothing here runs.
//
// Run after the migrations, every time they run (idempotent): a table a later migration creates
// is distributed by the next `fds migrate` or start. Tables are distributed referenced-first, as
// Citus requires of foreign keys.
import { sql, type Kysely } from 'kysely';

/** Tables of the migrator itself: they stay on the coordinator, where only the migrator reads them. */
const COORDINATOR_ONLY = new Set(['kysely_migration', 'kysely_migration_lock']);

/** Citus is installed in this database (or DATABASE_DISTRIBUTED=citus says it must be). */
export async function isCitus(db: Kysely<any>, declared = process.env.DATABASE_DISTRIBUTED): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select exists (select 1 from pg_extension where extname = 'citus') as found`.execute(db);
  const found = rows[0]?.found === true;
  if (declared === 'citus' && !found) throw new Error('DATABASE_DISTRIBUTED=citus, but the citus extension is not installed in this database (CREATE EXTENSION citus, on every node).');
  if (declared !== undefined && declared !== '' && declared !== 'citus') throw new Error(`DATABASE_DISTRIBUTED is "${declared}": the only value is "citus" (or leave it unset).`);
  return found;
}

interface TableRow {
  name: string;
  company: boolean;
  distributed: boolean;
}

/** Each table's place on Citus: what was done, as "table: distributed" / "table: reference". */
export async function distributeTables(db: Kysely<any>): Promise<string[]> {
  const { rows: tables } = await sql<TableRow>`
    select c.relname as name,
      exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped) as company,
      exists (select 1 from pg_dist_partition p where p.logicalrelid = c.oid) as distributed
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition`.execute(db);
  const { rows: references } = await sql<{ from: string; to: string }>`
    select c.relname as "from", f.relname as "to"
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class f on f.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`.execute(db);

  const pending = new Map(tables.filter((t) => !t.distributed && !COORDINATOR_ONLY.has(t.name)).map((t) => [t.name, t]));
  const done: string[] = [];
  // Referenced tables first; a cycle (none today) would stop here with the tables named.
  while (pending.size > 0) {
    const ready = [...pending.values()].filter((t) => !references.some((r) => r.from === t.name && pending.has(r.to)));
    if (ready.length === 0) throw new Error(`Citus: cannot order the distribution of ${[...pending.keys()].join(', ')} (their foreign keys form a cycle)`);
    // Reference tables before distributed ones, then by name: the same order on every run.
    ready.sort((a, b) => Number(a.company) - Number(b.company) || a.name.localeCompare(b.name));
    for (const table of ready) {
      if (table.company) {
        await sql`select create_distributed_table(${table.name}, 'company_id')`.execute(db);
        done.push(`${table.name}: distributed by company_id`);
      } else {
        await sql`select create_reference_table(${table.name})`.execute(db);
        done.push(`${table.name}: reference`);
      }
      pending.delete(table.name);
    }
  }
  return done;
}
