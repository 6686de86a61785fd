// Per-company sequences without gaps (order numbers, event-log positions). A counter is a row of
// company_counters, raised in the caller's transaction: its row stays locked until that
// transaction ends, so concurrent work of one company takes numbers in turn and a rolled-back
// transaction gives its number back. A sequence would be faster but leaves gaps and does not follow
// commit order, which a feed read by position needs.
import { sql } from 'kysely';
import type { Tenant } from './door.js';

/** The statement raising the counters by `by` (made at `by` when new), answering each new `value`;
 *  rows in name order, so two raising several never wait for each other crosswise. */
export function raiseCountersQuery(t: Tenant, names: readonly string[], by: 0 | 1) {
  return t
    .insert(
      'company_counters',
      [...names].sort().map((name) => ({ name, value: by })),
    )
    .onConflict((oc) => oc.columns(['company_id', 'name']).doUpdateSet({ value: sql`company_counters.value + ${sql.lit(by)}` }))
    .returning('value');
}

/** The statement raising the counter and answering its new `value` (a CTE of a larger write). */
export function nextValueQuery(t: Tenant, name: string) {
  return raiseCountersQuery(t, [name], 1);
}

/** The statement locking the counter's row without moving it (made at 0 when new), answering its
 *  `value`: work that will take a value later takes the lock first, to keep one lock order with
 *  rows it locks meanwhile (a CTE of the statement that locks them). */
export function holdCounterQuery(t: Tenant, name: string) {
  return raiseCountersQuery(t, [name], 0);
}
