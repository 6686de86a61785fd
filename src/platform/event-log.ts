// The company event log: one row per state change a user or an integration would want to hear
// about, appended in the transaction of the change (ARCHITECTURE.md "Data"). Positions are
// per company, follow commit order and have no gaps (counters.ts), so a reader that remembers the
// last position it saw misses nothing. Events reach the log by being announced: an event declared
// with `logged` (events.ts) is written here by `t.announce`, before its subscribers act.

import { nextValue } from './counters.js';
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

/** Appends the entry; answers its position. */
export async function appendEvent(t: Tenant, entry: LogEntry): Promise<number> {
  const position = await nextValue(t, 'event_log');
  await t
    .insert('company_events', {
      position,
      type: entry.type,
      entity_type: entry.entityType,
      entity_id: entry.entityId === null ? null : String(entry.entityId),
      payload: JSON.stringify(entry.payload),
      user_id: t.userId,
      request_id: t.requestId,
    })
    .execute();
  return position;
}
