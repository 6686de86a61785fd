// An order's history: its activity log (what happened, in words, with notes people add) and its
// audit log (each change's before and after).
import { DateTime, Id, Nullable, PageParams, type Static, Type, UserId } from '../../platform/schemas.js';

export const OrderActivity = Type.Object(
  {
    id: Id,
    orderId: Id,
    stopId: Nullable(Id),
    type: Type.String({ description: 'order.created, order.order, order.closed, stop.held, stop.released...' }),
    description: Type.String(),
    userId: Nullable(UserId),
    userName: Nullable(Type.String()),
    createdAt: DateTime,
    note: Nullable(Type.String()),
    noteBy: Nullable(UserId),
    noteAt: Nullable(DateTime),
  },
  { $id: 'OrderActivity' },
);
export type OrderActivityT = Static<typeof OrderActivity>;

export const OrderAuditEntry = Type.Object(
  {
    id: Id,
    action: Type.String(),
    userId: Nullable(UserId),
    userName: Nullable(Type.String()),
    before: Type.Unknown({ description: 'The order (or the part that changed) before; null for a creation.' }),
    after: Type.Unknown({ description: 'After; null for a removal.' }),
    requestId: Nullable(Type.String()),
    createdAt: DateTime,
  },
  { $id: 'OrderAuditEntry' },
);
export type OrderAuditEntryT = Static<typeof OrderAuditEntry>;

export const HistoryQuery = Type.Object({ Page: PageParams.Page, ItemsPerPage: PageParams.ItemsPerPage });
export const ActivityParams = Type.Object({ id: Id, activityId: Id });
export const NoteInput = Type.Object({ note: Type.String({ minLength: 1, maxLength: 4000 }) });
export type NoteInputT = Static<typeof NoteInput>;
