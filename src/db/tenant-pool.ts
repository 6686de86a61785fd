// The pool request code reads and writes company data through, on PostgreSQL. Its connections are
// opened as the unprivileged role (`-c role=fds_app` in the startup packet: a connection that
// cannot take the role fails to open, it never runs as the owner), read-only unless a transaction
// asks to write, and set to a company when checked out for it.
//
// Why not one transaction per request that sets both (db/tenant.ts forCompany): on these machines
// a round trip costs more process time than a simple statement, and that transaction is four of
// them (BEGIN, settings, the statement, COMMIT). Here a read is its statements alone, and the
// company setting is sent only when the connection last served another company.
//
// Session state lives on the connection, so this pool needs connections of its own (never a
// transaction-pooling proxy such as PgBouncer in transaction mode in front of it).
//
// Each company has its own Kysely over the shared pool, whose checkouts set that company: the
// company travels with the executor, not in an AsyncLocalStorage (whose promise hooks, on Node 20,
// cost every promise of the process something once one is in use).
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type HotStatements, prepareHotStatements } from './prepared.js';
import type { DB } from './types.js';

/** Database role of request code: owns no table, has no BYPASSRLS; created by the first migration. */
export const APP_ROLE = 'fds_app';

export interface TenantPool {
  /** Kysely over the pool with no company: every checkout through it is refused. */
  readonly db: Kysely<DB>;
  /** Runs `work` with a Kysely whose every checkout is set to the company. */
  inCompany<T>(companyId: number, work: (db: Kysely<DB>) => Promise<T>): Promise<T>;
  /** The pool itself (its counts are read by metrics). */
  readonly pool: pg.Pool;
  /** Closes the pool's connections (database close). The executors above own none: Kysely ends a
   *  pool only through a driver that has run a statement, and the company-less one never does. */
  end(): Promise<void>;
}

/** Companies whose executors are kept (least recently used go first; one is a few small objects). */
const KEPT_COMPANIES = 1000;

interface PoolOptions {
  connectionString: string;
  max: number;
  types: pg.CustomTypesConfig;
  onError: (err: Error) => void;
  /** Hot statements run prepared (prepared.ts). */
  hot: HotStatements;
  /** More startup settings (`-c name=value ...`). */
  options: string;
  /** Told how long each checkout waited for a connection (metrics). */
  waits: WaitObserver;
}

/** Hears each checkout's wait for a connection, in seconds; a no-op until metrics are on. */
export interface WaitObserver {
  observe(seconds: number): void;
}

export function openTenantPool(options: PoolOptions): TenantPool {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max,
    connectionTimeoutMillis: 1000,
    idleTimeoutMillis: 30_000,
    types: options.types,
    // Writes need `start transaction read write`: a GET that writes by mistake fails loudly.
    options: `-c role=${APP_ROLE} -c default_transaction_read_only=on ${options.options}`.trim(),
  });
  pool.on('error', options.onError);
  pool.on('connect', (client) => {
    client.on('error', options.onError);
    prepareHotStatements(client, options.hot);
  });

  /** The company each open connection is set to; absent: none yet (policies then match nothing). */
  const setTo = new WeakMap<pg.PoolClient, number>();

  // What Kysely's driver checks connections out of: the pool, setting the company of the
  // checkout first when the connection is set to another one.
  const checkout = (wanted: number | undefined) => ({
    async connect(): Promise<pg.PoolClient> {
      const asked = performance.now();
      const client = await pool.connect();
      options.waits.observe((performance.now() - asked) / 1000);
      if (wanted === undefined) {
        client.release();
        throw new Error('a tenant connection was asked for outside inCompany()');
      }
      if (setTo.get(client) !== wanted) {
        try {
          await client.query("SELECT set_config('app.company_id', $1, false)", [String(wanted)]);
        } catch (err) {
          // Its state is unknown: the connection is closed, not reused.
          client.release(err as Error);
          throw err;
        }
        setTo.set(client, wanted);
      }
      return client;
    },
    // The pool is ended by TenantPool.end(), never by an executor's destroy.
    end: async () => {},
  });
  const kysely = (wanted: number | undefined) => new Kysely<DB>({ dialect: new PostgresDialect({ pool: checkout(wanted) as unknown as pg.Pool }) });
  const companies = new Map<number, Kysely<DB>>();
  const forCompany = (companyId: number): Kysely<DB> => {
    let db = companies.get(companyId);
    if (db) {
      companies.delete(companyId);
    } else {
      db = kysely(companyId);
      if (companies.size >= KEPT_COMPANIES) companies.delete(companies.keys().next().value!);
    }
    companies.set(companyId, db);
    return db;
  };
  return {
    pool,
    db: kysely(undefined),
    inCompany: (companyId, work) => {
      if (!Number.isInteger(companyId) || companyId <= 0) throw new Error(`bad company id ${companyId}`);
      return work(forCompany(companyId));
    },
    end: async () => {
      companies.clear();
      await pool.end();
    },
  };
}
