// The library as a whole: bulk actions, the filters' values, stats, the retention preview, and a
// document's links, activity and mail. Bulk actions run in one transaction: every document the
// company has gets the action, each answered with its own result; the request's own problems (a
// label too long, a missing order) are a 400 or 404 before anything is written.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { enqueueMail } from '../../integrations/mail/outbox.js';
import { audit } from '../../platform/audit.js';
import { invalid } from '../../platform/errors.js';
import type { StoredFiles } from '../../platform/stored-files.js';
import { documentUpdated } from './documents.events.js';
import * as repo from './documents.repository.js';
import type { BulkRequestT, EmailDocumentT } from './documents.schemas.js';
import { type DocumentsService, labelsOf } from './documents.service.js';
import { figures } from './figures.js';
import { addLinks, linksOf, removeLinks } from './links.js';

/** Default of the retention rule: archived documents archived at least a year ago. */
export const RETENTION_DEFAULT_DAYS = 365;
const RETENTION_LISTED = 500;

const counts = (rows: Array<{ value: string | null; count: number | string }>) =>
  rows.filter((r) => r.value !== null).map((r) => ({ value: r.value!, count: Number(r.count) }));

export function libraryService(files: StoredFiles, documents: DocumentsService) {
  /** The bulk request's own checks, before any document is touched. */
  function checkRequest(request: BulkRequestT) {
    const { action } = request;
    if ((action === 'addTags' || action === 'removeTags') && !request.tags?.length) throw invalid('tags', `${action} needs the tags.`);
    if (action === 'setCategories' && request.categories === undefined) throw invalid('categories', 'setCategories needs the categories (the full set).');
    if ((action === 'link' || action === 'unlink') && request.orderId == null && request.customerId == null)
      throw invalid('orderId', `${action} needs an orderId or a customerId.`);
    // An order or customer sent is the company's whatever the action: the route's id gate read them (another company's is a 404).
    return { tags: labelsOf(request.tags ?? [], 'tags'), categories: labelsOf(request.categories ?? [], 'categories') };
  }

  async function applyOne(t: Tenant, row: repo.DocumentRow, request: BulkRequestT, labels: { tags: string[]; categories: string[] }): Promise<void> {
    const id = row.id;
    const doc = documents.read(t, row);
    switch (request.action) {
      case 'archive':
        if (!doc.archived) await documents.archive(t, row);
        return;
      case 'unarchive':
        if (doc.archived) await documents.unarchive(t, row);
        return;
      case 'delete':
        return documents.remove(t, row);
      case 'addTags':
        await documents.setTags(t, row, [...doc.tags, ...labels.tags]);
        return;
      case 'removeTags': {
        const gone = new Set(labels.tags.map((l) => l.toLowerCase()));
        await documents.setTags(
          t,
          row,
          doc.tags.filter((l) => !gone.has(l.toLowerCase())),
        );
        return;
      }
      case 'setCategories':
        await documents.setCategories(t, row, labels.categories);
        return;
      case 'link':
      case 'unlink': {
        await (request.action === 'link' ? addLinks : removeLinks)(t, [id], request);
        const after = await documents.reread(t, id);
        await audit(t, {
          action: `library.${request.action}`,
          entityType: 'document',
          entityId: id,
          after: { orderId: request.orderId ?? null, customerId: request.customerId ?? null },
        });
        await t.announce(documentUpdated, { documentId: id, name: after.name, change: request.action });
        return;
      }
      case 'reprocess':
        await documents.reprocess(t, row, null);
        return;
    }
  }

  return {
    async bulk(t: Tenant, request: BulkRequestT) {
      const labels = checkRequest(request);
      const ids = [...new Set(request.documentIds)];
      // A filter (the id gate reads none): the documents the company has among them.
      const found = new Map((await repo.documentRecords.findAll(t, ids)).map((r) => [r.id, r]));
      const results: Array<{ documentId: number; ok: boolean; error: string | null }> = [];
      for (const id of ids) {
        const row = found.get(id);
        if (!row) {
          results.push({ documentId: id, ok: false, error: `Document ${id} was not found.` });
          continue;
        }
        await applyOne(t, row, request, labels);
        results.push({ documentId: id, ok: true, error: null });
      }
      const succeeded = results.filter((r) => r.ok).length;
      return { action: request.action, succeeded, failed: results.length - succeeded, results };
    },

    /** The values present among the live documents, most used first. */
    async filters(t: Tenant) {
      const live = () => t.select('documents as d').where('d.archived_at', 'is', null);
      // Types, statuses and sources from the running figures (0026); labels from the rows.
      const by = (column: 'f.document_type' | 'f.status' | 'f.source') =>
        figures(t)
          .where('f.archived', '=', false)
          .select([sql<string>`${sql.ref(column)}`.as('value'), sql<number>`sum(f.n)::int`.as('count')])
          .groupBy(column)
          .having(sql<boolean>`sum(f.n) > 0`)
          .orderBy(sql`sum(f.n)`, 'desc')
          .orderBy(column)
          .execute();
      const labels = (column: 'd.categories' | 'd.tags') =>
        live()
          .innerJoin(sql<{ v: string }>`unnest(${sql.ref(column)})`.as('l'), (j) => j.onTrue())
          .select([sql<string>`min(l.l)`.as('value'), sql<number>`count(*)`.as('count')])
          .groupBy(sql`lower(l.l)`)
          .orderBy(sql`count(*)`, 'desc')
          .orderBy(sql`lower(l.l)`)
          .execute();
      return {
        categories: counts(await labels('d.categories')),
        documentTypes: counts(await by('f.document_type')),
        statuses: counts(await by('f.status')),
        sources: counts(await by('f.source')),
        tags: counts(await labels('d.tags')),
      };
    },

    async stats(t: Tenant) {
      // From the running figures (0026): a few dozen rows, however many documents.
      const rows = (
        await figures(t)
          .select(['f.status', 'f.document_type', 'f.archived', sql<string>`sum(f.n)`.as('n'), sql<string>`sum(f.bytes)`.as('bytes')])
          .groupBy(['f.status', 'f.document_type', 'f.archived'])
          .having(sql<boolean>`sum(f.n) <> 0`)
          .execute()
      ).map((r) => ({ ...r, n: Number(r.n), bytes: Number(r.bytes) }));
      const sum = (pick: (r: (typeof rows)[number]) => boolean, f: 'n' | 'bytes' = 'n') => rows.filter(pick).reduce((s, r) => s + Number(r[f]), 0);
      const group = (key: 'status' | 'document_type') =>
        [...new Set(rows.map((r) => r[key]))].sort().map((value) => ({ value, count: sum((r) => r[key] === value) }));
      return {
        total: sum(() => true),
        archived: sum((r) => r.archived),
        totalBytes: sum(() => true, 'bytes'),
        needsImport: sum((r) => r.status === 'Pending' || r.status === 'Failed'),
        needsReview: sum((r) => r.status === 'Extracted'),
        byStatus: group('status'),
        byType: group('document_type'),
      };
    },

    /** Archived documents archived at least `days` ago: what a retention rule would delete. */
    async retentionPreview(t: Tenant, days: number | undefined) {
      const olderThanDays = days ?? RETENTION_DEFAULT_DAYS;
      const cutoff = new Date(Date.now() - olderThanDays * 86_400_000);
      const due = () => t.select('documents as d').where('d.archived_at', 'is not', null).where('d.archived_at', '<=', cutoff);
      const total = await due()
        .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(d.size), 0)`.as('bytes')])
        .executeTakeFirstOrThrow();
      const listed = await due()
        .select(['d.id', 'd.name', 'd.archived_at', 'd.size'])
        .orderBy('d.archived_at')
        .orderBy('d.id')
        .limit(RETENTION_LISTED)
        .execute();
      return {
        olderThanDays,
        cutoff,
        count: Number(total.n),
        totalBytes: Number(total.bytes),
        documents: listed.map((r) => ({ id: r.id, name: r.name, archivedAt: r.archived_at!, size: Number(r.size) })),
      };
    },

    /** `doc`: the id gate's. */
    links: (t: Tenant, doc: repo.DocumentRow) => linksOf(t, doc.id),

    /** The document's (the id gate's) audit rows, oldest first, with who made each change. */
    async activity(t: Tenant, doc: repo.DocumentRow) {
      const id = doc.id;
      const rows = await t
        .select('audit_log as a')
        .leftJoin('company_users as u', (j) => j.onRef('u.company_id', '=', 'a.company_id').onRef('u.user_id', '=', 'a.user_id'))
        .select(['a.id', 'a.action', 'a.created_at', 'a.user_id', 'a.before', 'a.after', 'u.first_name', 'u.last_name', 'u.email'])
        .where('a.entity_type', '=', 'document')
        .where('a.entity_id', '=', String(id))
        .orderBy('a.created_at')
        .orderBy('a.id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        action: r.action,
        at: r.created_at,
        userId: r.user_id,
        userName: [r.first_name, r.last_name].filter(Boolean).join(' ') || r.email || (r.user_id?.startsWith('system:') ? 'fds' : null),
        before: r.before ?? null,
        after: r.after ?? null,
      }));
    },

    /** One mail in the outbox with the current file attached (the outbox holds its own reference). */
    async email(t: Tenant, row: repo.DocumentRow, input: EmailDocumentT) {
      const id = row.id;
      const to = [...new Set(input.to.map((a) => a.trim()).filter(Boolean))];
      if (to.length === 0) throw invalid('to', 'Send at least one recipient address.');
      await files.retain(t, row.file_key);
      const subject = input.subject?.trim() || row.name;
      const text = input.message?.trim() || `Please find "${row.name}" attached.`;
      const outboxId = await enqueueMail(t, {
        kind: 'library.document',
        to: to.join(', '),
        subject,
        text,
        attachments: [{ fileName: row.file_name, contentType: row.content_type, key: row.file_key }],
      });
      await audit(t, { action: 'library.email', entityType: 'document', entityId: id, after: { outboxId, to, subject } });
      return { outboxId, to, fileName: row.file_name };
    },
  };
}
