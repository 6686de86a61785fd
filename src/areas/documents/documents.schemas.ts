// Models of the documents library (part 2, "Documents library"; the DTOs' fields are designed here,
// docs/documents.md explains them): a document, its text, versions, links and activity,
// and the requests that change them.
import { DateTime, Id, Many, NameEnum, Nullable, Opt, PageParams, type Static, Type } from '../../platform/schemas.js';

export const DOCUMENT_TYPES = ['Pdf', 'Image', 'Text', 'Csv', 'Html', 'Office', 'Archive', 'Other'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_STATUSES = ['Pending', 'Extracted', 'Reviewed', 'NoText', 'Unsupported', 'Failed'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
export const DOCUMENT_SOURCES = ['Upload', 'Editor', 'Email', 'Scan', 'Agent', 'Integration'] as const;
export type DocumentSource = (typeof DOCUMENT_SOURCES)[number];
/** Longest source a client may send (the spec's field is a plain string: any value is kept). */
export const MAX_SOURCE_CHARS = 64;
export const LINK_TYPES = ['Order', 'Customer'] as const;
export const BULK_ACTIONS = ['archive', 'unarchive', 'delete', 'addTags', 'removeTags', 'setCategories', 'link', 'unlink', 'reprocess'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** Limits of a document's labels: at most 50 categories and 50 tags, each 1 to 64 characters. */
export const MAX_LABELS = 50;
export const MAX_LABEL_CHARS = 64;
export const MAX_BULK = 200;

const STATUS_TEXT =
  'Pending: the text is being extracted (a background job); Extracted: text found, not reviewed yet; Reviewed: a user confirmed or edited the text; ' +
  'NoText: the file has no text layer (a scanned image, a picture); Unsupported: a type fds reads no text from (office, archive); Failed: the file could not be read.';
const SOURCE_TEXT =
  `Where the document came from: fds's own ${DOCUMENT_SOURCES.join(', ')} (Upload by default; Editor for documents written in the editor), or any other ` +
  `text the uploader sent (up to ${MAX_SOURCE_CHARS} characters), kept as sent.`;

const Label = Type.String({ minLength: 1, maxLength: MAX_LABEL_CHARS });
const Labels = (what: string) =>
  Type.Array(Label, {
    maxItems: MAX_LABELS,
    description: `The document's ${what}: at most ${MAX_LABELS}, each 1 to ${MAX_LABEL_CHARS} characters, unique in any case.`,
  });

export const CompanyDocument = Type.Object(
  {
    id: Id,
    name: Type.String({ description: 'Display name (the file name as uploaded unless renamed).' }),
    fileName: Type.String({ description: "The current file's name as received: a base name, no path." }),
    documentType: NameEnum(DOCUMENT_TYPES, { description: "The file's type, from its content (not its name)." }),
    contentType: Type.String({ description: "The current file's media type, from its content." }),
    size: Type.Integer({ description: "The current file's size in bytes." }),
    pages: Nullable(Type.Integer({ description: 'Pages of a PDF; null for other files.' })),
    version: Type.Integer({ description: 'The current version: 1, then one more for each /version or editor save.' }),
    editable: Type.Boolean({ description: 'Written in the editor (/create): its HTML can be edited (/editable, PUT /content).' }),
    source: Type.String({ description: SOURCE_TEXT }),
    agentConversationId: Nullable(Type.Integer({ format: 'int32', description: 'The agent conversation that brought the document, if any.' })),
    categories: Type.Array(Type.String()),
    tags: Type.Array(Type.String()),
    status: NameEnum(DOCUMENT_STATUSES, { description: STATUS_TEXT }),
    statusMessage: Nullable(Type.String({ description: 'The status in words: "No text (scanned image)", why extraction failed.' })),
    needsImport: Type.Boolean({ description: 'The text is not extracted yet, or extraction failed (NeedsImport filter).' }),
    needsReview: Type.Boolean({ description: 'Text extracted and not reviewed by a user yet (NeedsReviewOnly filter).' }),
    reviewedAt: Nullable(DateTime),
    archived: Type.Boolean(),
    archivedAt: Nullable(DateTime),
    markdown: Nullable(Type.String({ description: 'The extracted text: only when the list is asked with IncludeContent; null otherwise.' })),
    createdBy: Nullable(Type.String()),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'CompanyDocumentDto', description: "A document of the company's library." },
);
export type CompanyDocumentT = Static<typeof CompanyDocument>;

const Bool = (description: string) => Type.Optional(Type.Boolean({ description }));
const Names = <const N extends readonly string[]>(names: N, description: string) => Type.Optional(Many(NameEnum(names), { description }));

export const DocumentsQuery = Type.Object({
  ...PageParams,
  ArchivedOnly: Bool('Only archived documents.'),
  IncludeArchived: Bool('Archived documents too (by default they are left out).'),
  IncludeContent: Bool('Each item carries its extracted text (markdown).'),
  NeedsImport: Bool('Only documents whose text is not extracted yet or whose extraction failed (status Pending or Failed).'),
  NeedsReviewOnly: Bool('Only documents with extracted text no user has reviewed yet (status Extracted).'),
  Categories: Type.Optional(Many(Type.String({ maxLength: MAX_LABEL_CHARS }), { description: 'Documents in any of these categories (any case; repeat).' })),
  DocumentTypes: Names(DOCUMENT_TYPES, 'Documents of these types (repeat).'),
  Sources: Names(DOCUMENT_SOURCES, 'Documents from these sources (repeat).'),
  Statuses: Names(DOCUMENT_STATUSES, 'Documents in these statuses (repeat).'),
  Tags: Type.Optional(Many(Type.String({ maxLength: MAX_LABEL_CHARS }), { description: 'Documents with any of these tags (any case; repeat).' })),
  From: Type.Optional(DateTime),
  To: Type.Optional(DateTime),
});
export type DocumentsQueryT = Static<typeof DocumentsQuery>;

export const DocumentIdParams = Type.Object({ id: Id });

export const RenameDocument = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 255, description: 'The new display name; the file is unchanged.' }) },
  { $id: 'RenameCompanyDocumentDto' },
);
export const SetCategories = Type.Object({ categories: Labels('categories (the full set: replaces the old one)') }, { $id: 'SetCompanyDocumentCategoriesDto' });
export const SetTags = Type.Object({ tags: Labels('tags (the full set: replaces the old one)') }, { $id: 'SetCompanyDocumentTagsDto' });

const Html = Type.String({ maxLength: 2_000_000, description: 'HTML from the editor; sanitized (scripts, styles, event handlers and unknown tags removed).' });

export const CreateDocument = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 255, description: "The document's name." }),
    content: Html,
    categories: Opt(Labels('categories')),
    tags: Opt(Labels('tags')),
  },
  { $id: 'CreateCompanyDocumentDto' },
);
export type CreateDocumentT = Static<typeof CreateDocument>;

export const UpdateContent = Type.Object(
  { content: Html, title: Opt(Type.String({ minLength: 1, maxLength: 255, description: 'A new name too, when sent.' })) },
  { $id: 'UpdateCompanyDocumentContentDto' },
);
export type UpdateContentT = Static<typeof UpdateContent>;

export const EditableDocument = Type.Object(
  {
    id: Id,
    title: Type.String(),
    content: Type.String({ description: 'The sanitized HTML of the current version.' }),
    version: Type.Integer(),
    updatedAt: DateTime,
  },
  { $id: 'EditableCompanyDocumentDto' },
);

export const DocumentMarkdown = Type.Object(
  {
    id: Id,
    markdown: Nullable(Type.String({ description: 'The text as markdown; null while none is extracted.' })),
    status: NameEnum(DOCUMENT_STATUSES, { description: STATUS_TEXT }),
    statusMessage: Nullable(Type.String()),
    reviewedAt: Nullable(DateTime),
    reviewedBy: Nullable(Type.String()),
  },
  { $id: 'CompanyDocumentMarkdownDto' },
);
export const UpdateMarkdown = Type.Object(
  { markdown: Type.String({ maxLength: 1_000_000, description: 'The text as the user confirms it; the document is Reviewed.' }) },
  { $id: 'UpdateCompanyDocumentMarkdownDto' },
);
export const Reprocess = Type.Object(
  { reason: Opt(Type.String({ maxLength: 500, description: 'Why (kept in the activity).' })) },
  { $id: 'ReprocessCompanyDocumentDto', description: 'Runs text extraction again: the text and its review are replaced when the job has read the file.' },
);

export const EmailDocument = Type.Object(
  {
    to: Type.Array(Type.String({ format: 'email', maxLength: 254 }), { minItems: 1, maxItems: 20, description: 'Recipients.' }),
    subject: Opt(Type.String({ maxLength: 200, description: 'Default: the document name.' })),
    message: Opt(Type.String({ maxLength: 10_000, description: "The mail's text." })),
  },
  { $id: 'EmailCompanyDocumentDto' },
);
export type EmailDocumentT = Static<typeof EmailDocument>;
export const EmailResult = Type.Object(
  { outboxId: Type.Integer({ description: 'The mail in the outbox.' }), to: Type.Array(Type.String()), fileName: Type.String() },
  { $id: 'CompanyDocumentEmailResultDto' },
);

export const DocumentLink = Type.Object(
  {
    entityType: NameEnum(LINK_TYPES),
    entityId: Id,
    label: Nullable(Type.String({ description: "The order's number or the customer's name." })),
    linkedAt: DateTime,
  },
  { $id: 'CompanyDocumentLinkDto' },
);

export const AuditEvent = Type.Object(
  {
    id: Type.Integer(),
    action: Type.String({ description: 'library.upload, library.rename, library.extracted...' }),
    at: DateTime,
    userId: Nullable(Type.String()),
    userName: Nullable(Type.String()),
    before: Type.Unknown(),
    after: Type.Unknown(),
  },
  { $id: 'DocumentAuditEventDto' },
);

export const BulkRequest = Type.Object(
  {
    action: NameEnum(BULK_ACTIONS, { description: 'What to do to each document.' }),
    documentIds: Type.Array(Id, { minItems: 1, maxItems: MAX_BULK, description: `1 to ${MAX_BULK} documents.` }),
    tags: Opt(Labels('tags to add or remove (addTags, removeTags)')),
    categories: Opt(Labels('categories (setCategories: the full set)')),
    orderId: Opt(Type.Integer({ format: 'int32', description: 'The order to link or unlink (link, unlink).' })),
    customerId: Opt(Type.Integer({ format: 'int32', description: 'The customer to link or unlink (link, unlink).' })),
  },
  { $id: 'CompanyDocumentBulkRequestDto' },
);
export type BulkRequestT = Static<typeof BulkRequest>;
export const BulkResult = Type.Object(
  {
    action: NameEnum(BULK_ACTIONS),
    succeeded: Type.Integer(),
    failed: Type.Integer(),
    results: Type.Array(Type.Object({ documentId: Type.Integer(), ok: Type.Boolean(), error: Nullable(Type.String()) })),
  },
  { $id: 'CompanyDocumentBulkResultDto' },
);

const Counts = Type.Array(Type.Object({ value: Type.String(), count: Type.Integer() }));
export const DocumentFilters = Type.Object(
  { categories: Counts, documentTypes: Counts, statuses: Counts, sources: Counts, tags: Counts },
  { $id: 'CompanyDocumentFiltersDto', description: 'The values present among the live (not archived) documents, with how many have each.' },
);
export const DocumentStats = Type.Object(
  {
    total: Type.Integer({ description: 'Documents, archived ones included.' }),
    archived: Type.Integer(),
    totalBytes: Type.Integer({ description: 'Bytes of the current files.' }),
    needsImport: Type.Integer(),
    needsReview: Type.Integer(),
    byStatus: Counts,
    byType: Counts,
  },
  { $id: 'CompanyDocumentStatsDto' },
);

export const RetentionQuery = Type.Object({
  OlderThanDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 36500, description: 'Archived at least this many days ago (default 365).' })),
});
export const RetentionPreview = Type.Object(
  {
    olderThanDays: Type.Integer(),
    cutoff: DateTime,
    count: Type.Integer(),
    totalBytes: Type.Integer(),
    documents: Type.Array(Type.Object({ id: Id, name: Type.String(), archivedAt: DateTime, size: Type.Integer() }), {
      description: 'The first 500, oldest archive first.',
    }),
  },
  { $id: 'DocumentRetentionPreviewDto', description: 'What the retention rule would delete; nothing is changed.' },
);

export const UploadNotes = [
  'Multipart fields: `files` (1 to 10 files), `source` (' +
    DOCUMENT_SOURCES.join(', ') +
    ` in any case, or any other text up to ${MAX_SOURCE_CHARS} characters, kept as sent; default Upload), ` +
    '`agentConversationId` (int32), `orderId` and `customerId` (link the documents to that order or customer).',
];
