// A list's search over long text that may match most of its rows (the library's documents: a word
// of a rate confirmation's text). Through an index of the matches (a rare term: a load number)
// the page costs what the matches cost; row by row along the page's own order (a common term:
// "reefer", in 95,000 of 100,000 documents) it stops once the page is full. Neither fits both, and
// under row security PostgreSQL cannot choose between them itself (the index's operator is not
// leakproof: 0012), so the list asks a sample — the first SAMPLE rows in the page's order, how
// many match — and takes the index for a term found in fewer than one in fifty of them, else the
// walk along the order.
//
// The count: exact, from the index's matches (a rare term), from the page when it is the last
// one, or counted when the sample saw every row (fewer than SAMPLE: it read a long text's start
// only, so its matches are not the count). A common term's count over many rows would read
// them all (95,000 texts: about 500 ms of PostgreSQL a page), so it is estimated instead — the
// sample's share of matches times the rows without the search — and the answer says so:
// `totalCountExact: false` (docs/api-conventions.md, "Lists").
import { type AliasableExpression, type SelectQueryBuilder, sql } from 'kysely';
import type { Tenant } from './door.js';
import type { PageSpec } from './paging.js';

/** Rows sampled in the page's order before choosing. */
export const SAMPLE = 200;
/** A term found in this many of the sample (1 in 50) is common: the walk along the order. */
export const COMMON = 4;

// biome-ignore lint/suspicious/noExplicitAny: any list's rows; the list declares its own types
type AnySelect = SelectQueryBuilder<any, any, any>;

export interface BroadSearch<Q, QB extends AnySelect, Ctx> {
  /** The query parameter carrying the term (not among the list's filters). */
  param: keyof Q & string;
  /** Whether the row matches, evaluated on the row itself (no index). */
  matches(term: string): AliasableExpression<boolean>;
  /** The same on a bounded part of the row's text (a long text's beginning): what the sample
   *  reads, so that 200 long texts cost little more than 200 short ones. */
  sampled(term: string): AliasableExpression<boolean>;
  /** The rows that match, through an index: the list's condition for a rare term. */
  indexed(qb: QB, term: string, t: Ctx): QB;
  /** The term as the columns keep it (lower case...). */
  normalize?(term: string): string;
}

export function searchTermOf<Q>(search: { param: keyof Q & string; normalize?(term: string): string }, query: Q): string | null {
  const value = query[search.param];
  if (typeof value !== 'string' || value.trim() === '') return null;
  return search.normalize ? search.normalize(value.trim()) : value.trim();
}

export function withoutSearch<Q>(search: { param: keyof Q & string }, query: Q): Q {
  return { ...query, [search.param]: null };
}

interface Asked<QB extends AnySelect, Ctx> {
  t: Ctx;
  filtered: QB;
  term: string;
  page: PageSpec;
  /** The page's order and bounds, as the list kit writes them. */
  ordered(qb: AnySelect): AnySelect;
  bounded(qb: AnySelect): AnySelect;
  select(qb: QB): AnySelect;
}

export interface SearchedPage {
  rows: unknown[];
  total: number;
  exact: boolean;
}

/** The page of a broad search and its count (see the top of the file); `count`: the rows
 *  without the search, as a select of one row whose column `n` is the count. Null for a rare
 *  term: the list's own path then pages `search.indexed`. */
export async function searchedPage<Q, QB extends AnySelect, Ctx>(
  search: BroadSearch<Q, QB, Ctx>,
  asked: Asked<QB, Ctx>,
  count: () => AnySelect,
): Promise<SearchedPage | null> {
  const { filtered, term, page } = asked;
  // The kit's lists run through the company door: a Tenant (its statements read one company).
  const db = (asked.t as unknown as Tenant).db;
  const sample = asked.ordered(filtered.clearSelect().select(search.sampled(term).as('hit'))).limit(sql.lit(SAMPLE));
  const probe = await sql<{ scanned: number; matched: number }>`
    SELECT count(*)::int AS scanned, (count(*) FILTER (WHERE s.hit))::int AS matched FROM (${sample}) AS s`.execute(db);
  const { scanned, matched } = probe.rows[0]!;
  if (scanned < SAMPLE || matched >= COMMON) {
    const walk = asked.bounded(asked.ordered(asked.select(filtered.where(search.matches(term)) as QB)));
    // A common term's estimate needs the rows without the search: counted in the page's statement
    // (a read of the running figures, where the list keeps them), not in a statement of its own.
    const estimated = scanned >= SAMPLE;
    const rows = (await (estimated ? walk.select(() => count().as('unsearched_count')) : walk).execute()) as Array<{ unsearched_count?: string | number }>;
    const unsearched = rows[0]?.unsearched_count;
    for (const row of rows) delete row.unsearched_count;
    // This page is the last one (short, and not past the end): it ends where the matches do.
    if (rows.length < page.limit && (rows.length > 0 || page.offset === 0)) return { rows, total: page.offset + rows.length, exact: true };
    // The sample saw every row, but a long text only in part: the few rows' matches counted whole.
    if (!estimated) {
      const found = await filtered.where(search.matches(term)).clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
      return { rows, total: Number((found as { n: string | number }).n), exact: true };
    }
    // Past the last match the page is empty and carries no count: asked on its own.
    const all = Number(unsearched ?? ((await count().executeTakeFirstOrThrow()) as { n: string | number }).n);
    const estimate = Math.round((matched / SAMPLE) * all);
    // Kept within what the page shows: more than a full page's end; no more than an empty page's start.
    const total = rows.length === 0 ? Math.min(estimate, page.offset) : Math.max(estimate, page.offset + rows.length + 1);
    return { rows, total, exact: false };
  }
  // A rare term: null, and the kit lists the index's matches as any list, counted in the page's pass.
  return null;
}
