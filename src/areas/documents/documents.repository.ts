// SQL of the documents library, through the company door. The list pages in SQL along the
// company's indexes (created_at, lower(name), size); SearchTerm asks the search-key index of the
// name and text (migration 0024) through fds_document_matches.
import { type Selectable, sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { pagedList } from '../../platform/list.js';
import { companyRecords } from '../../platform/records.js';
import { type CompanyDocumentT, type DocumentStatus, DocumentsQuery, type DocumentsQueryT, type DocumentType } from './documents.schemas.js';
import type { DocumentsTable } from './documents.tables.js';
import { documentsChanged, documentsChanging, FIGURE_COLUMNS, figures } from './figures.js';

/** The search text keeps the name and this much of the text: the index stays small, and a
 *  document's first pages say what it is (docs/documents.md). */
export const SEARCH_TEXT_CHARS = 200_000;

export type DocumentRow = Omit<Selectable<DocumentsTable>, 'company_id' | 'markdown' | 'search_text'>;

const COLUMNS = [
  'd.id',
  'd.name',
  'd.file_name',
  'd.document_type',
  'd.content_type',
  'd.file_key',
  'd.size',
  'd.pages',
  'd.version',
  'd.editable',
  'd.source',
  'd.agent_conversation_id',
  'd.categories',
  'd.tags',
  'd.status',
  'd.status_message',
  'd.extract_attempts',
  'd.extract_after',
  'd.reviewed_at',
  'd.reviewed_by',
  'd.archived_at',
  'd.created_by',
  'd.created_at',
  'd.updated_at',
] as const;

const all = (t: Tenant) => t.select('documents as d');

export const documentRecords = companyRecords<DocumentRow>({
  name: 'document',
  what: 'Document',
  read: (t, ids) => all(t).select(COLUMNS).where('d.id', 'in', ids).execute(),
});

export function toDocument(r: DocumentRow, markdown: string | null = null): CompanyDocumentT {
  const status = r.status as DocumentStatus;
  return {
    id: r.id,
    name: r.name,
    fileName: r.file_name,
    documentType: r.document_type as DocumentType,
    contentType: r.content_type,
    size: Number(r.size),
    pages: r.pages,
    version: r.version,
    editable: r.editable,
    source: r.source,
    agentConversationId: r.agent_conversation_id,
    categories: r.categories,
    tags: r.tags,
    status,
    statusMessage: r.status_message,
    needsImport: status === 'Pending' || status === 'Failed',
    needsReview: status === 'Extracted',
    reviewedAt: r.reviewed_at,
    archived: r.archived_at !== null,
    archivedAt: r.archived_at,
    markdown,
    createdBy: r.created_by,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** Whether a lower-cased label set meets any of the asked labels (any case). */
const anyLabel = (column: 'd.categories' | 'd.tags', values: string[]) =>
  sql<boolean>`EXISTS (SELECT 1 FROM unnest(${sql.ref(column)}) AS l(v) WHERE lower(l.v) = ANY(${values.map((v) => v.toLowerCase())}::text[]))`;

export const listDocuments = pagedList({
  query: DocumentsQuery,
  from: (t: Tenant, query) => {
    const q = all(t);
    if (query.ArchivedOnly) return q.where('d.archived_at', 'is not', null);
    return query.IncludeArchived ? q : q.where('d.archived_at', 'is', null);
  },
  filters: {
    Categories: (q, values) => q.where(anyLabel('d.categories', values)),
    Tags: (q, values) => q.where(anyLabel('d.tags', values)),
    DocumentTypes: (q, types) => q.where('d.document_type', 'in', types),
    Sources: (q, sources) => q.where('d.source', 'in', sources),
    Statuses: (q, statuses) => q.where('d.status', 'in', statuses),
    NeedsImport: (q, on) => (on ? q.where('d.status', 'in', ['Pending', 'Failed']) : q),
    NeedsReviewOnly: (q, on) => (on ? q.where('d.status', '=', 'Extracted') : q),
    From: (q, from) => q.where('d.created_at', '>=', new Date(from)),
    To: (q, to) => q.where('d.created_at', '<=', new Date(to)),
  },
  sortable: {
    createdAt: ['d.created_at', 'd.id'],
    name: [sql`lower(d.name)`, 'd.id'],
    size: ['d.size', 'd.id'],
    updatedAt: ['d.updated_at', 'd.id'],
  },
  defaultSort: { by: 'createdAt', descending: true },
  // SearchTerm: contained (any case) in the name or the extracted text. A rare term's matches come
  // through the company's search-key index (a definer function: row security keeps @> from being
  // an index condition; on Citus it cannot run inside a statement over company tables, so there
  // the text is read row by row); a common one is looked for row by row along the page's order.
  broadSearch: {
    param: 'SearchTerm',
    normalize: (term) => term.toLowerCase(),
    matches: (term) => sql<boolean>`strpos(d.search_text, ${term}) > 0`,
    // A long text's first 4,000 characters (its name and first page or two): a 75-page PDF's
    // 200,000 would make the sample of 200 read 40 MB; substr decompresses only that slice. A text
    // of at most 16,000 bytes (most papers) whole: its size is known without reading it, and
    // cutting it by characters walks every character — 1.5 of the sample's 2 ms on 1 KB texts.
    sampled: (term) =>
      sql<boolean>`(case when octet_length(d.search_text) <= 16000 then strpos(d.search_text, ${term}) else strpos(substr(d.search_text, 1, 4000), ${term}) end) > 0`,
    indexed: (q, term, t) =>
      t.distributed
        ? q.where(sql<boolean>`strpos(d.search_text, ${term}) > 0`)
        : q.where('d.id', 'in', sql<number>`(SELECT fds_document_matches(${t.companyId}, ${term}))`),
  },
  // Without labels, dates or a search, the running figures (0026) have the count.
  knownCount: { accounts: ['DocumentTypes', 'Sources', 'Statuses', 'NeedsImport', 'NeedsReviewOnly'], count: figureCount },
  select: (q) => q.select(COLUMNS),
  map: async (rows: DocumentRow[], t, query) => {
    if (!query.IncludeContent || rows.length === 0) return rows.map((r) => toDocument(r));
    const texts = await markdownsOf(
      t,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toDocument(r, texts.get(r.id) ?? null));
  },
});

/** How many documents the figures count for a query of their keys only (archive, status, source, type). */
function figureCount(t: Tenant, query: DocumentsQueryT) {
  return figures(t)
    .select(sql<string>`coalesce(sum(f.n), 0)`.as('n'))
    .$if(!!query.ArchivedOnly, (q) => q.where('f.archived', '=', true))
    .$if(!query.ArchivedOnly && !query.IncludeArchived, (q) => q.where('f.archived', '=', false))
    .$if(!!query.DocumentTypes?.length, (q) => q.where('f.document_type', 'in', query.DocumentTypes!))
    .$if(!!query.Sources?.length, (q) => q.where('f.source', 'in', query.Sources!))
    .$if(!!query.Statuses?.length, (q) => q.where('f.status', 'in', query.Statuses!))
    .$if(!!query.NeedsImport, (q) => q.where('f.status', 'in', ['Pending', 'Failed']))
    .$if(!!query.NeedsReviewOnly, (q) => q.where('f.status', '=', 'Extracted'));
}

export async function markdownsOf(t: Tenant, ids: number[]): Promise<Map<number, string | null>> {
  const rows = await t.select('documents as d').select(['d.id', 'd.markdown']).where('d.id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.markdown]));
}

export async function markdownOf(t: Tenant, id: number): Promise<string | null> {
  const row = await t.select('documents as d').select('d.markdown').where('d.id', '=', id).executeTakeFirst();
  return row?.markdown ?? null;
}

/** The search text of a name and a text: lower case, the text's first SEARCH_TEXT_CHARS. */
export function searchTextOf(name: string, markdown: string | null): string {
  return `${name}\n${(markdown ?? '').slice(0, SEARCH_TEXT_CHARS)}`.toLowerCase();
}

export type DocumentValues = Partial<Omit<Selectable<DocumentsTable>, 'company_id' | 'id' | 'created_at'>>;

export async function insertDocument(t: Tenant, values: DocumentValues & { name: string; file_name: string; file_key: string }): Promise<number> {
  const row = await t
    .insert('documents', {
      document_type: 'Other',
      content_type: 'application/octet-stream',
      size: 0,
      source: 'Upload',
      status: 'Pending',
      ...values,
      search_text: searchTextOf(values.name, values.markdown ?? null),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await documentsChanged(t, [row.id]);
  return row.id;
}

export async function updateDocument(t: Tenant, id: number, values: DocumentValues): Promise<void> {
  const figured = FIGURE_COLUMNS.some((column) => column in values);
  if (figured) await documentsChanging(t, [id]);
  await t
    .update('documents')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  if (figured) await documentsChanged(t, [id]);
}

/** Sets the search text again from the row's name and text (after either changed). */
export async function refreshSearchText(t: Tenant, id: number): Promise<void> {
  await t
    .update('documents')
    .set({ search_text: sql`lower(name || E'\n' || left(coalesce(markdown, ''), ${SEARCH_TEXT_CHARS}))` })
    .where('id', '=', id)
    .execute();
}

export interface VersionValues {
  document_id: number;
  version: number;
  file_name: string;
  content_type: string;
  file_key: string;
  size: number;
}

export async function insertVersion(t: Tenant, v: VersionValues): Promise<void> {
  await t.insert('document_versions', { ...v, created_by: t.userId }).execute();
}

/** Every file key the document's versions name (each holds one reference). */
export async function versionKeysOf(t: Tenant, id: number): Promise<string[]> {
  const rows = await t.select('document_versions as v').select('v.file_key').where('v.document_id', '=', id).orderBy('v.version').execute();
  return rows.map((r) => r.file_key);
}

/** Deletes the document; its versions and links go with it (ON DELETE CASCADE). */
export async function deleteDocument(t: Tenant, id: number): Promise<void> {
  await documentsChanging(t, [id]);
  await t.delete('document_versions').where('document_id', '=', id).execute();
  await t.delete('document_links').where('document_id', '=', id).execute();
  await t.delete('documents').where('id', '=', id).execute();
}
