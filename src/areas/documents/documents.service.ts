// Rules of the company's library documents: a document is a file kept as a stored file (one
// reference per version row), a display name, labels and its text. Uploads are checked before the
// transaction (intake.ts) and answer at once: their text is read by the extraction job
// (extraction.ts). Every change writes an audit row and a company event in its transaction.
import type { CompanyWork, Tenant, TenantMode } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { fail, invalid } from '../../platform/errors.js';
import type { CompanyEvent } from '../../platform/events.js';
import type { FileResult, StagedUploads } from '../../platform/route.js';
import type { StoredFiles } from '../../platform/stored-files.js';
import { refuseNul } from '../../platform/text-guard.js';
import { DocumentsErrors } from './documents.errors.js';
import { type DocumentChange, documentArchived, documentCreated, documentDeleted, documentUpdated } from './documents.events.js';
import * as repo from './documents.repository.js';
import { type CompanyDocumentT, DOCUMENT_SOURCES, type DocumentsQueryT, MAX_LABEL_CHARS, MAX_LABELS, MAX_SOURCE_CHARS } from './documents.schemas.js';
import { type CheckedFile, checkFile, checkFiles } from './intake.js';
import { addLinks, requireTargets } from './links.js';

export type InCompany = <T>(mode: TenantMode, work: CompanyWork<T>) => Promise<T>;

/** Media types a browser would run or render as a page: always served as an attachment, and
 *  never sniffed (docs/documents.md). */
const ACTIVE_TYPES = /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|text\/javascript|application\/javascript)/i;

/** A label set as the user wrote it, each once in any case; too many or too long is a 400. */
export function labelsOf(values: readonly string[], field: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of values) {
    const label = raw.trim();
    if (label === '') throw invalid(field, 'A label cannot be blank.');
    if (label.length > MAX_LABEL_CHARS) throw invalid(field, `"${label.slice(0, 20)}…" is longer than ${MAX_LABEL_CHARS} characters.`);
    if (seen.has(label.toLowerCase())) continue;
    seen.add(label.toLowerCase());
    out.push(label);
  }
  if (out.length > MAX_LABELS) throw invalid(field, `At most ${MAX_LABELS} labels.`);
  return out;
}

/** An int32 form field, or null when not sent. */
function intField(fields: Record<string, string>, name: string): number | null {
  const raw = fields[name]?.trim();
  if (raw === undefined || raw === '') return null;
  if (!/^-?\d{1,10}$/.test(raw) || Math.abs(Number(raw)) > 2147483647) throw invalid(name, `${name} must be a whole number.`);
  return Number(raw);
}

/** The spec's source is a plain string: fds's own values are matched in any case (so they filter as
 *  fds's), any other is kept as the client sent it. */
function sourceField(fields: Record<string, string>): string {
  const raw = fields.source?.trim();
  if (!raw) return 'Upload';
  if (raw.length > MAX_SOURCE_CHARS) throw invalid('source', `source must be at most ${MAX_SOURCE_CHARS} characters.`);
  refuseNul(raw, 'source');
  return DOCUMENT_SOURCES.find((s) => s.toLowerCase() === raw.toLowerCase()) ?? raw;
}

type DocumentRow = repo.DocumentRow;

export function documentsService(files: StoredFiles) {
  /** The document as it is after a change of this request. */
  const reread = async (t: Tenant, id: number): Promise<CompanyDocumentT> => repo.toDocument(await repo.documentRecords.reread(t, id));

  /** Audit row and company event of a change, in its transaction. */
  async function record(t: Tenant, event: CompanyEvent<DocumentChange>, change: string, id: number, before: unknown, after: CompanyDocumentT | null) {
    await audit(t, { action: `library.${change}`, entityType: 'document', entityId: id, before, after });
    await t.announce(event, { documentId: id, name: after?.name ?? (before as CompanyDocumentT | null)?.name ?? '', change });
  }

  /** Keeps a checked file as the document's version `version` (the version row holds the reference). */
  async function keepVersion(t: Tenant, documentId: number, version: number, file: CheckedFile): Promise<{ key: string; size: number }> {
    const kept = await files.keepStaged(t, file.upload.staged, file.type.mime);
    await repo.insertVersion(t, { document_id: documentId, version, file_name: file.name, content_type: file.type.mime, file_key: kept.key, size: kept.size });
    return kept;
  }

  /** Changes some columns of the document (`row`: as read in this transaction, by the id gate say) and records it. */
  async function change(t: Tenant, row: DocumentRow, what: string, values: repo.DocumentValues, event: CompanyEvent<DocumentChange> = documentUpdated) {
    const id = row.id;
    const before = repo.toDocument(row);
    await repo.updateDocument(t, id, values);
    if (values.name !== undefined || values.markdown !== undefined) await repo.refreshSearchText(t, id);
    const after = await reread(t, id);
    await record(t, event, what, id, before, after);
    return after;
  }

  return {
    /** A page of the library; its count is estimated for a common search term (list-search.ts). */
    async list(t: Tenant, query: DocumentsQueryT) {
      const page = await repo.listDocuments(t, query);
      return { ...page, totalCountExact: page.totalCountExact ?? true };
    },
    /** `row`: the id gate's. */
    read: (_t: Tenant, row: DocumentRow): CompanyDocumentT => repo.toDocument(row),
    reread,
    record,

    /** Checks every file first (outside the transaction), then keeps them all or none. */
    async upload(inCompany: InCompany, staged: StagedUploads): Promise<CompanyDocumentT[]> {
      const source = sourceField(staged.fields);
      const agentConversationId = intField(staged.fields, 'agentConversationId');
      const orderId = intField(staged.fields, 'orderId');
      const customerId = intField(staged.fields, 'customerId');
      const checked = await checkFiles(staged.files);
      return inCompany('write', async (t) => {
        await requireTargets(t, { orderId, customerId });
        const out: CompanyDocumentT[] = [];
        for (const file of checked) {
          const kept = await files.keepStaged(t, file.upload.staged, file.type.mime);
          const id = await repo.insertDocument(t, {
            name: file.name,
            file_name: file.name,
            document_type: file.documentType,
            content_type: file.type.mime,
            file_key: kept.key,
            size: kept.size,
            pages: file.pages,
            source,
            agent_conversation_id: agentConversationId,
            status: 'Pending',
            extract_after: new Date(),
            created_by: t.userId,
          });
          await repo.insertVersion(t, { document_id: id, version: 1, file_name: file.name, content_type: file.type.mime, file_key: kept.key, size: kept.size });
          await addLinks(t, [id], { orderId, customerId });
          const created = await reread(t, id);
          await record(t, documentCreated, 'upload', id, null, created);
          out.push(created);
        }
        return out;
      });
    },

    /** A new file for the document: the old one stays as a version; the text is read again. The
     *  route's id gate found the document (else 404) before the file is read. */
    async addVersion(inCompany: InCompany, id: number, staged: StagedUploads): Promise<CompanyDocumentT> {
      const upload = staged.files[0];
      if (!upload) throw invalid('file', 'Send the new file in the field `file`.');
      const file = await checkFile(upload);
      return inCompany('write', async (t) => {
        // Read again in the writing transaction: the document may have gone while the file was checked (404).
        const before = repo.toDocument(await repo.documentRecords.requireOne(t, id));
        if (before.editable) throw fail(DocumentsErrors.notEditable, 'A document written in the editor changes through PUT /content, not a file.');
        const version = before.version + 1;
        const kept = await keepVersion(t, id, version, file);
        await repo.updateDocument(t, id, {
          file_name: file.name,
          document_type: file.documentType,
          content_type: file.type.mime,
          file_key: kept.key,
          size: kept.size,
          pages: file.pages,
          version,
          status: 'Pending',
          status_message: null,
          markdown: null,
          reviewed_at: null,
          reviewed_by: null,
          extract_attempts: 0,
          extract_after: new Date(),
        });
        await repo.refreshSearchText(t, id);
        const after = await reread(t, id);
        await record(t, documentUpdated, 'version', id, before, after);
        return after;
      });
    },

    rename: (t: Tenant, row: DocumentRow, name: string) => {
      const trimmed = name.trim();
      if (!trimmed) throw invalid('name', 'The name cannot be blank.');
      return change(t, row, 'rename', { name: trimmed });
    },

    setCategories: (t: Tenant, row: DocumentRow, categories: string[]) => change(t, row, 'categories', { categories: labelsOf(categories, 'categories') }),
    setTags: (t: Tenant, row: DocumentRow, tags: string[]) => change(t, row, 'tags', { tags: labelsOf(tags, 'tags') }),
    archive: (t: Tenant, row: DocumentRow) => change(t, row, 'archive', { archived_at: new Date() }, documentArchived),
    unarchive: (t: Tenant, row: DocumentRow) => change(t, row, 'unarchive', { archived_at: null }, documentArchived),

    /** Deletes the document and its versions; each version's file reference goes (the bytes once
     *  no record names them: a mail in the outbox keeps its own). */
    async remove(t: Tenant, row: DocumentRow): Promise<void> {
      const id = row.id;
      const before = repo.toDocument(row);
      const keys = await repo.versionKeysOf(t, id);
      await repo.deleteDocument(t, id);
      for (const key of keys) await files.release(t, key);
      await record(t, documentDeleted, 'delete', id, before, null);
    },

    /** The current file's bytes; active content (HTML, SVG) only as an attachment, never sniffed. */
    async content(t: Tenant, row: DocumentRow, setHeader: (name: string, value: string) => void): Promise<FileResult> {
      const id = row.id;
      const stream = await files.named(t, row.file_key, `document ${id}`);
      setHeader('x-content-type-options', 'nosniff');
      if (ACTIVE_TYPES.test(row.content_type)) setHeader('content-security-policy', "default-src 'none'; sandbox");
      // Sent as it is read: a 25 MB file asked by many at once is never held whole in memory.
      return { fileName: row.file_name, contentType: row.content_type, body: stream, size: Number(row.size) };
    },

    async markdown(t: Tenant, row: DocumentRow) {
      const id = row.id;
      return {
        id,
        markdown: await repo.markdownOf(t, id),
        status: repo.toDocument(row).status,
        statusMessage: row.status_message,
        reviewedAt: row.reviewed_at,
        reviewedBy: row.reviewed_by,
      };
    },

    /** The text as the user confirms it: the document is Reviewed. */
    setMarkdown: (t: Tenant, row: DocumentRow, markdown: string) =>
      change(t, row, 'markdown', { markdown, status: 'Reviewed', status_message: null, reviewed_at: new Date(), reviewed_by: t.userId }),

    /** Back to Pending: the extraction job reads the file again (its text and review are replaced then). */
    async reprocess(t: Tenant, row: DocumentRow, reason: string | null): Promise<CompanyDocumentT> {
      const id = row.id;
      const before = repo.toDocument(row);
      await repo.updateDocument(t, id, { status: 'Pending', status_message: null, extract_attempts: 0, extract_after: new Date() });
      const after = await reread(t, id);
      await audit(t, { action: 'library.reprocess', entityType: 'document', entityId: id, before, after: { ...after, reason } });
      await t.announce(documentUpdated, { documentId: id, name: after.name, change: 'reprocess' });
      return after;
    },
  };
}

export type DocumentsService = ReturnType<typeof documentsService>;
export { ACTIVE_TYPES };
