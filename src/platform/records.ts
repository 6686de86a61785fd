// A kind of company record, as the rest of the service sees it: how to read some of them by id,
// what to call them in messages, and the resource name routes declare their ids with
// (route.ts `ids`; the conventions test makes a real one of another company for each).
//
//   export const zoneRecords = companyRecords({ name: 'zone', what: 'Zone', read: (t, ids) => ... });
//   ids: { params: { id: zoneRecords } }                        // the route's id gate reads it (id-gate.ts)
//   const after = await zoneRecords.reread(t, zone.id);         // after a change: missing is a bug, not a 404
//   const rows = await customerRecords.findAll(t, idsFromRows); // ids the database gave
//
// A record of another company reads as missing: `read` goes through the company door. A request's
// ids are the gate's: `requireOne`/`requireAll` (404 naming the missing ids) remain for ids other
// areas hand over and for a record read again in a later transaction.
import type { Tenant } from './door.js';
import { notFoundAll } from './errors.js';

export type RecordKey = number | string;

export interface RecordsDef<Row, Key extends RecordKey, Opts> {
  /** Resource name in route declarations and test factories: 'customer', 'zone'. */
  name: string;
  /** What one is called in messages: 'Customer'. */
  what: string;
  /** Several: 'Customers' (default: `what` + 's'). */
  plural?: string;
  /** The records with these ids the company has (any order; missing ones absent). */
  read(t: Tenant, ids: readonly Key[], options: Opts): Promise<Row[]>;
  /** A row's id (default `row.id`). */
  keyOf?(row: Row): Key;
}

export interface CompanyRecords<Row = unknown, Key extends RecordKey = RecordKey, Opts = undefined> {
  readonly name: string;
  readonly what: string;
  readonly plural: string;
  /** The record, or undefined when the company has none with this id. */
  find(t: Tenant, id: Key, ...options: OptsArg<Opts>): Promise<Row | undefined>;
  /** The records the company has among these ids, in the order of the ids (each once). */
  findAll(t: Tenant, ids: readonly Key[], ...options: OptsArg<Opts>): Promise<Row[]>;
  /** A record this request wrote or read already, read again (after a change, say): missing is a
   *  bug (an Error, answered 500), not the client's 404, which the id gate answers (id-gate.ts). */
  reread(t: Tenant, id: Key, ...options: OptsArg<Opts>): Promise<Row>;
  /** The record, or 404 `meta.not_found` naming the id. */
  requireOne(t: Tenant, id: Key, ...options: OptsArg<Opts>): Promise<Row>;
  /** Every record of these ids, in their order (each once), or 404 naming every missing id. */
  requireAll(t: Tenant, ids: readonly Key[], ...options: OptsArg<Opts>): Promise<Row[]>;
  /** A row's id. */
  keyOf(row: Row): Key;
  /** The same records read with these options unless others are given: how a route declares an
   *  id it reads differently (`orderRecords.with({ includeDeleted: true })`, platform/id-gate.ts). */
  with(options: Opts): CompanyRecords<Row, Key, Opts>;
}

/** Options are optional when the records take none. */
type OptsArg<Opts> = undefined extends Opts ? [options?: Opts] : [options: Opts];

export function companyRecords<Row, Key extends RecordKey = number, Opts = undefined>(def: RecordsDef<Row, Key, Opts>): CompanyRecords<Row, Key, Opts> {
  const plural = def.plural ?? `${def.what}s`;
  const keyOf = def.keyOf ?? ((row: Row) => (row as { id: Key }).id);

  async function inOrder(t: Tenant, ids: readonly Key[], options: Opts): Promise<{ rows: Row[]; missing: Key[] }> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return { rows: [], missing: [] };
    const byKey = new Map((await def.read(t, unique, options)).map((row) => [keyOf(row), row] as const));
    const rows: Row[] = [];
    const missing: Key[] = [];
    for (const id of unique) {
      const row = byKey.get(id);
      if (row === undefined) missing.push(id);
      else rows.push(row);
    }
    return { rows, missing };
  }

  return {
    name: def.name,
    what: def.what,
    plural,
    keyOf,
    with: (bound) => companyRecords({ ...def, read: (t, ids, options) => def.read(t, ids, options ?? bound) }),
    async find(t, id, ...options) {
      return (await def.read(t, [id], options[0] as Opts)).find((row) => keyOf(row) === id);
    },
    async findAll(t, ids, ...options) {
      return (await inOrder(t, ids, options[0] as Opts)).rows;
    },
    async reread(t, id, ...options) {
      const row = (await def.read(t, [id], options[0] as Opts)).find((r) => keyOf(r) === id);
      if (row === undefined) throw new Error(`${def.what} ${id} was read again and is gone`);
      return row;
    },
    async requireOne(t, id, ...options) {
      const row = (await def.read(t, [id], options[0] as Opts)).find((r) => keyOf(r) === id);
      if (row === undefined) throw notFoundAll(def.what, plural, [id]);
      return row;
    },
    async requireAll(t, ids, ...options) {
      const { rows, missing } = await inOrder(t, ids, options[0] as Opts);
      if (missing.length > 0) throw notFoundAll(def.what, plural, missing);
      return rows;
    },
  };
}
