// The text extraction job: reads the text of documents left Pending (an upload, a new version, a
// reprocess) so the request that made them answers at once. Like the outbox worker
// (integrations/mail/worker.ts): the companies with due work are found first (the one statement
// reading every company; on Citus every shard), then each company's documents are claimed by a
// statement of their own with FOR UPDATE SKIP LOCKED and leased by pushing extract_after forward,
// so any number of instances share the work and a crash mid-read retries after the lease. The
// result is written in the company's transaction with an audit row and the company event
// document.extracted; a document changed meanwhile (a new version, deleted) keeps its new state.

import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../../db/database.js';
import { forCompany, type Tenant } from '../../db/tenant.js';
import { extractText } from '../../integrations/files/extract-text.js';
import { extensionOf, RefusedFile } from '../../integrations/files/sniff.js';
import type { FileStore } from '../../integrations/storage/index.js';
import { audit } from '../../platform/audit.js';
import type { Hooks } from '../../platform/events.js';
import { repeatingJob } from '../../platform/repeating-job.js';
import { documentExtracted } from './documents.events.js';
import * as repo from './documents.repository.js';
import type { DocumentType } from './documents.schemas.js';
import { kindOf } from './intake.js';

const BATCH = 10;
const LEASE_SECONDS = 300;
/** A file that fails this often for a reason other than its content is marked Failed. */
export const MAX_EXTRACT_ATTEMPTS = 3;
export const EXTRACTION_USER = 'system:extraction';

interface Claimed {
  company_id: number;
  id: number;
  file_key: string;
  file_name: string;
  document_type: string;
  content_type: string;
  size: number | string;
  extract_attempts: number;
}

export interface ExtractionWorker {
  /** Extracts what is due now; answers how many documents it finished. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** What the status says when a file has no text. */
function noTextMessage(type: DocumentType): string {
  return type === 'Image' ? 'No text (scanned image): pictures are not read (no OCR).' : 'No text found in the file.';
}

type Outcome =
  | { status: 'Extracted' | 'NoText' | 'Unsupported'; markdown: string | null; pages: number | null; message: string | null }
  | { status: 'Failed'; message: string }
  | { status: 'Retry'; message: string };

export function startExtractionWorker(options: {
  db: Db;
  files: FileStore;
  hooks: Hooks;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  intervalMs?: number;
  autoStart?: boolean;
  /** Only these companies' documents (a test process whose files are in its own memory store,
   *  beside other processes on one database); every company's when absent. */
  companyIds?: readonly number[];
}): ExtractionWorker {
  const { db } = options;

  async function claim(companyId: number, limit: number): Promise<Claimed[]> {
    const { rows } = await sql<Claimed>`
      update documents d set extract_attempts = d.extract_attempts + 1, extract_after = now() + make_interval(secs => ${LEASE_SECONDS})
      where d.company_id = ${companyId} and d.id in (
        select id from documents where company_id = ${companyId} and status = 'Pending' and extract_after <= now()
        order by extract_after limit ${limit} for update skip locked)
      returning d.company_id, d.id, d.file_key, d.file_name, d.document_type, d.content_type, d.size, d.extract_attempts`.execute(db);
    return rows;
  }

  async function extract(doc: Claimed): Promise<Outcome> {
    const type = doc.document_type as DocumentType;
    // The stream opens when the reader first asks (extractText calls read() once).
    const read = () =>
      Readable.from(
        (async function* () {
          const stream = await options.files.open(doc.company_id, doc.file_key);
          if (!stream) throw new Error('the file is missing from the file store');
          yield* stream;
        })(),
      );
    try {
      const text = await extractText({ mime: doc.content_type, ext: extensionOf(doc.file_name), kind: kindOf(type) }, read, Number(doc.size));
      const message = text.state === 'NoText' ? noTextMessage(type) : text.state === 'Unsupported' ? `No text is read from ${type.toLowerCase()} files.` : null;
      return { status: text.state, markdown: text.markdown, pages: text.pages, message };
    } catch (err) {
      if (err instanceof RefusedFile) return { status: 'Failed', message: `The file could not be read: ${err.message}` };
      const message = err instanceof Error ? err.message.slice(0, 300) : String(err);
      if (doc.extract_attempts >= MAX_EXTRACT_ATTEMPTS) return { status: 'Failed', message: `Text extraction failed: ${message}` };
      return { status: 'Retry', message };
    }
  }

  /** Writes the outcome unless the document changed file or left Pending meanwhile. */
  async function settle(t: Tenant, doc: Claimed, outcome: Outcome): Promise<boolean> {
    const row = await repo.documentRecords.find(t, doc.id);
    if (!row || row.file_key !== doc.file_key || row.status !== 'Pending') return false;
    if (outcome.status === 'Retry') {
      const seconds = 30 * 2 ** (doc.extract_attempts - 1);
      await t
        .update('documents')
        .set({ status_message: `Will try again: ${outcome.message}`, extract_after: sql`now() + make_interval(secs => ${seconds})` })
        .where('id', '=', doc.id)
        .execute();
      return false;
    }
    const before = repo.toDocument(row);
    const extracted = outcome.status === 'Failed' ? { markdown: null, pages: row.pages } : { markdown: outcome.markdown, pages: outcome.pages ?? row.pages };
    await repo.updateDocument(t, doc.id, {
      status: outcome.status,
      status_message: outcome.message,
      markdown: extracted.markdown,
      pages: extracted.pages,
      reviewed_at: null,
      reviewed_by: null,
      extract_after: null,
    });
    await repo.refreshSearchText(t, doc.id);
    const after = repo.toDocument((await repo.documentRecords.find(t, doc.id))!);
    await audit(t, { action: 'library.extracted', entityType: 'document', entityId: doc.id, before, after });
    await t.announce(documentExtracted, { documentId: doc.id, name: after.name, change: outcome.status });
    return true;
  }

  async function runOnce(): Promise<number> {
    const { rows: due } = await sql<{ company_id: number }>`
      select company_id from documents where status = 'Pending' and extract_after <= now()
      ${options.companyIds ? sql`and company_id = any(${[...options.companyIds]}::int[])` : sql``}
      group by company_id order by min(extract_after) limit ${BATCH}`.execute(db);
    let done = 0;
    for (const { company_id } of due) {
      // One company's trouble never stops the others'.
      let claimed: Claimed[];
      try {
        claimed = await claim(company_id, BATCH);
      } catch (err) {
        options.log.warn({ err, companyId: company_id }, 'documents to extract were not claimed; will retry');
        continue;
      }
      for (const doc of claimed) {
        try {
          const outcome = await extract(doc);
          if (outcome.status === 'Retry')
            options.log.warn({ documentId: doc.id, companyId: company_id, error: outcome.message }, 'text extraction failed; will retry');
          const settled = await forCompany(db, options.hooks, { companyId: company_id, userId: EXTRACTION_USER }, null, (t) => settle(t, doc, outcome));
          if (settled) done++;
        } catch (err) {
          options.log.warn({ err, documentId: doc.id, companyId: company_id }, 'text extraction was not recorded; will retry');
        }
      }
    }
    return done;
  }

  return repeatingJob({
    runOnce,
    intervalMs: options.intervalMs ?? 1000,
    failure: 'text extraction run failed',
    log: options.log,
    autoStart: options.autoStart,
  });
}
