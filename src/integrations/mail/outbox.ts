// Mail is written to the outbox in the transaction of the change that sends it, so it is never lost:
// delivered by the worker when SMTP_URL is set, kept as the record otherwise.
import type { Tenant } from '../../db/tenant.js';

export interface OutgoingMail {
  /** What the mail is for, e.g. `user.invitation`. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Stored files of the company the outbox holds a reference on (StoredFiles.retain or keepBytes,
   *  by the caller, in the same transaction): the mail keeps them whatever happens to their records. */
  attachments?: ReadonlyArray<{ fileName: string; contentType: string; key: string }>;
}

export async function enqueueMail(tenant: Tenant, mail: OutgoingMail): Promise<number> {
  const row = await tenant.db
    .insertInto('outbox')
    .values({
      company_id: tenant.companyId,
      kind: mail.kind,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      created_by: tenant.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (mail.attachments && mail.attachments.length > 0) {
    await tenant
      .insert(
        'outbox_attachments',
        mail.attachments.map((a, position) => ({ outbox_id: row.id, position, file_name: a.fileName, content_type: a.contentType, file_key: a.key })),
      )
      .execute();
  }
  return row.id;
}
