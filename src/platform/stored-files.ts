// The one door to the company's stored files (migration 0023): the bytes are in the file store
// (integrations/storage, a space per company), and stored_files counts the records that name each
// file — documents and their versions, attachments, mail in the outbox. A record keeps a file
// (keepStaged, keepBytes, retain) in its own transaction, and lets it go (release); the bytes go
// once no record is left.
//
// Why a lock: the same bytes may be kept by one request while another lets the last reference go.
// A file is published under the key's advisory lock, after its row is written; the bytes are removed
// after the releasing transaction commits, under the same lock, only when no row names the key. So a
// removal either runs first (the keeping request then publishes its copy again) or sees the row. A
// keeping transaction that rolls back after publishing leaves bytes no row names: wasted space,
// never a record without its file.
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { type FileStore, isFileKey, type StagedFile, type StoredFile } from '../integrations/storage/index.js';
import type { Tenant } from './door.js';

/** The advisory lock of a company's file key (both paths take it in a transaction). */
const lockKey = (companyId: number, key: string) => sql`select pg_advisory_xact_lock(hashtextextended(${`file:${companyId}:${key}`}, 0))`;

export class StoredFiles {
  constructor(
    readonly store: FileStore,
    /** The privileged executor: removals run after the releasing transaction, outside any request's. */
    private readonly privileged: Db,
  ) {}

  /** One more reference to a staged file, which becomes the company's (published) in t's transaction. */
  async keepStaged(t: Tenant, staged: StagedFile, contentType: string): Promise<StoredFile> {
    await t
      .insert('stored_files', { key: staged.key, size: staged.size, content_type: contentType, refs: 1 })
      .onConflict((oc) => oc.columns(['company_id', 'key']).doUpdateSet({ refs: sql`stored_files.refs + 1` }))
      .execute();
    await lockKey(t.companyId, staged.key).execute(t.db);
    await staged.publish(t.companyId);
    return { key: staged.key, size: staged.size, head: staged.head };
  }

  /** Keeps bytes the service made (a generated PDF): one reference, for the record that names it. */
  async keepBytes(t: Tenant, bytes: Buffer, contentType: string): Promise<StoredFile> {
    const staged = await this.store.stage(Readable.from([bytes]), { maxBytes: bytes.length });
    try {
      return await this.keepStaged(t, staged, contentType);
    } finally {
      await staged.discard();
    }
  }

  /** One more reference to a file the company has (false: it has none of that key). */
  async retain(t: Tenant, key: string): Promise<boolean> {
    if (!isFileKey(key)) return false;
    const rows = await t.update('stored_files').set({ refs: sql`refs + 1` }).where('key', '=', key).returning('refs').execute();
    return rows.length === 1;
  }

  /** One reference less; when none is left the row goes now and the bytes after the commit. */
  async release(t: Tenant, key: string): Promise<void> {
    if (!(await dropRow(t, key))) return;
    const companyId = t.companyId;
    t.afterCommit(() => this.removeUnnamed(companyId, key));
  }

  /** The bytes of files whose last reference a committed work dropped (Tenant.fileFreed). */
  async removeFreed(companyId: number, keys: readonly string[]): Promise<void> {
    for (const key of keys) await this.removeUnnamed(companyId, key);
  }

  /** The company's file, or null (never another company's: the space is the company's). */
  open(t: Pick<Tenant, 'companyId'>, key: string): Promise<Readable | null> {
    return this.store.open(t.companyId, key);
  }

  /** The file a record names (`what`, for the log). The store lacks it only if it lost it: an
   *  error (500), not a 404. */
  async named(t: Pick<Tenant, 'companyId'>, key: string, what: string): Promise<Readable> {
    const stream = await this.open(t, key);
    if (!stream) throw new Error(`${what}: its file is missing from the file store`);
    return stream;
  }

  private async removeUnnamed(companyId: number, key: string): Promise<void> {
    await this.privileged.transaction().execute(async (trx) => {
      await lockKey(companyId, key).execute(trx);
      // After the request's transaction, so the door does not open: the privileged executor names the company.
      const { rows } = await sql`select 1 from stored_files where company_id = ${companyId} and key = ${key}`.execute(trx);
      if (rows.length === 0) await this.store.remove(companyId, key);
    });
  }
}

/**
 * One reference less, where no StoredFiles is at hand: an area's subscription, which runs in the
 * announcing transaction without the app's file store. The row goes with its last reference (true),
 * and the tenant is told (Tenant.fileFreed): the runner of a request removes the bytes after the
 * commit (app.ts); work run without one (a CLI command, a job) leaves them, as a rolled-back keep
 * does — space, never a record without its file.
 */
export async function dropReference(t: Tenant, key: string): Promise<boolean> {
  if (!(await dropRow(t, key))) return false;
  t.fileFreed(key);
  return true;
}

/** One reference less; true when it was the last and the row went. */
async function dropRow(t: Tenant, key: string): Promise<boolean> {
  const rows = await t.update('stored_files').set({ refs: sql`refs - 1` }).where('key', '=', key).where('refs', '>', 0).returning('refs').execute();
  if (rows[0]?.refs !== 0) return false;
  await t.delete('stored_files').where('key', '=', key).where('refs', '=', 0).execute();
  return true;
}
