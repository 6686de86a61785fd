// Index-backed text search within one company.
//
// Trigram GIN indexes are keyed on (ARRAY[company_id], text gin_trgm_ops) rather than on
// (company_id, text) through btree_gin: btree_gin answers `company_id = $1` as a partial match,
// which reads every index entry of the company into a bitmap on each search (15-20 ms for a
// company of 100,000 customers), while an array key is an exact entry that GIN's fast scan skips
// through, led by the rarest trigrams (3-4 ms for the same search; measured in bench/README.md).
// The planner only uses such an index when the query states the same key: `companyKey`.
import { sql, type RawBuilder } from 'kysely';

/** `ARRAY[<alias>.company_id] @> ARRAY[companyId]`: the leading condition of a company's trigram index. */
export function companyKey(alias: string, companyId: number): RawBuilder<boolean> {
  return sql<boolean>`ARRAY[${sql.ref(`${alias}.company_id`)}] @> ARRAY[${companyId}::int]`;
}
