// An invoice's activity and its notes (part 2, "Accounting": AuditLog), and the invoice's customer.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { None } from '../../platform/envelope.js';
import { invalid } from '../../platform/errors.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Many, Type } from '../../platform/schemas.js';
import type { CustomerServices } from '../customers/index.js';
import { orderRecords } from '../orders/index.js';
import { EDIT_INVOICE, VIEW } from './accounting.access.js';
import { activityOf, invoiceActivityRecords, setNote } from './history.repository.js';
import {
  ActivityIdParams,
  ActivityNoteDto,
  type ActivityNoteT,
  AuditLogQuery,
  type AuditLogQueryT,
  InvoiceActivityDto,
  type InvoiceActivityT,
} from './history.schemas.js';
import { invoiceRecords } from './invoices.repository.js';
import { InvoiceIdParams } from './invoices.schemas.js';

/** invoiceId and orderId were read by the id gate (an order deleted ones too). */
async function auditLog(t: Tenant, q: AuditLogQueryT) {
  if (q.invoiceId == null && q.orderId == null) throw invalid('invoiceId', 'Send invoiceId or orderId.');
  return activityOf(t, { invoiceId: q.invoiceId ?? null, orderId: q.orderId ?? null });
}

async function note(t: Tenant, before: InvoiceActivityT, body: ActivityNoteT | null) {
  const activityId = before.id;
  if (body !== null && body.note.trim() === '') throw invalid('note', 'A note has words: DELETE removes it.');
  await setNote(t, activityId, body === null ? null : body.note.trim());
  const after = await invoiceActivityRecords.reread(t, activityId);
  await audit(t, { action: body === null ? 'invoice.note_removed' : 'invoice.note', entityType: 'invoice', entityId: before.invoiceId, before, after });
  return after;
}

export function historyRoutes(customers: CustomerServices['customers']): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/Accounting/AuditLog',
      access: VIEW,
      ids: { query: { invoiceId: invoiceRecords, orderId: orderRecords.with({ includeDeleted: true }) } },
      summary: "An invoice's activity (or an order's invoices'), newest first",
      description: 'invoiceId, or orderId (every invoice made for the order); one is required. At most 1,000 entries, each with its note.',
      querystring: AuditLogQuery,
      response: Many(Type.Ref('InvoiceActivityDto')),
      handler: ({ tenant, query }) => auditLog(tenant, query),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Accounting/AuditLog/:activityId/note',
      access: EDIT_INVOICE,
      ids: { params: { activityId: invoiceActivityRecords } },
      summary: 'Write the note of an activity entry',
      description: 'Replaces the note (1–4,000 characters); who wrote it and when are kept.',
      params: ActivityIdParams,
      body: ActivityNoteDto,
      response: InvoiceActivityDto,
      handler: ({ tenant, found, body }) => note(tenant, found.one(invoiceActivityRecords), body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Accounting/AuditLog/:activityId/note',
      access: EDIT_INVOICE,
      ids: { params: { activityId: invoiceActivityRecords } },
      summary: 'Remove the note of an activity entry',
      params: ActivityIdParams,
      response: None,
      handler: async ({ tenant, found }) => {
        await note(tenant, found.one(invoiceActivityRecords), null);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/Accounting/:id/Customer',
      access: VIEW,
      ids: { params: { id: invoiceRecords } },
      summary: "The invoice's customer",
      description: 'The customer the invoice bills, deleted or not.',
      params: InvoiceIdParams,
      response: Type.Ref('Customer'),
      handler: ({ tenant, found }) => customers.read(tenant, found.one(invoiceRecords).customer_id, [0, 1]),
    }),
  ];
}
