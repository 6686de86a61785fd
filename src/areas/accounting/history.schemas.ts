// An invoice's activity (GET /Accounting/AuditLog): InvoiceActivityDto and its note (ActivityNoteDto).
import { DateTime, Id, Nullable, type Static, Type, UserId } from '../../platform/schemas.js';

export const InvoiceActivityDto = Type.Object(
  {
    id: Id,
    invoiceId: Id,
    invoiceNumber: Type.String(),
    orderId: Nullable(Id),
    paymentId: Nullable(Id),
    type: Type.String({ description: 'invoice.created, invoice.updated, invoice.approved, invoice.drafted, invoice.duplicated, invoice.deleted, …' }),
    description: Type.String(),
    userId: Nullable(UserId),
    userName: Nullable(Type.String()),
    createdAt: DateTime,
    note: Nullable(Type.String()),
    noteBy: Nullable(UserId),
    noteAt: Nullable(DateTime),
  },
  { $id: 'InvoiceActivityDto' },
);
export type InvoiceActivityT = Static<typeof InvoiceActivityDto>;

export const AuditLogQuery = Type.Object({
  invoiceId: Type.Optional(Id),
  orderId: Type.Optional(Id),
});
export type AuditLogQueryT = Static<typeof AuditLogQuery>;

export const ActivityIdParams = Type.Object({ activityId: Id });
export const ActivityNoteDto = Type.Object({ note: Type.String({ minLength: 1, maxLength: 4000 }) }, { $id: 'ActivityNoteDto' });
export type ActivityNoteT = Static<typeof ActivityNoteDto>;
