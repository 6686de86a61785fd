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
import { AsyncLocalStorage } from 'node:async_hooks';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './types.js';

/** Database role of request code: owns no table, has no BYPASSRLS; created by the first migration. */
export const APP_ROLE = 'fds_app';

export interface TenantPool {
  /** Kysely over the pool; use only inside `inCompany`, which decides the company of a checkout. */
  readonly db: Kysely<DB>;
  /** Runs `work` with every connection it checks out set to the company. */
  inCompany<T>(companyId: number, work: () => Promise<T>): Promise<T>;
}

interface PoolOptions {
  connectionString: string;
  max: number;
  types: pg.CustomTypesConfig;
  onError: (err: Error) => void;
}

export function openTenantPool(options: PoolOptions): TenantPool {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max,
    connectionTimeoutMillis: 1000,
    idleTimeoutMillis: 30_000,
    types: options.types,
    // Writes need `start transaction read write`: a GET that writes by mistake fails loudly.
    options: `-c role=${APP_ROLE} -c default_transaction_read_only=on`,
  });
  pool.on('error', options.onError);
  pool.on('connect', (client) => client.on('error', options.onError));

  const company = new AsyncLocalStorage<number>();
  /** The company each open connection is set to; absent: none yet (policies then match nothing). */
  const setTo = new WeakMap<pg.PoolClient, number>();

  // What Kysely's driver checks connections out of: the pool, setting the company of the
  // checkout first when the connection is set to another one.
  const checkout = {
    async connect(): Promise<pg.PoolClient> {
      const wanted = company.getStore();
      const client = await pool.connect();
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
    end: () => pool.end(),
  };
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: checkout as unknown as pg.Pool }) });
  return {
    db,
    inCompany: (companyId, work) => {
      if (!Number.isInteger(companyId) || companyId <= 0) throw new Error(`bad company id ${companyId}`);
      return company.run(companyId, work);
    },
  };
}
