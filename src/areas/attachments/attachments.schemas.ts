// Models of attachments (part 2, "Attachments and images"; the Attachment model is not shown in the
// spec: designed here) and the row → answer mapper.
import type { Selectable } from 'kysely';
import { DateTime, Id, NameEnum, Nullable, NumEnum, type Static, Type } from '../../platform/schemas.js';
import type { AttachmentsTable } from './attachments.tables.js';
import { ENTITY_TYPES } from './entity-types.js';

export const PAGE_TYPES = ['MainPage', 'BackPage', 'SignaturePage', 'Other'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/** Longest file name and page label kept. */
export const MAX_FILE_NAME = 255;
export const MAX_PAGE_LABEL = 100;
export const MAX_PAGE_NUMBER = 9999;

const ENTITY_TYPE_VALUES = Object.fromEntries(ENTITY_TYPES.map((name, i) => [name, i + 1])) as Record<(typeof ENTITY_TYPES)[number], number>;

export const EntityTypeEnum = NumEnum(ENTITY_TYPE_VALUES, { description: 'What the file is attached to; the number or the name (any case)' });

export const Attachment = Type.Object(
  {
    id: Id,
    entityType: Nullable(
      Type.Integer({ format: 'int32', description: 'The entity type (1 Customer ... 33 FreightPayment); null for an image of POST /Images/upload.' }),
    ),
    entityId: Nullable(Type.Integer({ format: 'int32', description: 'The id of the record the file is attached to.' })),
    orderId: Nullable(
      Type.Integer({ format: 'int32', description: 'The order (or quote) the record belongs to, for attachments of orders, items, stops and transfer stops.' }),
    ),
    fileName: Type.String({ description: 'The name the file was uploaded with (no folders).' }),
    contentType: Type.String({ description: 'The type found in the content (not the one the client declared), as GET /Attachments/{id} serves it.' }),
    size: Type.Integer({ description: 'Bytes.' }),
    pageType: Nullable(NameEnum(PAGE_TYPES, { description: 'Which page of a paper the file shows.' })),
    pageNumber: Nullable(Type.Integer({ format: 'int32', description: 'The page number of the paper the file shows.' })),
    pageLabel: Nullable(Type.String({ description: 'A label for the page ("POD", "Fuel receipt").' })),
    hasPreview: Type.Boolean({
      description:
        'GET /Attachments/View/{id} answers a preview: true for pictures and PDFs (a smaller picture, the first page, or the file itself when it is small already).',
    }),
    createdAt: DateTime,
    createdBy: Nullable(Type.String({ description: 'The user who uploaded the file.' })),
    url: Type.String({ description: "Where the file is downloaded (GET /Attachments/{id}, with the company's token)." }),
  },
  { $id: 'Attachment', description: 'A file attached to a record of the company (a signed POD, a photo, a scanned paper).' },
);
export type AttachmentT = Static<typeof Attachment>;

export type AttachmentRow = Omit<Selectable<AttachmentsTable>, 'company_id'>;

export const AttachmentIdParams = Type.Object({ id: Id });
export const DriverParams = Type.Object({ driverId: Id });
export const InvoiceParams = Type.Object({ invoiceId: Id });
export const OrderParams = Type.Object({ orderId: Id });
export const UploadParams = Type.Object({ entityType: EntityTypeEnum, entityId: Id });
export type UploadParamsT = Static<typeof UploadParams>;

/** The multipart fields of an upload besides the file, as sent (strings), checked by the service. */
export interface PageFields {
  pageType?: string;
  pageNumber?: string;
  pageLabel?: string;
}

export const fileUrl = (publicUrl: string, id: number) => `${publicUrl}/api/v1/Attachments/${id}`;

export function toAttachment(row: AttachmentRow, publicUrl: string): AttachmentT {
  return {
    id: row.id,
    entityType: row.entity_type,
    entityId: row.entity_id,
    orderId: row.order_id,
    fileName: row.file_name,
    contentType: row.content_type,
    size: Number(row.size),
    pageType: row.page_type as PageType | null,
    pageNumber: row.page_number,
    pageLabel: row.page_label,
    hasPreview: row.preview_key !== null || row.content_type === 'application/pdf' || row.content_type.startsWith('image/'),
    createdAt: row.created_at,
    createdBy: row.created_by,
    url: fileUrl(publicUrl, row.id),
  };
}
