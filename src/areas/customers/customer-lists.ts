// The customer list's exact totalCount and its page, read as cheaply as the data allows.
//
// Counting: a count is computed once per company data version (customer_list_versions, bumped by
// every transaction writing the company's customers or their addresses) and kept under that
// version, so a list read again before the next write pays no COUNT at all, and the number is
// still exact. A transaction that has written customers itself reads uncached.
//
// The page of a search: with the count of matches and the count of candidates (the same filter
// without the search) known, the share of matching rows is known. Many matches: walk the sort
// index and test rows until the page is full (reads about page end ÷ share rows). Few matches:
// the trigram index finds them all, then they are sorted. When the matches cluster late in the
// sort order (a name-prefix search sorted by name), the walk stops at its cap and the index
// answers; that choice is remembered for the version.
import type { Tenant } from '../../db/tenant.js';
import type { SortSpec } from '../../platform/paging.js';
import { VersionedCache } from '../../platform/versioned-cache.js';
import * as repo from './customers.repository.js';
import type { CustomerRow } from './customers.schemas.js';

export interface ListOptions {
  /** Most rows one walk tests: a few milliseconds of work. */
  walkCap?: number;
  /** Counts and plan choices kept (each a few hundred bytes). */
  maxEntries?: number;
}

/** How the page was read: no read needed, by the sort walk, or through the trigram index. */
export type ListPlan = 'empty' | 'walk' | 'index';

export function customerLists({ walkCap = 5000, maxEntries = 10_000 }: ListOptions = {}) {
  // A walk is tried when it is expected to read at most a quarter of its cap.
  const walkExpected = walkCap / 4;
  const counts = new VersionedCache<number>(maxEntries);
  const indexPlans = new VersionedCache<true>(maxEntries);

  return {
    async read(
      t: Tenant, filter: repo.CustomerFilter, sort: SortSpec<repo.CustomerSort>, page: { limit: number; offset: number },
    ): Promise<{ total: number; rows: CustomerRow[]; plan: ListPlan }> {
      const version = await repo.listVersion(t);
      const keyOf = (f: repo.CustomerFilter) => `${t.companyId}|${JSON.stringify(f)}`;
      const count = async (f: repo.CustomerFilter) => {
        if (version === null) return repo.countCustomers(t, f);
        const key = keyOf(f);
        let n = counts.get(key, version);
        if (n === undefined) {
          n = await repo.countCustomers(t, f);
          counts.set(key, version, n);
        }
        return n;
      };

      const total = await count(filter);
      if (total === 0 || page.offset >= total) return { total, rows: [], plan: 'empty' };
      if (!filter.search || filter.statuses.length !== 1) return { total, rows: await repo.listCustomers(t, filter, sort, page.limit, page.offset), plan: 'index' };

      const candidates = await count(repo.withoutSearch(filter));
      const planKey = `${keyOf(filter)}|${sort.by}|${sort.descending}`;
      const expectedWalk = ((page.offset + page.limit) * candidates) / total;
      if (expectedWalk <= walkExpected && (version === null || !indexPlans.get(planKey, version))) {
        const rows = await repo.walkCustomers(t, { ...filter, search: filter.search }, sort, page, { cap: walkCap, candidates });
        if (rows) return { total, rows, plan: 'walk' };
        if (version !== null) indexPlans.set(planKey, version, true);
      }
      return { total, rows: await repo.listCustomers(t, filter, sort, page.limit, page.offset), plan: 'index' };
    },
  };
}

export type CustomerLists = ReturnType<typeof customerLists>;
