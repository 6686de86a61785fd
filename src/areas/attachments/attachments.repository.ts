// SQL of attachments, through the company door. A record's attachments are read along
// (company_id, entity_type, entity_id); an order's — its own and its items', stops' and transfer
// stops' — along (company_id, order_id), the order being written on each row at upload.
import type { Insertable } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { companyEvent } from '../../platform/events.js';
import { companyRecords } from '../../platform/records.js';
import type { AttachmentRow } from './attachments.schemas.js';
import type { AttachmentsTable } from './attachments.tables.js';

export interface AttachmentChange {
  attachmentId: number;
  entityType: number | null;
  entityId: number | null;
  fileName: string;
  contentType: string;
  size: number;
}

const attachmentEvent = (name: string, description: string) =>
  companyEvent<AttachmentChange>(name, {
    entity: 'attachment',
    description,
    entry: (p) => ({
      id: p.attachmentId,
      payload: { entityType: p.entityType, entityId: p.entityId, fileName: p.fileName, contentType: p.contentType, size: p.size },
    }),
  });

export const attachmentAdded = attachmentEvent('attachment.added', 'A file was attached to a record, or an image uploaded (POST /Images/upload).');
export const attachmentDeleted = attachmentEvent('attachment.deleted', 'An attachment was deleted (its file goes once nothing else names it).');

const COLUMNS = [
  'a.id',
  'a.entity_type',
  'a.entity_id',
  'a.order_id',
  'a.file_key',
  'a.file_name',
  'a.content_type',
  'a.size',
  'a.page_type',
  'a.page_number',
  'a.page_label',
  'a.preview_key',
  'a.preview_type',
  'a.created_at',
  'a.created_by',
] as const;

const attachments = (t: Tenant) => t.select('attachments as a').select(COLUMNS);

/** Attachments by id; another company's reads as missing ("Attachment 5 was not found."). */
export const attachmentRecords = companyRecords<AttachmentRow>({
  name: 'attachment',
  what: 'Attachment',
  read: (t, ids) => attachments(t).where('a.id', 'in', ids).execute() as Promise<AttachmentRow[]>,
});

/** Pages in their order (unnumbered ones last), then as uploaded. */
const inPageOrder = <Q extends ReturnType<typeof attachments>>(q: Q) => q.orderBy('a.page_number', (o) => o.asc().nullsLast()).orderBy('a.id');

export function attachmentsOf(t: Tenant, entityType: number, entityId: number): Promise<AttachmentRow[]> {
  return inPageOrder(attachments(t).where('a.entity_type', '=', entityType).where('a.entity_id', '=', entityId)).execute() as Promise<AttachmentRow[]>;
}

/** Order (2), Quotes (8), Orders (9): the order itself. */
const ORDER_TYPES = [2, 8, 9];

/** The order's attachments and those of its items, stops and transfer stops: the order's own first. */
export function attachmentsOfOrder(t: Tenant, orderId: number): Promise<AttachmentRow[]> {
  return inPageOrder(
    attachments(t)
      .where('a.order_id', '=', orderId)
      .orderBy((eb) => eb.case().when('a.entity_type', 'in', ORDER_TYPES).then(0).else(1).end()),
  ).execute() as Promise<AttachmentRow[]>;
}

export async function countOf(t: Tenant, entityType: number, entityId: number): Promise<number> {
  const row = await t
    .select('attachments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', entityId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type AttachmentValues = Omit<Insertable<AttachmentsTable>, 'company_id' | 'id' | 'created_at'>;

export async function insertAttachment(t: Tenant, values: AttachmentValues): Promise<number> {
  return (await t.insert('attachments', values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function deleteAttachment(t: Tenant, id: number): Promise<void> {
  await t.delete('attachments').where('id', '=', id).execute();
}
