// The company door: how request code reaches company tables. Each statement it starts carries the
// company's filter itself (`company_id = $n`), so a repository cannot forget it, and on Citus every
// statement names the one shard it needs. Row-level security stays behind it as the backstop: the
// statements run as the unprivileged role with the company set (db/tenant.ts), so SQL written by
// hand through `db` that forgets the filter reads nothing rather than another company's rows.
//
//   t.select('zones as z').select(['z.id', 'z.name']).where('z.id', '=', id)   -- WHERE z.company_id = $1 AND ...
//   t.insert('zones', { name, country })                                      -- company_id added to each row
//   t.update('zones').set({ name }).where('id', '=', id)
//   t.delete('zone_postal_codes').where('zone_id', '=', id)
//
// `db` stays for what the helpers do not express (SQL templates, definer functions, joins'
// own conditions); such SQL names `company_id` itself.
import { type InsertObject, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../db/types.js';
import { type DataGroup, groupsWrittenBy, raiseVersions } from './data-versions.js';
import type { OtherMessageT } from './envelope.js';
import { appendEvent } from './event-log.js';
import type { CompanyEvent, Hooks } from './events.js';

/** Tables of company data: those with a `company_id` column. */
export type CompanyTable = { [K in keyof DB & string]: DB[K] extends { company_id: unknown } ? K : never }[keyof DB & string];
/** A company table, optionally aliased (`'zones as z'`). */
export type CompanyFrom = CompanyTable | `${CompanyTable} as ${string}`;
/** A row to insert, without its company (the door adds it); a column may be an expression, as in
 *  Kysely's own `values()`. */
export type CompanyRow<T extends CompanyTable> = Omit<InsertObject<DB, T>, 'company_id'>;

// The builders Kysely itself answers for these tables (the door adds a condition, nothing else).
declare const kysely: Kysely<DB>;
type Selecting<TE extends CompanyFrom> = ReturnType<typeof kysely.selectFrom<TE>>;
type Updating<TE extends CompanyFrom> = ReturnType<typeof kysely.updateTable<TE>>;
type Deleting<TE extends CompanyFrom> = ReturnType<typeof kysely.deleteFrom<TE>>;
type Inserting<T extends CompanyTable> = ReturnType<typeof kysely.insertInto<T>>;

export interface Actor {
  readonly companyId: number;
  readonly userId: string;
}

/** The alias a table expression is referred to by: `'zones as z'` → `z`. */
function aliasOf(from: string): string {
  const at = from.indexOf(' as ');
  return at < 0 ? from : from.slice(at + 4).trim();
}

/** The table a table expression names: `'zones as z'` → `zones`. */
function tableOf(from: string): string {
  const at = from.indexOf(' as ');
  return at < 0 ? from : from.slice(0, at).trim();
}

/** The most notices an answer lists one by one (Tenant.notice). */
const MAX_NOTICES = 50;

/**
 * One company's way into its data for one unit of work (a request, a demo seed, a job's step):
 * the door's statements, the user and request it acts for, and what runs once the work commits.
 */
export class Tenant implements Actor {
  private readonly effects: Array<() => void | Promise<void>> = [];
  /** Data groups (data-versions.ts) this work has started a write on: raised before it commits. */
  private readonly written = new Set<DataGroup>();
  private readonly finishing: Array<() => Promise<void>> = [];
  /** What the work noticed on its way that the answer tells (otherMessages): a rule deep in a
   *  save (a place located from its postal code) says so without every caller passing it up. */
  private readonly notices: OtherMessageT[] = [];
  /** Notices past MAX_NOTICES, told as one line (an import of 5,000 rows is no 5,000 lines). */
  private noticesLeftOut = 0;
  /** Stored files whose last reference this work dropped where the file store is not at hand (an
   *  area's subscription): their bytes go after the commit, through `removeFreedFiles`. */
  private readonly freedFiles: string[] = [];
  /** Set by the runner that knows the app's file store (db/tenant.ts tenantRunner). */
  removeFreedFiles: ((companyId: number, keys: string[]) => Promise<void>) | null = null;

  constructor(
    /** The company's transaction, or (reads on PostgreSQL) a connection set to the company. */
    readonly db: Kysely<DB>,
    readonly companyId: number,
    readonly userId: string,
    /** Request id, recorded with audit rows. */
    readonly requestId: string | null,
    private readonly hooks: Hooks,
    /** The database is a Citus coordinator: a statement must not read a function's rows together
     *  with company tables (Citus would run the function on a shard, where it cannot read its
     *  tables), so such reads take two statements (customers.repository, addresses.repository). */
    readonly distributed = false,
  ) {}

  /** `SELECT ... FROM <table> WHERE <alias>.company_id = <company>`; add the rest as with Kysely. */
  select<TE extends CompanyFrom>(from: TE): Selecting<TE> {
    const q = this.db.selectFrom(from as never) as unknown as { where: (...args: unknown[]) => unknown };
    return q.where(sql.ref(`${aliasOf(from)}.company_id`), '=', this.companyId) as Selecting<TE>;
  }

  /** `INSERT INTO <table>` these rows, each the company's. */
  insert<T extends CompanyTable>(table: T, rows: CompanyRow<T> | readonly CompanyRow<T>[]): Inserting<T> {
    this.writes(table);
    const companyId = this.companyId;
    const values = Array.isArray(rows) ? rows.map((row) => ({ ...row, company_id: companyId })) : { ...rows, company_id: companyId };
    return this.db.insertInto(table).values(values as never) as Inserting<T>;
  }

  /** `UPDATE <table> ... WHERE <alias>.company_id = <company>`. */
  update<TE extends CompanyFrom>(table: TE): Updating<TE> {
    this.writes(table);
    const q = this.db.updateTable(table as never) as unknown as { where: (...args: unknown[]) => unknown };
    return q.where(sql.ref(`${aliasOf(table)}.company_id`), '=', this.companyId) as Updating<TE>;
  }

  /** `DELETE FROM <table> WHERE <alias>.company_id = <company>`. */
  delete<TE extends CompanyFrom>(table: TE): Deleting<TE> {
    this.writes(table);
    const q = this.db.deleteFrom(table as never) as unknown as { where: (...args: unknown[]) => unknown };
    return q.where(sql.ref(`${aliasOf(table)}.company_id`), '=', this.companyId) as Deleting<TE>;
  }

  private writes(from: string): void {
    for (const group of groupsWrittenBy(tableOf(from))) this.written.add(group);
  }

  /** Whether this work has written the group's tables: a value kept under the group's version
   *  does not hold for it (its writes are not counted until it commits). */
  hasWritten(group: DataGroup): boolean {
    return this.written.has(group);
  }

  /** Runs `work` in this transaction once the work is done, just before COMMIT (beforeCommit): what
   *  a transaction gathers as it goes and writes once, last (accounting's running figures). */
  atCommit(work: () => Promise<void>): void {
    this.finishing.push(work);
  }

  /** Called by whoever ran the work, inside its transaction, after the work and before COMMIT:
   *  runs what waited for it (atCommit), then raises the versions of the data groups it wrote
   *  (one statement, or none). */
  async beforeCommit(): Promise<void> {
    for (const work of this.finishing.splice(0)) await work();
    if (this.written.size === 0) return;
    await raiseVersions(this, [...this.written]);
  }

  /**
   * `<alias>.company_id = <company>`, for a subquery (`.where(t.owns('o'))`, or `${t.owns('o')}` in
   * SQL). A subquery names its company rather than correlating on the outer row's company_id: on
   * Citus a statement goes to one shard only when each of its subqueries names the company too.
   */
  owns(alias: string): RawBuilder<SqlBool> {
    return sql<SqlBool>`${sql.ref(`${alias}.company_id`)} = ${this.companyId}`;
  }

  /**
   * Tells the areas that subscribed to `event` (app.ts lists them) what changed; each acts now, in
   * this transaction, so the change and its consequences commit or roll back together. This is how
   * an area reacts to another's change without writing the other's tables. A logged event is
   * appended to the company event log first, in the same transaction.
   */
  async announce<P>(event: CompanyEvent<P>, payload: P): Promise<void> {
    const entry = event.entryOf(payload);
    if (entry) await appendEvent(this, entry);
    await this.hooks.run(this, event, payload);
  }

  /** Adds a notice to the answer's otherMessages (route.ts reads them when the work is done). */
  notice(message: string, type: 'Info' | 'Warning' = 'Info'): void {
    if (this.notices.length < MAX_NOTICES) this.notices.push({ message, type });
    else this.noticesLeftOut++;
  }

  /** A stored file's last reference is gone (platform/stored-files.ts dropReference). */
  fileFreed(key: string): void {
    this.freedFiles.push(key);
  }

  /** The notices gathered so far, once: the answer takes them. */
  takeNotices(): OtherMessageT[] {
    const taken = this.notices.splice(0);
    if (this.noticesLeftOut > 0) taken.push({ message: `And ${this.noticesLeftOut} more notices like these.`, type: 'Info' });
    this.noticesLeftOut = 0;
    return taken;
  }

  /** Runs `effect` once the work has committed (never when it rolls back). */
  afterCommit(effect: () => void | Promise<void>): void {
    this.effects.push(effect);
  }

  /** Called by whoever ran the work, after its commit; the work is answered once these are done.
   *  Undefined when there are none: most work has none, and needs no promise for it. */
  committed(): Promise<void> | undefined {
    const freed = this.freedFiles.splice(0);
    const remove = this.removeFreedFiles;
    if (freed.length > 0 && remove) this.effects.push(() => remove(this.companyId, freed));
    if (this.effects.length === 0) return undefined;
    const effects = this.effects.splice(0);
    return (async () => {
      for (const effect of effects) await effect();
    })();
  }
}
