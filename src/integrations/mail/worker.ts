// Delivers the outbox over SMTP (when SMTP_URL is set). A background job across companies, so it
// uses the privileged executor. Rows are claimed with FOR UPDATE SKIP LOCKED and leased by pushing
// next_attempt_at forward, so any number of instances share the work and a crash mid-send retries.
// A company's mail is claimed by a statement of its own: Citus locks rows of one shard at a time.

import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../../db/database.js';
import { repeatingJob } from '../../platform/repeating-job.js';
import type { FileStore } from '../storage/index.js';

const BATCH = 20;
const MAX_ATTEMPTS = 8;
const LEASE = '5 minutes';

interface Claimed {
  company_id: number;
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attempts: number;
}

export interface OutboxWorker {
  /** Sends what is due now; answers how many were sent. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function startOutboxWorker(options: {
  db: Db;
  /** Where the mails' attachments are (the app's file store). */
  files: FileStore;
  smtpUrl: string;
  from: string;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  intervalMs?: number;
  autoStart?: boolean;
}): OutboxWorker {
  const transport = nodemailer.createTransport(options.smtpUrl);
  const interval = options.intervalMs ?? 2000;

  /** Claims up to `limit` due mails of one company (on Citus: one shard, where FOR UPDATE works). */
  async function claim(companyId: number, limit: number): Promise<Claimed[]> {
    const { rows } = await sql<Claimed>`
      update outbox o set attempts = o.attempts + 1, next_attempt_at = now() + ${LEASE}::interval
      where o.company_id = ${companyId} and o.id in (
        select id from outbox where company_id = ${companyId} and status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at limit ${limit} for update skip locked)
      returning o.company_id, o.id, o.to_address, o.subject, o.text_body, o.html_body, o.attempts`.execute(options.db);
    return rows;
  }

  /** The mail's files, streamed from the store as the message is written. A file missing from the
   *  store is an error of this attempt (retried), never a mail sent without it. */
  async function attachmentsOf(mail: Claimed): Promise<Array<{ filename: string; contentType: string; content: Readable }>> {
    const files = await options.db
      .selectFrom('outbox_attachments')
      .select(['file_name', 'content_type', 'file_key'])
      .where('company_id', '=', mail.company_id)
      .where('outbox_id', '=', mail.id)
      .orderBy('position')
      .execute();
    const out: Array<{ filename: string; contentType: string; content: Readable }> = [];
    for (const file of files) {
      const content = await options.files.open(mail.company_id, file.file_key);
      if (!content) throw new Error(`the attachment "${file.file_name}" is missing from the file store`);
      out.push({ filename: file.file_name, contentType: file.content_type, content });
    }
    return out;
  }

  async function runOnce(): Promise<number> {
    // The companies with mail due (the one statement of this job that reads every company: on
    // Citus, every shard), then each company's mail claimed by a statement of its own.
    const { rows: due } = await sql<{ company_id: number }>`
      select company_id from outbox where status = 'pending' and next_attempt_at <= now()
      group by company_id order by min(next_attempt_at) limit ${BATCH}`.execute(options.db);
    const rows: Claimed[] = [];
    for (const { company_id } of due) {
      if (rows.length >= BATCH) break;
      rows.push(...(await claim(company_id, BATCH - rows.length)));
    }
    let sent = 0;
    for (const mail of rows) {
      try {
        const attachments = await attachmentsOf(mail);
        await transport.sendMail({
          from: options.from,
          to: mail.to_address,
          subject: mail.subject,
          text: mail.text_body,
          html: mail.html_body ?? undefined,
          ...(attachments.length > 0 ? { attachments } : {}),
        });
        await options.db
          .updateTable('outbox')
          .set({ status: 'sent', sent_at: new Date(), last_error: null })
          .where('company_id', '=', mail.company_id)
          .where('id', '=', mail.id)
          .execute();
        sent++;
      } catch (err) {
        const message = err instanceof Error ? err.message.slice(0, 500) : String(err);
        const failed = mail.attempts >= MAX_ATTEMPTS;
        const retryInSeconds = 30 * 2 ** (mail.attempts - 1);
        await sql`update outbox set last_error = ${message},
            status = ${failed ? 'failed' : 'pending'},
            next_attempt_at = now() + make_interval(secs => ${retryInSeconds})
          where company_id = ${mail.company_id} and id = ${mail.id}`.execute(options.db);
        options.log.warn({ outboxId: mail.id, attempts: mail.attempts, error: message }, failed ? 'mail failed for good' : 'mail failed; will retry');
      }
    }
    return sent;
  }

  const job = repeatingJob({ runOnce, intervalMs: interval, failure: 'outbox run failed', log: options.log, autoStart: options.autoStart });
  return {
    runOnce,
    async stop() {
      await job.stop();
      transport.close();
    },
  };
}
