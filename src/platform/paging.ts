// Shared list parameters → page, sort and ranges (part 1, "Paging, search and sorting rules").
import type { Paged } from './envelope.js';
import { invalid } from './errors.js';
import { parseDateTime } from './validation.js';

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

export function paged<T>(list: T[], spec: PageSpec, totalCount: number): Paged<T> {
  return { list, page: spec.page, itemsPerPage: spec.itemsPerPage, totalCount };
}

export interface SortSpec<K extends string> {
  by: K;
  descending: boolean;
}

/** SortBy (any case) among the endpoint's sortable fields; an unknown field is a 400 naming them. */
export function sortOf<K extends string>(
  query: { SortBy?: string | null; SortDirection?: number | null },
  sortable: Record<string, K>,
  fallback: SortSpec<K>,
): SortSpec<K> {
  const descending = query.SortDirection === undefined || query.SortDirection === null ? null : query.SortDirection === 1;
  if (!query.SortBy) return { by: fallback.by, descending: descending ?? fallback.descending };
  const wanted = query.SortBy.toLowerCase();
  const key = Object.keys(sortable).find((k) => k.toLowerCase() === wanted);
  if (!key) throw invalid('SortBy', `SortBy must be one of: ${Object.keys(sortable).join(', ')}.`);
  return { by: sortable[key]!, descending: descending ?? false };
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
