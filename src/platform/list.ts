// The list kit: one way to answer a paged list (part 1, "Paging, search and sorting rules").
// A list declares where its rows come from, which query parameters filter them, which fields sort
// them and how a row becomes an item; the kit owns the rest — page and size, SortBy (any case,
// an unknown field a 400 naming the others), the exact totalCount and the PagedList answer.
//
//   const listZones = pagedList({
//     query: ZonesQuery,                                 // the route's query schema: it types the filters
//     from: (t: Tenant) => t.select('zones as z'),
//     filters: { SearchTerm: (q, term) => q.where(...), ZoneIds: (q, ids) => q.where('z.id', 'in', ids) },
//     sortable: { name: [sql`lower(z.name)`, 'z.id'], createdAt: ['z.created_at', 'z.id'] },
//     select: (q) => q.select(COLUMNS),
//     map: async (rows, t) => ...,      // the page's rows only: batch what they need, never one query per row
//   });
//   list: (t, q) => listZones(t, q)
//
// One round trip: the page and the count are one statement (the count an uncorrelated scalar
// subquery over the same filters, computed once), since on these machines a round trip costs more
// than a small list's statements. Only a page past the end asks the count alone.
import { type Expression, type SelectQueryBuilder, sql } from 'kysely';
import type { Tenant } from './door.js';
import type { Paged } from './envelope.js';
import { invalid } from './errors.js';
import { type BroadSearch, searchedPage, searchTermOf, withoutSearch } from './list-search.js';
import { MAX_PAGE_SIZE, type PageSpec, pageOf } from './paging.js';
import type { Static, TSchema } from './schemas.js';

// Lists are built over any company table's builder; the declaration checks its own columns.
// biome-ignore lint/suspicious/noExplicitAny: a route/list of any shape; each one's own types are checked where it is declared
export type AnySelect = SelectQueryBuilder<any, any, any>;
/** A column (`'z.created_at'`) or an expression (`sql\`lower(z.name)\``), in the direction asked;
 *  or one in a direction of its own whatever is asked (`{ term: 'a.is_main', direction: 'desc' }`). */
export type OrderTerm = string | Expression<unknown> | { term: string | Expression<unknown>; direction: 'asc' | 'desc' };

/** The shared paging parameters every list takes. */
export interface ListQuery {
  Page?: number | null;
  ItemsPerPage?: number | null;
  SearchTerm?: string | null;
  SortBy?: string | null;
  SortDirection?: number | null;
}

/** A filter's value once present: not null, not blank, not an empty list; text trimmed. */
type Present<V> = Exclude<V, null | undefined>;

/** Query parameter → condition; `t` is the list's company (for a subquery's `t.owns(alias)`). */
export type Filters<Q, QB extends AnySelect, Ctx = Tenant> = { [K in keyof Q]?: (qb: QB, value: Present<Q[K]>, query: Q, t: Ctx) => QB };

export interface Sort {
  /** The SortBy name as the list declares it. */
  by: string;
  descending: boolean;
}

export interface ListDef<S extends TSchema, QB extends AnySelect, Row, Item, Q extends ListQuery = Static<S> & ListQuery, Scope = undefined, Ctx = Tenant> {
  /** The route's query schema (its parameters type the filters below). */
  query: S;
  /** The company's rows the list pages through: a door select (`t.select('zones as z')`); `scope`
   *  is what the caller passes besides the query (a path parameter: the customer whose list it is).
   *  The first argument is the company (Tenant), or what a list across companies reads with. */
  from(t: Ctx, query: Q, scope: Scope): QB;
  /** Query parameter → condition, applied only when the parameter is present. */
  filters?: Filters<Q, QB, Ctx>;
  /** SortBy name → ordering terms, each in the asked direction; end with a unique one (the id)
   *  so pages never overlap. */
  sortable: Record<string, readonly OrderTerm[]>;
  /** Default: the first sortable name, ascending. */
  defaultSort?: Sort;
  /** The list takes no SortBy: SortBy and SortDirection are ignored, the default order is kept. */
  fixedOrder?: boolean;
  /** The page's columns (`t` for a subquery's `t.owns(alias)`). */
  // biome-ignore lint/suspicious/noExplicitAny: any shape of row query; the caller's types are checked where it is declared
  select(qb: QB, t: Ctx): SelectQueryBuilder<any, any, Row>;
  /** The page's rows as answer items. */
  map(rows: Row[], t: Ctx, query: Q, scope: Scope): Item[] | Promise<Item[]>;
  /** Largest page (default 1000). */
  maxPageSize?: number;
  /**
   * The totalCount from somewhere cheaper than counting the filtered rows, when the list keeps it
   * for this query (orders keep a count per status: a status-only list of a million orders reads
   * it, not a million index entries).
   */
  knownCount?: KnownCount<Q, Scope, Ctx>;
  /**
   * Count in the page's own pass (`count(*) OVER ()`) rather than by a second reading of the
   * filters: for a query whose filters are costly to run and match few rows (a search through a
   * function), which the page reads whole anyway to sort them.
   */
  countInPage?(query: Q): boolean;
  /** A search over long text that may match most of the rows (list-search.ts): not a filter. */
  broadSearch?: NoInfer<BroadSearch<Q, QB, Ctx>>;
}

/**
 * A list's count kept elsewhere. `accounts` names the declared filters the count takes into
 * account: the kit asks `count` only when no other declared filter is present (a parameter the
 * list does not declare never counts), so a filter added to the list later is counted on the rows
 * until its known count learns it, instead of being kept in step by hand.
 */
export interface KnownCount<Q, Scope = undefined, Ctx = Tenant> {
  accounts: ReadonlyArray<keyof Q & string>;
  /** A select of one row whose column `n` is the count, exact for the query; null: count the rows. */
  count(t: Ctx, query: Q, scope: Scope): AnySelect | null;
}

/** The declared filters present in the query (as applyFilters applies them). */
export function presentFilters<Q>(filters: object | undefined, query: Q): string[] {
  return Object.keys(filters ?? {}).filter((key) => isPresent(query[key as keyof Q]));
}

/** Whether the known count may answer this query: every declared filter present is one it accounts for. */
export function knownCountApplies<Q>(filters: object | undefined, known: { accounts: ReadonlyArray<string> }, query: Q): boolean {
  return presentFilters(filters, query).every((key) => known.accounts.includes(key));
}

/** A filter value counts as given when it is not null, not blank text and not an empty list. */
export function isPresent(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** The filters whose parameters are present, applied in the order they are declared. */
export function applyFilters<Q, QB extends AnySelect, Ctx = Tenant>(qb: QB, filters: Filters<Q, QB, Ctx> | undefined, query: Q, t: Ctx): QB {
  if (!filters) return qb;
  let out = qb;
  for (const key of Object.keys(filters) as Array<keyof Q>) {
    const value = query[key];
    if (!isPresent(value)) continue;
    out = filters[key]!(out, (typeof value === 'string' ? value.trim() : value) as Present<Q[keyof Q]>, query, t);
  }
  return out;
}

/** SortBy (any case) among the list's names; SortDirection 1 is descending. Unknown: 400 naming them. */
export function sortOfQuery(query: ListQuery, sortable: Record<string, unknown>, fallback: Sort): Sort {
  const asked = query.SortDirection === undefined || query.SortDirection === null ? null : query.SortDirection === 1;
  if (!query.SortBy) return { by: fallback.by, descending: asked ?? fallback.descending };
  const wanted = query.SortBy.toLowerCase();
  const by = Object.keys(sortable).find((k) => k.toLowerCase() === wanted);
  if (!by) throw invalid('SortBy', `SortBy must be one of: ${Object.keys(sortable).join(', ')}.`);
  return { by, descending: asked ?? false };
}

export function orderedBy<QB extends AnySelect>(qb: QB, terms: readonly OrderTerm[], descending: boolean): QB {
  const asked = descending ? 'desc' : 'asc';
  let out = qb;
  for (const t of terms) {
    const fixed = typeof t === 'object' && 'direction' in t;
    const term = fixed ? t.term : t;
    out = out.orderBy(typeof term === 'string' ? sql.ref(term) : term, fixed ? t.direction : asked) as QB;
  }
  return out;
}

/**
 * A page's size or start, written into the statement rather than sent as a parameter. With LIMIT
 * and OFFSET as parameters PostgreSQL cannot judge a prepared statement's generic plan and plans it
 * again on every execution; written in, the hot page statements keep one plan (db/prepared.ts:
 * the customer page 2,867 → 5,022 statements/s in pgbench, 20 clients). Safe: a checked integer.
 */
export function inlined(n: number) {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a page bound: ${n}`);
  return sql.lit(n);
}

export function paged<T>(list: T[], spec: PageSpec, totalCount: number): Paged<T> {
  return { list, page: spec.page, itemsPerPage: spec.itemsPerPage, totalCount };
}

type ScopeArg<Scope> = undefined extends Scope ? [scope?: Scope] : [scope: Scope];

/** The list as one function of the company and the query: a PagedList with the exact totalCount. */
export function pagedList<S extends TSchema, QB extends AnySelect, Row, Item, Q extends ListQuery = Static<S> & ListQuery, Scope = undefined, Ctx = Tenant>(
  def: ListDef<S, QB, Row, Item, Q, Scope, Ctx>,
) {
  const fallback: Sort = def.defaultSort ?? { by: Object.keys(def.sortable)[0]!, descending: false };
  const max = def.maxPageSize ?? MAX_PAGE_SIZE;

  return async function list(t: Ctx, query: Q, ...[scope]: ScopeArg<Scope>): Promise<Paged<Item>> {
    const page = pageOf(query, max);
    const sort = def.fixedOrder ? fallback : sortOfQuery(query, def.sortable, fallback);
    let filtered = applyFilters(def.from(t, query, scope as Scope), def.filters, query, t);
    const term = def.broadSearch ? searchTermOf(def.broadSearch, query) : null;
    const knownOf = (q: Q) => (def.knownCount && knownCountApplies(def.filters, def.knownCount, q) ? def.knownCount.count(t, q, scope as Scope) : null);
    if (def.broadSearch && term !== null) {
      const found = await searchedPage(
        def.broadSearch,
        {
          t,
          filtered,
          term,
          page,
          ordered: (qb) => orderedBy(qb, def.sortable[sort.by]!, sort.descending),
          bounded: (qb) => qb.limit(inlined(page.limit)).offset(inlined(page.offset)),
          select: (qb) => def.select(qb, t),
        },
        () => knownOf(withoutSearch(def.broadSearch!, query)) ?? filtered.clearSelect().select(sql<string>`count(*)`.as('n')),
      );
      if (found) return { ...paged(await def.map(found.rows as Row[], t, query, scope as Scope), page, found.total), totalCountExact: found.exact };
      filtered = def.broadSearch.indexed(filtered, term, t);
    }
    // A search through an index (a broad one's rare term) is counted in the page's own pass.
    const searched = term !== null;
    const known = searched ? null : knownOf(query);
    const count = known ?? filtered.clearSelect().select(sql<string>`count(*)`.as('n'));
    const inPage = !known && (searched || def.countInPage?.(query) === true);
    const rows = (await orderedBy(def.select(filtered, t), def.sortable[sort.by]!, sort.descending)
      .select(() => (inPage ? sql<string>`count(*) OVER ()` : count).as('total_count'))
      .limit(inlined(page.limit))
      .offset(inlined(page.offset))
      .execute()) as Array<Row & { total_count: string | number }>;
    let total: number;
    if (rows.length > 0) total = Number(rows[0]!.total_count);
    else if (page.offset === 0) total = 0;
    else total = Number(((await count.executeTakeFirstOrThrow()) as { n: string | number }).n);
    for (const row of rows) delete (row as { total_count?: unknown }).total_count;
    const answer = paged(await def.map(rows, t, query, scope as Scope), page, total);
    return def.broadSearch ? { ...answer, totalCountExact: true } : answer;
  };
}

/**
 * A list the spec answers as a plain array (no PagedList): the same filters and sort, no count;
 * Page and ItemsPerPage page it when sent, else it answers its first `maxPageSize` items.
 */
export function arrayList<S extends TSchema, QB extends AnySelect, Row, Item, Q extends ListQuery = Static<S> & ListQuery, Scope = undefined, Ctx = Tenant>(
  def: ListDef<S, QB, Row, Item, Q, Scope, Ctx>,
) {
  const fallback: Sort = def.defaultSort ?? { by: Object.keys(def.sortable)[0]!, descending: false };
  const max = def.maxPageSize ?? MAX_PAGE_SIZE;

  return async function list(t: Ctx, query: Q, ...[scope]: ScopeArg<Scope>): Promise<Item[]> {
    const page = query.Page || query.ItemsPerPage ? pageOf(query, max) : { limit: max, offset: 0 };
    const sort = def.fixedOrder ? fallback : sortOfQuery(query, def.sortable, fallback);
    const filtered = applyFilters(def.from(t, query, scope as Scope), def.filters, query, t);
    const rows = (await orderedBy(def.select(filtered, t), def.sortable[sort.by]!, sort.descending)
      .limit(inlined(page.limit))
      .offset(inlined(page.offset))
      .execute()) as Row[];
    return def.map(rows, t, query, scope as Scope);
  };
}
