// Shared list parameters → page and ranges, and the search pattern (part 1, "Paging, search and
// sorting rules"); list.ts builds lists from them.
import { invalid } from './errors.js';
import { parseDateTime } from './validation.js';

/** The UTC day (YYYY-MM-DD) of a date or date-time; today's without one. */
export const dayOf = (value?: string | Date | null) => (value ? new Date(value) : new Date()).toISOString().slice(0, 10);

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 1000;

export interface PageSpec {
  page: number;
  itemsPerPage: number;
  limit: number;
  offset: number;
}

/** Page from 1 (below 1 → 1); size default 20, reduced to the endpoint's maximum. */
export function pageOf(query: { Page?: number | null; ItemsPerPage?: number | null }, max = MAX_PAGE_SIZE): PageSpec {
  const page = query.Page && query.Page > 0 ? query.Page : 1;
  const asked = query.ItemsPerPage && query.ItemsPerPage > 0 ? query.ItemsPerPage : DEFAULT_PAGE_SIZE;
  const itemsPerPage = Math.min(asked, max);
  return { page, itemsPerPage, limit: itemsPerPage, offset: (page - 1) * itemsPerPage };
}

/** A sort by a column key, for the lists that read their pages themselves (the customers'). */
export interface SortSpec<K extends string> {
  by: K;
  descending: boolean;
}

/** DateRange (start, then end) → dates; the end must not be before the start. */
export function dateRangeOf(range: readonly (string | Date)[] | null | undefined, field = 'DateRange'): { start: Date; end: Date } | null {
  if (!range) return null;
  const start = parseDateTime(range[0]!);
  const end = parseDateTime(range[1]!);
  if (end < start) throw invalid(field, `${field}: the end (second value) is before the start (first value).`);
  return { start, end };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%term%` for ILIKE with the user's wildcards taken literally. */
export function likePattern(term: string): string {
  return `%${escapeLike(term)}%`;
}
