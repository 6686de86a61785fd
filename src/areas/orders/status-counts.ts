// How many of the company's orders are in each status (order_status_counts, migration 0016), kept
// in the transaction of every write that makes, moves or removes an order: a list filtered by
// status alone answers its exact totalCount from here (orders-list.ts) rather than counting up to
// a million rows. Each write moves the counts of the statuses it leaves and enters in one
// statement, its rows in status order, after the company's event-log lock (event-log.ts says why),
// taken by the same statement.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { holdEventLogQuery } from '../../platform/event-log.js';
import type { OrderStatus } from './orders.tables.js';

/** An order entering (`to`), leaving (`from`) or moving between statuses. */
export interface StatusMove {
  from: OrderStatus | null;
  to: OrderStatus | null;
}

export async function shiftStatusCounts(t: Tenant, moves: readonly StatusMove[]): Promise<void> {
  const delta = new Map<OrderStatus, number>();
  for (const { from, to } of moves) {
    if (from === to) continue;
    if (from) delta.set(from, (delta.get(from) ?? 0) - 1);
    if (to) delta.set(to, (delta.get(to) ?? 0) + 1);
  }
  const rows = [...delta]
    .filter(([, n]) => n !== 0)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([status, n]) => ({ status, n }));
  if (rows.length === 0) return;
  // One statement: the log's lock (the CTE, run first as the insert reads it), then the counts.
  await t.db
    .with('h', () => holdEventLogQuery(t))
    .insertInto('order_status_counts')
    .columns(['company_id', 'status', 'n'])
    .expression(
      sql`SELECT ${t.companyId}::int, v.status, v.n FROM h, (VALUES ${sql.join(rows.map((r) => sql`(${r.status}::text, ${r.n}::bigint)`))}) AS v (status, n)`,
    )
    .onConflict((oc) => oc.columns(['company_id', 'status']).doUpdateSet({ n: sql`order_status_counts.n + excluded.n` }))
    .execute();
}

/** The count of orders in these statuses, as a one-row select of `n` (the list kit's knownCount);
 *  none (a status filter and IsOrder that exclude each other): 0, the sum of no rows. */
export function countOfStatuses(t: Tenant, statuses: readonly OrderStatus[]) {
  const q = t.select('order_status_counts').select(sql<string>`coalesce(sum(n), 0)`.as('n'));
  return statuses.length > 0 ? q.where('status', 'in', [...statuses]) : q.where(sql<boolean>`false`);
}
