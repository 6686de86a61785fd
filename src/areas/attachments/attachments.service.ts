// Rules of attachments: a file is attached to a record the company has (entity-types.ts), by a user
// allowed to change that kind of record (attachments.access.ts); it is checked and its preview made
// before the company's transaction (received-file.ts), then kept — the file and its preview as
// stored files, one reference each — with the row, an audit row and a company event in one
// transaction. Deleting lets both files go (their bytes leave once nothing else names them).
import { Readable } from 'node:stream';
import type { CompanyWork, Tenant, TenantMode } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import type { Principal } from '../../platform/auth.js';
import { fail, invalid } from '../../platform/errors.js';
import type { FileResult, StagedUploads } from '../../platform/route.js';
import type { StoredFiles } from '../../platform/stored-files.js';
import { FAMILIES, type Family, requireAccess } from './attachments.access.js';
import { AttachmentsErrors } from './attachments.errors.js';
import * as repo from './attachments.repository.js';
import {
  type AttachmentRow,
  type AttachmentT,
  fileUrl,
  MAX_PAGE_LABEL,
  MAX_PAGE_NUMBER,
  PAGE_TYPES,
  type PageFields,
  type PageType,
  toAttachment,
} from './attachments.schemas.js';
import { type EntityTypeName, entityTypeName, entityTypeNumber, familyOf, requireTarget } from './entity-types.js';
import { type CheckedFile, checkFile, onlyFile } from './received-file.js';

/** The most attachments one record takes (its list is answered whole). */
export const MAX_PER_RECORD = 100;

export interface UploadRequest {
  principal: Principal;
  inCompany<T>(mode: TenantMode, work: CompanyWork<T>): Promise<T>;
  staged: StagedUploads;
}

interface Page {
  page_type: PageType | null;
  page_number: number | null;
  page_label: string | null;
}

function pageOf(fields: PageFields): Page {
  const type = fields.pageType?.trim() || null;
  const pageType = type === null ? null : (PAGE_TYPES.find((p) => p.toLowerCase() === type.toLowerCase()) ?? null);
  if (type !== null && pageType === null) throw invalid('pageType', `The pageType field must be one of: ${PAGE_TYPES.join(', ')}.`);
  const number = fields.pageNumber?.trim() || null;
  if (number !== null && !(/^\d{1,4}$/.test(number) && Number(number) >= 1 && Number(number) <= MAX_PAGE_NUMBER))
    throw invalid('pageNumber', `The pageNumber field must be a whole number from 1 to ${MAX_PAGE_NUMBER}.`);
  const label = fields.pageLabel?.trim() || null;
  if (label !== null && label.length > MAX_PAGE_LABEL) throw invalid('pageLabel', `The pageLabel field must be at most ${MAX_PAGE_LABEL} characters.`);
  return { page_type: pageType, page_number: number === null ? null : Number(number), page_label: label };
}

/** Who may read or change the attachment: the family of its record, or the images' for free images. */
function familyOfRow(row: AttachmentRow): Family {
  return row.entity_type === null ? FAMILIES.images : familyOf(entityTypeName(row.entity_type));
}

export function changeOf(row: AttachmentRow): repo.AttachmentChange {
  return {
    attachmentId: row.id,
    entityType: row.entity_type,
    entityId: row.entity_id,
    fileName: row.file_name,
    contentType: row.content_type,
    size: Number(row.size),
  };
}

export function attachmentsService(files: StoredFiles, publicUrl: string) {
  const answer = (row: AttachmentRow) => toAttachment(row, publicUrl);

  /** Keeps a checked file (and its preview) with its row, in the company's transaction. */
  async function keep(
    t: Tenant,
    file: CheckedFile,
    values: Pick<repo.AttachmentValues, 'entity_type' | 'entity_id' | 'order_id'> & Page,
  ): Promise<AttachmentT> {
    const kept = await files.keepStaged(t, file.upload.staged, file.type.mime);
    const preview = file.preview ? await files.keepBytes(t, file.preview.bytes, file.preview.contentType) : null;
    const id = await repo.insertAttachment(t, {
      ...values,
      file_key: kept.key,
      file_name: file.fileName,
      content_type: file.type.mime,
      size: kept.size,
      preview_key: preview?.key ?? null,
      preview_type: preview ? file.preview!.contentType : null,
      created_by: t.userId,
    });
    const row = await repo.attachmentRecords.reread(t, id);
    const created = answer(row);
    await t.announce(repo.attachmentAdded, changeOf(row));
    await audit(t, { action: 'attachment.create', entityType: 'attachment', entityId: id, after: created });
    return created;
  }

  /** The attachment (the id gate's: another company's answered 404 first), if the user may read its record's family. */
  function readable(principal: Principal, row: AttachmentRow): AttachmentRow {
    requireAccess(principal, familyOfRow(row).read);
    return row;
  }

  /** The stored file, sent as it is read (never held whole in memory); `size` when the row knows it. */
  async function fileOf(t: Tenant, key: string, fileName: string, contentType: string, size?: number): Promise<FileResult> {
    const body = await files.named(t, key, `attachment file "${fileName}"`);
    return { fileName, contentType, body, ...(size === undefined ? {} : { size }) };
  }

  return {
    /** The kind's edit access and the record (entityId) were checked by the route's id gate before
     *  the file is read (403, or 404 for a missing record). */
    async upload(req: UploadRequest, type: EntityTypeName, entityId: number, fields: PageFields): Promise<AttachmentT> {
      const page = pageOf(fields);
      const number = entityTypeNumber(type);
      const file = await checkFile(onlyFile(req.staged), { imagesOnly: false });
      return req.inCompany('write', async (t) => {
        // Read again in the writing transaction: the record may have gone while the file was checked.
        const target = await requireTarget(t, type, entityId);
        if ((await repo.countOf(t, number, entityId)) >= MAX_PER_RECORD)
          throw fail(AttachmentsErrors.tooMany, `${type} ${entityId} has ${MAX_PER_RECORD} attachments already; delete one first.`);
        return keep(t, file, { entity_type: number, entity_id: entityId, order_id: target.orderId, ...page });
      });
    },

    /** An image of no record (rich text, a logo): answers the URL it is downloaded at. */
    async uploadImage(req: UploadRequest): Promise<string> {
      requireAccess(req.principal, FAMILIES.images.write);
      const file = await checkFile(onlyFile(req.staged), { imagesOnly: true });
      const created = await req.inCompany('write', (t) =>
        keep(t, file, { entity_type: null, entity_id: null, order_id: null, page_type: null, page_number: null, page_label: null }),
      );
      return created.url;
    },

    /** Attaches bytes the service is handed (the demo's papers), checked as an upload is. */
    async attachBytes(t: Tenant, type: EntityTypeName, entityId: number, fileName: string, bytes: Buffer, fields: PageFields = {}): Promise<AttachmentT> {
      const page = pageOf(fields);
      const target = await requireTarget(t, type, entityId);
      const staged = await files.store.stage(Readable.from([bytes]), { maxBytes: bytes.length });
      try {
        const file = await checkFile({ fieldName: 'file', fileName, contentType: 'application/octet-stream', staged }, { imagesOnly: false });
        return await keep(t, file, { entity_type: entityTypeNumber(type), entity_id: entityId, order_id: target.orderId, ...page });
      } finally {
        await staged.discard();
      }
    },

    async download(t: Tenant, principal: Principal, attachment: AttachmentRow): Promise<FileResult> {
      const row = readable(principal, attachment);
      return fileOf(t, row.file_key, row.file_name, row.content_type, Number(row.size));
    },

    /** The preview kept at upload; the file itself for a picture or PDF small enough; else 400. */
    async view(t: Tenant, principal: Principal, attachment: AttachmentRow): Promise<FileResult> {
      const row = readable(principal, attachment);
      const id = row.id;
      if (row.preview_key && row.preview_type) {
        const extension = row.preview_type === 'application/pdf' ? 'pdf' : row.preview_type === 'image/png' ? 'png' : 'jpg';
        return fileOf(t, row.preview_key, `preview-${row.id}.${extension}`, row.preview_type);
      }
      if (row.content_type === 'application/pdf' || row.content_type.startsWith('image/'))
        return fileOf(t, row.file_key, row.file_name, row.content_type, Number(row.size));
      throw fail(
        AttachmentsErrors.noPreview,
        `Attachment ${id} ("${row.file_name}", ${row.content_type}) has no preview; download it at ${fileUrl(publicUrl, id)}.`,
      );
    },

    async remove(t: Tenant, principal: Principal, row: AttachmentRow): Promise<void> {
      const id = row.id;
      requireAccess(principal, familyOfRow(row).write);
      const before = answer(row);
      await repo.deleteAttachment(t, id);
      await files.release(t, row.file_key);
      if (row.preview_key) await files.release(t, row.preview_key);
      await t.announce(repo.attachmentDeleted, changeOf(row));
      await audit(t, { action: 'attachment.delete', entityType: 'attachment', entityId: id, before });
    },

    /** The lists of a record the route's id gate read (`{ id }` of its row). */
    async ofDriver(t: Tenant, driver: { id: number }): Promise<AttachmentT[]> {
      return (await repo.attachmentsOf(t, entityTypeNumber('Driver'), driver.id)).map(answer);
    },

    async ofInvoice(t: Tenant, invoice: { id: number }): Promise<AttachmentT[]> {
      return (await repo.attachmentsOf(t, entityTypeNumber('Invoice'), invoice.id)).map(answer);
    },

    async ofOrder(t: Tenant, order: { id: number }): Promise<AttachmentT[]> {
      return (await repo.attachmentsOfOrder(t, order.id)).map(answer);
    },
  };
}

export type AttachmentsService = ReturnType<typeof attachmentsService>;
