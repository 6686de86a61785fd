// The customer list's exact totalCount and its page, read as cheaply as the data allows.
//
// Counting: a count is computed once per company data version (customer_list_versions, bumped by
// every transaction writing the company's customers or their addresses) and kept under that
// version, so a list read again before the next write pays no COUNT at all, and the number is
// still exact. A transaction that has written customers itself reads uncached.
//
// Whole answers are also kept, by the route (platform/answer-cache.ts), under the version `read`
// reports. Round trips: each costs more than the queries here (a socket write and read per
// statement), so a repeated read that misses them is one statement: the page, its addresses and the current version together, in
// one snapshot. It assumes the version last seen for the company; when the statement reports
// another (a write happened), the counts are read again under the new version.
//
// The first read of a search (its count unknown) goes through the search index once for both the
// page and the count (a window count over the matches). After that, the page of a search: with the
// count of matches and the count of candidates (the same filter without the search) known, the
// share of matching rows is known. Many matches: walk the sort
// index and test rows until the page is full (reads about page end ÷ share rows). Few matches:
// the search index finds them all, then they are sorted. When the matches cluster late in the
// sort order (a name-prefix search sorted by name), the walk stops at its cap and the index
// answers; that choice is remembered for the version.
import type { Tenant } from '../../db/tenant.js';
import type { SortSpec } from '../../platform/paging.js';
import { VersionedCache } from '../../platform/versioned-cache.js';
import * as repo from './customers.repository.js';

export interface ListOptions {
  /** Most rows one walk tests: a few milliseconds of work. */
  walkCap?: number;
  /** Counts and plan choices kept (each a few hundred bytes). */
  maxEntries?: number;
}

/** How the page was read: no read needed, by the sort walk, or through the search index. */
export type ListPlan = 'empty' | 'walk' | 'index';

type Page = { limit: number; offset: number };
type Sort = SortSpec<repo.CustomerSort>;

export interface ListRead {
  total: number;
  rows: repo.PageRow[];
  plan: ListPlan;
  version: string | null;
}

export function customerLists({ walkCap = 5000, maxEntries = 10_000 }: ListOptions = {}) {
  // A walk is tried when it is expected to read at most a quarter of its cap.
  const walkExpected = walkCap / 4;
  const counts = new VersionedCache<number>(maxEntries);
  const indexPlans = new VersionedCache<true>(maxEntries);
  /** The version each company's list was last read at, in this process. */
  const lastSeen = new Map<number, string>();

  const keyOf = (t: Tenant, f: repo.CustomerFilter) => `${t.companyId}|${JSON.stringify(f)}`;
  const planKeyOf = (t: Tenant, f: repo.CustomerFilter, sort: Sort) => `${keyOf(t, f)}|${sort.by}|${sort.descending}`;

  /** The page's rows by the plan the counts suggest; `version` null reads without the caches. */
  async function readPage(
    t: Tenant,
    filter: repo.CustomerFilter,
    sort: Sort,
    page: Page,
    total: number,
    candidates: number | null,
    version: string | null,
  ): Promise<{ rows: repo.PageRow[]; plan: ListPlan }> {
    if (filter.search && filter.statuses.length === 1 && candidates !== null) {
      const planKey = planKeyOf(t, filter, sort);
      const expectedWalk = ((page.offset + page.limit) * candidates) / total;
      if (expectedWalk <= walkExpected && (version === null || !indexPlans.get(planKey, version))) {
        const rows = await repo.walkCustomers(t, { ...filter, search: filter.search }, sort, page, { cap: walkCap, candidates });
        if (rows) return { rows, plan: 'walk' };
        if (version !== null) indexPlans.set(planKey, version, true);
      }
    }
    return { rows: await repo.listCustomers(t, filter, sort, page.limit, page.offset), plan: 'index' };
  }

  const needsCandidates = (f: repo.CustomerFilter) => f.search !== null && f.statuses.length === 1;

  return {
    /** The page, the exact total, and the data version all of it was read at (null when the
     *  transaction wrote, or a write landed between its statements: the answer is not kept). */
    async read(t: Tenant, filter: repo.CustomerFilter, sort: Sort, page: Page): Promise<ListRead> {
      // One statement when the counts of the version last seen are known and still current.
      const assumed = lastSeen.get(t.companyId);
      if (assumed !== undefined) {
        const total = counts.get(keyOf(t, filter), assumed);
        const candidates = needsCandidates(filter) ? (counts.get(keyOf(t, repo.withoutSearch(filter)), assumed) ?? null) : null;
        if (total !== undefined && total > page.offset && (candidates !== null || !needsCandidates(filter))) {
          const read = await readPage(t, filter, sort, page, total, candidates, assumed);
          const first = read.rows[0];
          if (first && !first.wrote && first.list_version === assumed) return { total, ...read, version: assumed };
        }
      }

      // A search not counted yet: the search index gives the page, the count and the version in
      // one statement (the version read first would be a round trip of its own).
      if (filter.search && (assumed === undefined || counts.get(keyOf(t, filter), assumed) === undefined)) {
        const rows = await repo.listCustomers(t, filter, sort, page.limit, page.offset, true);
        const first = rows[0];
        if (first) {
          const total = Number(first.full_count);
          const version = first.wrote ? null : first.list_version;
          if (version !== null) {
            lastSeen.set(t.companyId, version);
            counts.set(keyOf(t, filter), version, total);
          }
          return { total, rows, plan: 'index', version };
        }
        // No row: no match at all, or a page past the end; the counts below say which.
      }

      const version = await repo.listVersion(t);
      if (version !== null) lastSeen.set(t.companyId, version);
      // Each statement reports the version of its own snapshot: all of them agreeing is what makes
      // the answer one version's answer.
      let agreed = version !== null;
      const count = async (f: repo.CustomerFilter) => {
        const key = keyOf(t, f);
        const known = version === null ? undefined : counts.get(key, version);
        if (known !== undefined) return known;
        const counted = await repo.countCustomers(t, f);
        if (version !== null && counted.version === version) counts.set(key, version, counted.n);
        else agreed = false;
        return counted.n;
      };
      const total = await count(filter);
      if (total === 0 || page.offset >= total) return { total, rows: [], plan: 'empty', version: agreed ? version : null };
      const candidates = needsCandidates(filter) ? await count(repo.withoutSearch(filter)) : null;
      const read = await readPage(t, filter, sort, page, total, candidates, version);
      if (read.rows.some((r) => r.list_version !== version)) agreed = false;
      return { total, ...read, version: agreed ? version : null };
    },
  };
}

export type CustomerLists = ReturnType<typeof customerLists>;
