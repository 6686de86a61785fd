// Documents written in the editor: a title and HTML, sanitized with sanitize-html (an allow-list:
// text formatting, headings, lists, tables, links and images over http(s), nothing that runs),
// kept as an HTML file (a stored file, one version each save) with its text read at once.
import { Readable } from 'node:stream';
import sanitizeHtml from 'sanitize-html';
import type { Tenant } from '../../db/tenant.js';
import { extractText } from '../../integrations/files/extract-text.js';
import { fail, invalid } from '../../platform/errors.js';
import type { StoredFiles } from '../../platform/stored-files.js';
import { DocumentsErrors } from './documents.errors.js';
import { documentCreated, documentUpdated } from './documents.events.js';
import * as repo from './documents.repository.js';
import type { CompanyDocumentT, CreateDocumentT, UpdateContentT } from './documents.schemas.js';
import type { DocumentsService } from './documents.service.js';
import { labelsOf } from './documents.service.js';

const HTML_TYPE = 'text/html; charset=utf-8';

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'u', 's', 'span'],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
};

/** The editor's HTML with only what the allow-list keeps. */
export function sanitize(html: string): string {
  return sanitizeHtml(html, ALLOWED).trim();
}

/** The stored file: a whole page, so it opens as itself when downloaded. */
function pageOf(title: string, body: string): Buffer {
  const escaped = title.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  return Buffer.from(`<!doctype html>\n<html><head><meta charset="utf-8"><title>${escaped}</title></head>\n<body>\n${body}\n</body></html>\n`);
}

/** The body back out of a stored page (what the editor edits). */
export function bodyOf(page: string): string {
  const match = page.match(/<body>\n?([\s\S]*?)\n?<\/body>/);
  return match ? match[1]! : page;
}

async function textOf(body: string): Promise<string | null> {
  const bytes = Buffer.from(body);
  const text = await extractText({ mime: 'text/html', ext: 'html', kind: 'html' }, () => Readable.from([bytes]), bytes.length);
  return text.markdown;
}

export function editorService(files: StoredFiles, documents: DocumentsService) {
  async function checkedBody(html: string): Promise<{ body: string; markdown: string | null }> {
    const body = sanitize(html);
    if (body === '') throw invalid('content', 'The content is empty once sanitized: write some text.');
    return { body, markdown: await textOf(body) };
  }

  return {
    async create(t: Tenant, input: CreateDocumentT): Promise<CompanyDocumentT> {
      const title = input.title.trim();
      if (!title) throw invalid('title', 'The title cannot be blank.');
      const categories = labelsOf(input.categories ?? [], 'categories');
      const tags = labelsOf(input.tags ?? [], 'tags');
      const { body, markdown } = await checkedBody(input.content);
      const page = pageOf(title, body);
      const kept = await files.keepBytes(t, page, HTML_TYPE);
      const fileName = `${title.replace(/[\\/]/g, '-').slice(0, 240)}.html`;
      // The author wrote the text: it needs no review.
      const id = await repo.insertDocument(t, {
        name: title,
        file_name: fileName,
        document_type: 'Html',
        content_type: HTML_TYPE,
        file_key: kept.key,
        size: kept.size,
        editable: true,
        source: 'Editor',
        categories,
        tags,
        status: 'Reviewed',
        markdown,
        reviewed_at: new Date(),
        reviewed_by: t.userId,
        created_by: t.userId,
      });
      await repo.insertVersion(t, { document_id: id, version: 1, file_name: fileName, content_type: HTML_TYPE, file_key: kept.key, size: kept.size });
      const created = await documents.reread(t, id);
      await documents.record(t, documentCreated, 'create', id, null, created);
      return created;
    },

    /** `row`: the id gate's. */
    async editable(t: Tenant, row: repo.DocumentRow) {
      const id = row.id;
      if (!row.editable)
        throw fail(DocumentsErrors.notEditable, `Document ${id} "${row.name}" was uploaded: only documents written in the editor are editable.`);
      const stream = await files.named(t, row.file_key, `document ${id}`);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return { id, title: row.name, content: bodyOf(Buffer.concat(chunks).toString('utf8')), version: row.version, updatedAt: row.updated_at };
    },

    /** New sanitized HTML: a new version (the old file stays with its version row). */
    async updateContent(t: Tenant, row: repo.DocumentRow, input: UpdateContentT): Promise<CompanyDocumentT> {
      const id = row.id;
      const before = documents.read(t, row);
      if (!before.editable) throw fail(DocumentsErrors.notEditable, `Document ${id} "${before.name}" was uploaded: send a new file to /version instead.`);
      const title = input.title?.trim() || before.name;
      const { body, markdown } = await checkedBody(input.content);
      const page = pageOf(title, body);
      const kept = await files.keepBytes(t, page, HTML_TYPE);
      const version = before.version + 1;
      await repo.insertVersion(t, { document_id: id, version, file_name: before.fileName, content_type: HTML_TYPE, file_key: kept.key, size: kept.size });
      await repo.updateDocument(t, id, {
        name: title,
        file_key: kept.key,
        size: kept.size,
        version,
        markdown,
        status: 'Reviewed',
        status_message: null,
        reviewed_at: new Date(),
        reviewed_by: t.userId,
      });
      await repo.refreshSearchText(t, id);
      const after = await documents.reread(t, id);
      await documents.record(t, documentUpdated, 'content', id, before, after);
      return after;
    },
  };
}
