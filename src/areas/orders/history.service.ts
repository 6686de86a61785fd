// An order's history: the activity log and the audit log, read; notes on an activity, added,
// changed or removed by people (each note change is audited on the order). Deleted orders keep
// their history readable.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { notFound } from '../../platform/errors.js';
import type { PageQueryT } from '../../platform/schemas.js';
import * as repo from './history.repository.js';
import type { NoteInputT, OrderActivityT } from './history.schemas.js';
import { orderRecords } from './orders.repository.js';

type HistoryQueryT = Pick<PageQueryT, 'Page' | 'ItemsPerPage'>;

export function historyService() {
  const requireOrder = (t: Tenant, id: number) => orderRecords.requireOne(t, id, { includeDeleted: true });

  async function requireActivity(t: Tenant, orderId: number, activityId: number): Promise<OrderActivityT> {
    await requireOrder(t, orderId);
    const found = await repo.findActivity(t, orderId, activityId);
    if (!found) throw notFound('Activity', activityId);
    return found;
  }

  async function note(t: Tenant, orderId: number, activityId: number, text: string | null): Promise<OrderActivityT> {
    const before = await requireActivity(t, orderId, activityId);
    await repo.setNote(t, activityId, text);
    const after = (await repo.findActivity(t, orderId, activityId))!;
    await audit(t, {
      action: text === null ? 'order.activity_note_deleted' : 'order.activity_note',
      entityType: 'order',
      entityId: orderId,
      before: { activityId, note: before.note },
      after: { activityId, note: after.note },
    });
    return after;
  }

  return {
    async activityLog(t: Tenant, orderId: number, query: HistoryQueryT) {
      await requireOrder(t, orderId);
      return repo.listActivities(t, query, { orderId, stopsOnly: false });
    },
    async stopActivities(t: Tenant, orderId: number, query: HistoryQueryT) {
      await requireOrder(t, orderId);
      return repo.listActivities(t, query, { orderId, stopsOnly: true });
    },
    async auditLog(t: Tenant, orderId: number, query: HistoryQueryT) {
      await requireOrder(t, orderId);
      return repo.listAudit(t, query, orderId);
    },
    setNote: (t: Tenant, orderId: number, activityId: number, input: NoteInputT) => note(t, orderId, activityId, input.note.trim()),
    deleteNote: (t: Tenant, orderId: number, activityId: number) => note(t, orderId, activityId, null),
  };
}

export type HistoryService = ReturnType<typeof historyService>;
