// Kysely over node-postgres, on a real PostgreSQL (DATABASE_URL) or on PGlite (embedded PostgreSQL
// compiled to WASM) through PGlite's node-postgres adapter — one driver, one SQL dialect, both engines.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { isCitus } from './distribute.js';
import { HotStatements, prepareHotStatements } from './prepared.js';
import { markDistributed } from './tenant.js';
import { openTenantPool, type TenantPool, type WaitObserver } from './tenant-pool.js';
import type { DB } from './types.js';
import { YieldToIo } from './yield-to-io.js';

export type Db = Kysely<DB>;

export interface Database {
  /** Privileged executor: the connecting role, which RLS does not restrict. Only platform code,
   *  sign-in, the CLI and cross-company jobs use it; requests go through tenant.ts. */
  readonly db: Db;
  readonly kind: 'postgres' | 'pglite';
  /** A Citus coordinator (distribute.ts): each company transaction sends its company on to the
   *  workers with `SET LOCAL` (tenant.ts). */
  readonly distributed: boolean;
  /** PostgreSQL: the pool of request code (unprivileged role, company set per checkout; see
   *  tenant-pool.ts). Null on PGlite, whose one session serves requests in transactions instead. */
  readonly tenants: TenantPool | null;
  /** The PGlite instance when embedded (tests dump it to make snapshots). */
  readonly lite: PGlite | null;
  /** Receives notifications on a channel (PostgreSQL LISTEN), reconnecting when the connection
   *  drops; `up`/`down` tell whether notifications are flowing. Answers a function that stops it. */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /** Connections of each pool, in use and waited for (metrics). */
  pools(): PoolUse[];
  /** Hears how long request checkouts waited for a connection (PostgreSQL's request pool). */
  readonly waits: WaitObserver;
  close(): Promise<void>;
}

export interface PoolUse {
  pool: 'requests' | 'privileged' | 'embedded';
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

const use = (name: PoolUse['pool'], pool: pg.Pool): PoolUse => ({
  pool: name,
  max: pool.options.max ?? 10,
  total: pool.totalCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
});

export interface ListenHandlers {
  message(payload: string): void;
  up(): void;
  down(): void;
}

export interface OpenOptions {
  databaseUrl: string | null;
  dataDir: string;
  poolSize: number;
  log: Pick<Logger, 'warn' | 'error'>;
  /** Start the embedded database from this dump (a migrated snapshot) instead of an empty one. */
  pgliteSnapshot?: Blob;
  /** DATABASE_DISTRIBUTED: 'citus' when the operator declares a Citus coordinator. */
  declared?: 'citus' | null;
}

const NUMERIC = 1700;
const INT8 = 20;
const DATE = 1082;

// Money is numeric(14,2) and counts are bigint: both fit a JS number and are sent as JSON numbers.
// A DATE stays 'YYYY-MM-DD' (pg would turn it into a local-time Date).
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === NUMERIC) return (v: string) => Number(v);
    if (oid === INT8) return (v: string) => Number(v);
    if (oid === DATE) return (v: string) => v;
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options, await citusFound(options.databaseUrl, options.declared ?? null, options.log)) : openPglite(options);
}

/**
 * Whether the database is a Citus coordinator (asked once, before the pools open). A database that
 * cannot be reached now is taken as what DATABASE_DISTRIBUTED declares (plain PostgreSQL unless it
 * says citus): the service still starts and answers 503 until it can be reached, and migrations,
 * which need it, come first in any start that serves.
 */
async function citusFound(databaseUrl: string, declared: 'citus' | null, log: OpenOptions['log']): Promise<boolean> {
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1, connectionTimeoutMillis: 5000 }) }) });
  try {
    await sql`select 1`.execute(db);
  } catch (err) {
    log.warn({ err: { message: (err as Error).message } }, 'database not reachable at open; taking DATABASE_DISTRIBUTED as declared');
    await db.destroy();
    return declared === 'citus';
  }
  try {
    return await isCitus(db, declared);
  } finally {
    await db.destroy();
  }
}

// On Citus, `SET LOCAL` of the company in a transaction goes on to the worker connections.
const CITUS_OPTIONS = '-c citus.propagate_set_commands=local';
// And a request's statement that would touch more than one shard fails instead of running: each
// names its company (the company door), so one that does not is a defect to see, not to pay for
// on every node. Sign-in and jobs, which span companies, use the privileged pool.
const CITUS_REQUEST_OPTIONS = `${CITUS_OPTIONS} -c citus.multi_task_query_log_level=error`;

function openPostgres(options: OpenOptions, distributed: boolean): Database {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl!,
    max: options.poolSize,
    ...(distributed ? { options: CITUS_OPTIONS } : {}),
    // A request must not wait long for a connection while the server is down: it answers 503.
    connectionTimeoutMillis: 1000,
    idleTimeoutMillis: 30_000,
    types,
  });
  // Idle clients and checked-out clients both emit 'error' when the server goes away (restart,
  // killed backend); without a listener on each, node-postgres crashes the process (pg issue #3083).
  pool.on('error', (err) => options.log.warn({ err: { message: err.message } }, 'database connection lost (idle)'));
  // Hot statements run prepared on every connection of both pools (prepared.ts).
  const hot = new HotStatements();
  pool.on('connect', (client) => {
    client.on('error', (err) => options.log.warn({ err: { message: err.message } }, 'database connection lost'));
    prepareHotStatements(client, hot);
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  if (distributed) markDistributed(db);
  const waits: WaitObserver = { observe: () => {} };
  const tenants = openTenantPool({
    waits,
    connectionString: options.databaseUrl!,
    max: options.poolSize,
    types,
    onError: (err) => options.log.warn({ err: { message: err.message } }, 'database connection lost'),
    hot,
    options: distributed ? CITUS_REQUEST_OPTIONS : '',
  });
  return {
    db,
    kind: 'postgres',
    distributed,
    tenants,
    lite: null,
    listen: (channel, handlers) => listenPostgres(options, channel, handlers),
    pools: () => [use('requests', tenants.pool), use('privileged', pool)],
    waits,
    close: async () => {
      await Promise.all([db.destroy(), tenants.end()]);
    },
  };
}

/** A dedicated connection (not from the pool) holding LISTEN; on loss it reports `down` and retries. */
async function listenPostgres(options: OpenOptions, channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let delay = 250;

  const lost = (current: pg.Client) => {
    if (client !== current) return;
    client = null;
    handlers.down();
    current.end().catch(() => {});
    if (!stopped) {
      retry = setTimeout(connect, delay);
      retry.unref();
      delay = Math.min(delay * 2, 5000);
    }
  };

  async function connect(): Promise<void> {
    const current = new pg.Client({ connectionString: options.databaseUrl!, connectionTimeoutMillis: 2000 });
    client = current;
    current.on('notification', (n) => {
      if (n.channel === channel) handlers.message(n.payload ?? '');
    });
    current.on('error', (err) => {
      options.log.warn({ err: { message: err.message } }, 'change listener connection lost');
      lost(current);
    });
    current.on('end', () => lost(current));
    try {
      await current.connect();
      await current.query(`LISTEN ${channel}`);
      if (client === current && !stopped) {
        delay = 250;
        handlers.up();
      }
    } catch {
      lost(current);
    }
  }

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const current = client;
    client = null;
    handlers.down();
    await current?.end().catch(() => {});
  };
}

async function openPglite(options: OpenOptions): Promise<Database> {
  const memory = options.dataDir.startsWith('memory://');
  let lockFile: string | null = null;
  let dataDir = 'memory://';
  if (!memory) {
    mkdirSync(options.dataDir, { recursive: true });
    dataDir = join(options.dataDir, 'pgdata');
    lockFile = join(options.dataDir, 'pgdata.lock');
    takeLock(lockFile, options.dataDir);
  }
  try {
    const lite = await PGlite.create(dataDir, {
      // pg_trgm only: btree_gin is not used (src/platform/search.ts says why). Beware if it comes
      // back: PGlite 0.5.16 loading pg_trgm before btree_gin breaks pg_trgm's `%` operator.
      extensions: { pg_trgm },
      ...(options.pgliteSnapshot ? { loadDataDir: options.pgliteSnapshot } : {}),
    });
    // The adapter exposes one connection; pg's pool queues requests for it, so transactions of
    // concurrent requests never interleave on PGlite's single session.
    const pool = new pg.Pool({ ...createPgConfig(lite), max: 1, types });
    pool.on('error', (err) => options.log.warn({ err: { message: err.message } }, 'embedded database error'));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new YieldToIo()] });
    return {
      db,
      kind: 'pglite',
      distributed: false,
      tenants: null,
      lite,
      pools: () => [use('embedded', pool)],
      waits: { observe: () => {} },
      async listen(channel, handlers) {
        // In-process: notifications are delivered by the same PGlite instance, never lost.
        const unsubscribe = await lite.listen(channel, (payload) => handlers.message(payload));
        handlers.up();
        return async () => {
          handlers.down();
          await unsubscribe();
        };
      },
      async close() {
        await db.destroy();
        await lite.close();
        if (lockFile) rmSync(lockFile, { force: true });
      },
    };
  } catch (err) {
    if (lockFile) rmSync(lockFile, { force: true });
    throw err;
  }
}

/** The embedded database may be opened by one process at a time (docs/architecture.md, "Admin command line"). */
function takeLock(lockFile: string, dataDir: string): void {
  try {
    const pid = Number(readFileSync(lockFile, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(`the embedded database in ${dataDir} is in use by process ${pid}; stop it first`);
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  writeFileSync(lockFile, String(process.pid));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
