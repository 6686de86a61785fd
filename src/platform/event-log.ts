// The company event log: one row per state change a user or an integration would want to hear
// about, appended in the transaction of the change (docs/architecture.md, "Data"). Positions are
// per company, follow commit order and have no gaps (counters.ts), so a reader that remembers the
// last position it saw misses nothing. Events reach the log by being announced: an event declared
// with `logged` (events.ts) is written here by `t.announce`, before its subscribers act.

import { sql } from 'kysely';
import { holdCounterQuery, nextValueQuery } from './counters.js';
import type { Tenant } from './door.js';

export interface LogEntry {
  /** `order.closed`: the event's name. */
  type: string;
  /** What it is about: `order`, `order_stop`. */
  entityType: string;
  entityId: string | number | null;
  /** A small summary of the change (ids, the new state), never a whole record. */
  payload: Record<string, unknown>;
}

const POSITION = 'event_log';

/**
 * The statement taking the company's event-log position lock before the first announcement of the
 * work (a CTE of the statement locking what comes after it). Counters an area keeps itself
 * (order_status_counts) are locked after it, so two transactions never hold one each and wait for
 * the other's: whoever holds such a row holds the log's lock already.
 */
export function holdEventLogQuery(t: Tenant) {
  return holdCounterQuery(t, POSITION);
}

/** Appends the entry; answers its position. One statement: the position taken (its counter row
 *  locked until commit, counters.ts) and the row written, a round trip less inside the lock. */
export async function appendEvent(t: Tenant, entry: LogEntry): Promise<number> {
  const row = await t.db
    .with('p', () => nextValueQuery(t, POSITION))
    .insertInto('company_events')
    .columns(['company_id', 'position', 'type', 'entity_type', 'entity_id', 'payload', 'user_id', 'request_id'])
    .expression((eb) =>
      eb.selectFrom('p').select([
        // Typed here: in a select list a parameter has no column to take its type from.
        sql<number>`${t.companyId}::int`.as('company_id'),
        'p.value',
        sql<string>`${entry.type}::text`.as('type'),
        sql<string>`${entry.entityType}::text`.as('entity_type'),
        sql<string>`${entry.entityId === null ? null : String(entry.entityId)}::text`.as('entity_id'),
        sql<string>`${JSON.stringify(entry.payload)}::jsonb`.as('payload'),
        sql<string>`${t.userId}::text`.as('user_id'),
        sql<string>`${t.requestId}::text`.as('request_id'),
      ]),
    )
    .returning('position')
    .executeTakeFirstOrThrow();
  return Number(row.position);
}
