// Per-company sequences without gaps (order numbers, event-log positions). A counter is a row of
// company_counters, raised in the caller's transaction: its row stays locked until that
// transaction ends, so concurrent work of one company takes numbers in turn and a rolled-back
// transaction gives its number back. A sequence would be faster but leaves gaps and does not follow
// commit order, which a feed read by position needs.
import { sql } from 'kysely';
import type { Tenant } from './door.js';

/** The counter's next value (1 the first time). */
export async function nextValue(t: Tenant, name: string): Promise<number> {
  const row = await t
    .insert('company_counters', { name, value: 1 })
    .onConflict((oc) => oc.columns(['company_id', 'name']).doUpdateSet({ value: sql`company_counters.value + 1` }))
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}
