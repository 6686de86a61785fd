// An order's history: the activity log and the audit log, read; notes on an activity, added,
// changed or removed by people (each note change is audited on the order). Deleted orders keep
// their history readable.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { notFound } from '../../platform/errors.js';
import type { PageQueryT } from '../../platform/schemas.js';
import * as repo from './history.repository.js';
import type { NoteInputT, OrderActivityT } from './history.schemas.js';

type HistoryQueryT = Pick<PageQueryT, 'Page' | 'ItemsPerPage'>;
/** The order, read already (deleted ones too: the route's `anyOrderRecords`). */
type OrderRef = { id: number };

export function historyService() {
  /** The activity (the route's id gate read it) when it is the order's: one of another order is a 404. */
  function activityOf(order: OrderRef, activity: repo.ActivityRow): OrderActivityT {
    if (activity.order_id !== order.id) throw notFound('Activity', activity.id);
    return repo.toActivity(activity);
  }

  async function note(t: Tenant, order: OrderRef, activity: repo.ActivityRow, text: string | null): Promise<OrderActivityT> {
    const before = activityOf(order, activity);
    const orderId = order.id;
    const activityId = activity.id;
    await repo.setNote(t, activityId, text);
    const after = repo.toActivity(await repo.activityRecords.reread(t, activityId));
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
    activityLog: (t: Tenant, order: OrderRef, query: HistoryQueryT) => repo.listActivities(t, query, { orderId: order.id, stopsOnly: false }),
    stopActivities: (t: Tenant, order: OrderRef, query: HistoryQueryT) => repo.listActivities(t, query, { orderId: order.id, stopsOnly: true }),
    auditLog: (t: Tenant, order: OrderRef, query: HistoryQueryT) => repo.listAudit(t, query, order.id),
    setNote: (t: Tenant, order: OrderRef, activity: repo.ActivityRow, input: NoteInputT) => note(t, order, activity, input.note.trim()),
    deleteNote: (t: Tenant, order: OrderRef, activity: repo.ActivityRow) => note(t, order, activity, null),
  };
}

export type HistoryService = ReturnType<typeof historyService>;
