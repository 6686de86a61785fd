// The gate for ids: a route's declared ids (route.ts `ids`) are read in the company's transaction
// before its handler runs, so a missing id — another company's included — is answered here, in
// one place, the same way for every route, and the handler is given the rows (`ctx.found`)
// instead of reading them again:
//  - a record the request is about or points at (`ids: { params: { id: zoneRecords } }`): 404
//    `meta.not_found` naming every missing id ("Zone 7 was not found.");
//  - `{ field: records }`: 400, the validation problem naming the field ("lines[2].chargeTypeId":
//    "Charge type 9 was not found.");
//  - filters, exceptions, reference data and enumerations are not looked up: they refuse nothing.
// A record read differently by a route (deleted ones too, locked for the change) is declared with
// its reading: `orderRecords.with({ includeDeleted: true, lock: true })`.
import type { Principal } from './auth.js';
import type { Tenant } from './door.js';
import { notFoundAll, ValidationError } from './errors.js';
import type { CompanyRecords, RecordKey } from './records.js';

// biome-ignore lint/suspicious/noExplicitAny: a kind of record of any row
type AnyRecords = CompanyRecords<any, any, any>;
type Part = 'params' | 'query' | 'body';
// biome-ignore lint/suspicious/noExplicitAny: the row of a kind of record, whatever its key and options
type RowOf<R> = R extends CompanyRecords<infer Row, any, any> ? Row : never;

/** What the gate reads a request's ids from: its parts, and who sends it (for a `chosen` kind). */
export type GateRequest = Record<Part, unknown> & { principal: Principal };

/** One declared id the gate reads: where it is and how it is refused. */
export interface GatedId {
  part: Part;
  /** As declared: `id`, `customerId`, `lines[].chargeTypeId`. */
  path: string;
  /** The records, or how the request chooses them (`{ chosen }`: an attachment's entity). */
  records: AnyRecords | ((request: GateRequest) => AnyRecords);
  refusal: 'not-found' | 'field';
  /** 0 means none (`{ orNone }`): not looked up. */
  zeroIsNone?: boolean;
}

/** The declarations of a route that the gate reads (the others refuse nothing). */
export function gatedIds(ids: Partial<Record<Part, Record<string, unknown>>> | undefined): GatedId[] {
  const out: GatedId[] = [];
  for (const part of ['params', 'query', 'body'] as const) {
    for (const [path, ref] of Object.entries(ids?.[part] ?? {})) {
      if (isRecords(ref)) out.push({ part, path, records: ref, refusal: 'not-found' });
      else if (typeof ref === 'object' && ref !== null && 'field' in ref && isRecords(ref.field))
        out.push({ part, path, records: ref.field, refusal: 'field' });
      else if (typeof ref === 'object' && ref !== null && 'orNone' in ref) {
        const records = isRecords(ref.orNone) ? ref.orNone : chosenOf(ref.orNone);
        if (records) out.push({ part, path, records, refusal: 'not-found', zeroIsNone: true });
      } else {
        const chosen = chosenOf(ref);
        if (chosen) out.push({ part, path, records: chosen, refusal: 'not-found' });
      }
    }
  }
  return out;
}

function chosenOf(ref: unknown): ((request: GateRequest) => AnyRecords) | null {
  return typeof ref === 'object' && ref !== null && 'chosen' in ref && typeof ref.chosen === 'function'
    ? (ref.chosen as (request: GateRequest) => AnyRecords)
    : null;
}

function isRecords(ref: unknown): ref is AnyRecords {
  return typeof ref === 'object' && ref !== null && 'requireAll' in ref && 'name' in ref;
}

/** The values at a declared path, each with where it is (`lines[2].chargeTypeId`); null and absent ones left out. */
function valuesAt(input: unknown, path: string): Array<{ at: string; key: RecordKey }> {
  let nodes: Array<{ at: string; value: unknown }> = [{ at: '', value: input }];
  for (const step of path.split('.')) {
    const list = step.endsWith('[]');
    const name = list ? step.slice(0, -2) : step;
    const next: Array<{ at: string; value: unknown }> = [];
    for (const { at, value } of nodes) {
      if (value === null || typeof value !== 'object') continue;
      // `[]` alone: the part itself is the list (a body that is one: `B [int32]`).
      const child = name === '' ? value : (value as Record<string, unknown>)[name];
      const here = name === '' ? at : at ? `${at}.${name}` : name;
      if (list && Array.isArray(child)) {
        for (const [i, item] of child.entries()) next.push({ at: `${here}[${i}]`, value: item });
      } else next.push({ at: here, value: child });
    }
    nodes = next;
  }
  const out: Array<{ at: string; key: RecordKey }> = [];
  for (const { at, value } of nodes) {
    // A list of ids (`ids`, `chargeTypeIds`): each one, named by its place.
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) if (isKey(v)) out.push({ at: `${at}[${i}]`, key: v });
    } else if (isKey(value)) out.push({ at, key: value });
  }
  return out;
}

const isKey = (value: unknown): value is RecordKey => typeof value === 'number' || (typeof value === 'string' && value !== '');

/** The rows the gate read, handed to the handler (`ctx.found`). */
export class Found {
  private readonly rows = new Map<string, unknown[]>();
  private readonly byName = new Map<string, string[]>();

  set(id: GatedId, records: AnyRecords, rows: unknown[]): void {
    const key = `${id.part}.${id.path}`;
    this.rows.set(key, rows);
    this.byName.set(records.name, [...(this.byName.get(records.name) ?? []), key]);
  }

  /** The rows of a declared id by its place (`params.entityId`), whatever its kind. */
  at<Row = unknown>(key: `${Part}.${string}`): Row[] {
    const rows = this.rows.get(key);
    if (rows === undefined) throw new Error(`the route declares no id ${key}`);
    return rows as Row[];
  }

  private key(records: AnyRecords, path?: string): string {
    const keys = this.byName.get(records.name) ?? [];
    const key = path === undefined ? keys[0] : keys.find((k) => k.endsWith(`.${path}`));
    if (key === undefined || (path === undefined && keys.length > 1)) {
      throw new Error(`the route declares ${path === undefined ? `${keys.length} ids` : `no id ${path}`} of ${records.name}: name the one meant`);
    }
    return key;
  }

  /** The rows of the declared id(s) of this kind (`path` when the route declares several), in the order sent. */
  all<R extends AnyRecords>(records: R, path?: string): RowOf<R>[] {
    return this.rows.get(this.key(records, path)) as RowOf<R>[];
  }

  /** The row of the declared id of this kind, or undefined when the request left it out. */
  maybe<R extends AnyRecords>(records: R, path?: string): RowOf<R> | undefined {
    return this.all(records, path)[0];
  }

  /** The row of the declared id of this kind (one the request must send: its path, say). */
  one<R extends AnyRecords>(records: R, path?: string): RowOf<R> {
    const row = this.maybe(records, path);
    if (row === undefined) throw new Error(`the request sent no ${path ?? records.name}`);
    return row;
  }
}

export const NOTHING_FOUND = new Found();

/**
 * Reads the request's declared ids in the company's transaction: their rows, or the refusal.
 * The ids of one kind read alike (one records object, `with` included) are read in one statement —
 * rows locked for a change are locked together, in one order, as one statement locks them — and
 * refused declaration by declaration, in the order declared.
 */
export async function passGate(t: Tenant, gated: readonly GatedId[], request: GateRequest): Promise<Found> {
  const asked = gated.map((id) => ({
    id,
    records: typeof id.records === 'function' ? id.records(request) : id.records,
    values: valuesAt(request[id.part], id.path).filter((v) => !(id.zeroIsNone && v.key === 0)),
  }));
  const read = new Map<AnyRecords, Map<RecordKey, unknown>>();
  for (const { records } of asked) {
    if (read.has(records)) continue;
    const keys = [...new Set(asked.filter((a) => a.records === records).flatMap((a) => a.values.map((v) => v.key)))];
    const rows = keys.length === 0 ? [] : await records.findAll(t, keys);
    read.set(records, new Map(rows.map((row) => [records.keyOf(row), row])));
  }
  const found = new Found();
  const problems: Record<string, string[]> = {};
  for (const { id, records, values } of asked) {
    const byKey = read.get(records)!;
    const missing = values.filter((v) => !byKey.has(v.key));
    if (missing.length > 0) {
      if (id.refusal === 'not-found') throw notFoundAll(records.what, records.plural, [...new Set(missing.map((m) => m.key))]);
      for (const m of missing) problems[m.at] = [`${records.what} ${m.key} was not found.`];
    }
    const keys = [...new Set(values.map((v) => v.key))].filter((key) => byKey.has(key));
    found.set(
      id,
      records,
      keys.map((key) => byKey.get(key)),
    );
  }
  if (Object.keys(problems).length > 0) throw new ValidationError(problems);
  return found;
}
