// A named company lookup: the small lists a company keeps by name (license types, truck types,
// zones, shipment types...). Written once here: read by id (records), the paged list searched in
// its text columns and sorted by name or creation, the unique name (any case, among live rows) and
// the refusal to delete one still in use.
//
//   const licenseTypes = namedLookup({
//     name: 'license_type', what: 'License type', query: LicenseTypesQuery, alias: 'l',
//     from: (t: Tenant) => t.select('license_types as l'),
//     columns: (q) => q.select([...]), search: ['l.name', 'l.description'],
//     map: toLicenseType,
//     duplicate: (clash) => fail(LicenseTypeCodes.duplicateName, `License type ${clash.id} is already named "${clash.name}"...`),
//   });
//   await licenseTypes.checkName(t, name, exceptId);   const row = await licenseTypes.records.requireOne(t, id);
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Tenant } from './door.js';
import type { Paged } from './envelope.js';
import { type AnySelect, type Filters, type ListQuery, type OrderTerm, pagedList, type Sort } from './list.js';
import { likePattern } from './paging.js';
import { type CompanyRecords, companyRecords } from './records.js';
import type { Static, TSchema } from './schemas.js';

export interface NamedLookupDef<
  S extends TSchema,
  QB extends AnySelect,
  Row extends { id: number; name: string },
  Item,
  Q extends ListQuery = Static<S> & ListQuery,
> {
  /** Resource name (route declarations, test factories): 'license_type'. */
  name: string;
  /** What one is called in messages: 'License type'. */
  what: string;
  plural?: string;
  /** The list route's query schema (it types the filters). */
  query: S;
  /** The company's live rows, aliased: `t.select('license_types as l')` (add `deleted_at is null`
   *  where deleted rows are kept). The alias prefixes `name`, `created_at` and `id` below. */
  from(t: Tenant): QB;
  alias: string;
  /** The columns of a row, as the list and the records read it. */
  // biome-ignore lint/suspicious/noExplicitAny: any shape of row query; the caller's types are checked where it is declared
  columns(qb: QB, t: Tenant): SelectQueryBuilder<any, any, Row>;
  /** Text columns SearchTerm is looked for in (contained in any one of them, any case); a list
   *  that searches otherwise declares its own SearchTerm filter. */
  search: readonly string[];
  /** The list's other filters (beyond SearchTerm). */
  filters?: Filters<Q, QB>;
  /** Default: name (case-insensitive, then id) and createdAt (then id). */
  sortable?: Record<string, readonly OrderTerm[]>;
  defaultSort?: Sort;
  /** Rows as answer items (a page at once: batch what they need). */
  map(rows: Row[], t: Tenant): Item[] | Promise<Item[]>;
  /** The error when another live row has the name; the area's own code. */
  duplicate(clash: { id: number; name: string }): Error;
  /** Why the row may not be deleted (still in use), or null when it may. */
  inUse?(t: Tenant, row: Row): Promise<Error | null>;
}

export interface NamedLookup<Q, Row, Item> {
  records: CompanyRecords<Row>;
  list(t: Tenant, query: Q): Promise<Paged<Item>>;
  /** Refuses a name another live row has (any case); `exceptId` is the row being renamed. */
  checkName(t: Tenant, name: string | undefined, exceptId: number | null): Promise<void>;
  /** Refuses to delete a row still in use (the area's reason). */
  refuseInUse(t: Tenant, row: Row): Promise<void>;
  /** The rows with these names (any case), by lowercased name: for records made by name (demo data). */
  idsByName(t: Tenant, names: readonly string[]): Promise<Map<string, number>>;
}

export function namedLookup<
  S extends TSchema,
  QB extends AnySelect,
  Row extends { id: number; name: string },
  Item,
  Q extends ListQuery = Static<S> & ListQuery,
>(def: NamedLookupDef<S, QB, Row, Item, Q>): NamedLookup<Q, Row, Item> {
  const a = def.alias;
  const nameKey = sql`lower(${sql.ref(`${a}.name`)})`;
  const records = companyRecords<Row>({
    name: def.name,
    what: def.what,
    ...(def.plural ? { plural: def.plural } : {}),
    read: (t, ids) => (def.columns(def.from(t), t) as AnySelect).where(sql.ref(`${a}.id`), 'in', ids).execute() as Promise<Row[]>,
  });
  const search = (qb: QB, term: string): QB => {
    const pattern = likePattern(term.toLowerCase());
    // Parenthesized: the kit joins conditions with AND.
    return qb.where(
      sql<boolean>`(${sql.join(
        def.search.map((c) => sql`lower(coalesce(${sql.ref(c)}, '')) like ${pattern}`),
        sql` or `,
      )})`,
    ) as QB;
  };
  const list = pagedList<S, QB, Row, Item, Q>({
    query: def.query,
    from: (t) => def.from(t),
    filters: { SearchTerm: (qb: QB, term: string) => search(qb, term), ...def.filters } as Filters<Q, QB>,
    sortable: def.sortable ?? { name: [nameKey, `${a}.id`], createdAt: [`${a}.created_at`, `${a}.id`] },
    ...(def.defaultSort ? { defaultSort: def.defaultSort } : {}),
    select: def.columns,
    map: (rows, t) => def.map(rows, t),
  });

  return {
    records,
    list,
    async checkName(t, name, exceptId) {
      if (name === undefined) return;
      let q = (def.from(t) as AnySelect).select([sql.ref(`${a}.id`).as('id'), sql.ref(`${a}.name`).as('name')]).where(nameKey, '=', name.toLowerCase());
      if (exceptId !== null) q = q.where(sql.ref(`${a}.id`), '<>', exceptId);
      const clash = (await q.limit(1).executeTakeFirst()) as { id: number; name: string } | undefined;
      if (clash) throw def.duplicate(clash);
    },
    async refuseInUse(t, row) {
      const refusal = def.inUse ? await def.inUse(t, row) : null;
      if (refusal) throw refusal;
    },
    async idsByName(t, names) {
      if (names.length === 0) return new Map();
      const rows = (await (def.from(t) as AnySelect)
        .select([sql.ref(`${a}.id`).as('id'), sql.ref(`${a}.name`).as('name')])
        .where(
          nameKey,
          'in',
          names.map((n) => n.toLowerCase()),
        )
        .execute()) as Array<{ id: number; name: string }>;
      return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
    },
  };
}
