// Mailing generated documents: one mail in the outbox to every recipient, the documents attached as
// stored files (the outbox holds a reference on each, so the worker sends the exact bytes whenever
// it runs), recorded in the customer's sent mails and audited, in the request's transaction.
import type { Tenant } from '../../db/tenant.js';
import { enqueueMail } from '../../integrations/mail/outbox.js';
import { audit } from '../../platform/audit.js';
import type { Principal } from '../../platform/auth.js';
import { fail, invalid } from '../../platform/errors.js';
import type { StoredFiles } from '../../platform/stored-files.js';
import { type CustomerT, contactsOfCustomers, type EmailSendRequestT, isEmail, recordSentEmail } from '../customers/index.js';
import { GeneratedDocumentsErrors } from './generated-documents.errors.js';

export interface Attachment {
  fileName: string;
  contentType: string;
  body: Buffer;
}

export interface DocumentMail {
  /** The outbox kind and the sent mail's type: `documents.invoice`, 'Invoice'. */
  kind: string;
  emailType: string;
  subject: string;
  text: string;
  attachments: Attachment[];
  /** What the audit rows are about: one row each. */
  entityType: 'order' | 'invoice';
  entityIds: number[];
}

/** Who gets the mail: the `to` addresses and the contacts named, else the customer's own address. */
export async function recipientsOf(
  t: Tenant,
  customer: CustomerT,
  request: Pick<EmailSendRequestT, 'to' | 'contactIds'>,
): Promise<Array<{ to: string; contactId: number | null }>> {
  const out = (request.to ?? []).map((to) => ({ to: to.trim(), contactId: null as number | null }));
  if (request.contactIds?.length) {
    const contacts = await contactsOfCustomers(t, [customer.id]);
    // Contacts of this customer only: any other id (another customer's, another company's) is a
    // wrong value of the field, like a missing one.
    const unknown = request.contactIds.filter((id) => !contacts.some((c) => c.id === id));
    if (unknown.length > 0) throw invalid('contactIds', `${unknown.join(', ')}: not a contact of ${customer.name}.`);
    for (const id of request.contactIds) {
      const contact = contacts.find((c) => c.id === id)!;
      const email = contact.email?.trim() ?? '';
      if (!isEmail(email)) throw fail(GeneratedDocumentsErrors.contactWithoutEmail, `Contact ${id} (${contact.name}) has no valid email address.`);
      out.push({ to: email, contactId: id });
    }
  }
  if (out.length === 0 && customer.email && isEmail(customer.email.trim())) out.push({ to: customer.email.trim(), contactId: null });
  if (out.length === 0)
    throw fail(GeneratedDocumentsErrors.noRecipient, `Send \`to\` or \`contactIds\`: the customer ${customer.name} has no email address of its own.`);
  // Each address once, in the order given.
  return out.filter((r, i) => out.findIndex((o) => o.to.toLowerCase() === r.to.toLowerCase()) === i);
}

/** The sender as the mail signs: the user's name, else their email. */
export const senderOf = (p: Principal) => [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email;

/** Writes the mail and answers its outbox id. */
export async function sendDocumentMail(
  t: Tenant,
  files: StoredFiles,
  customers: readonly CustomerT[],
  recipients: ReadonlyArray<{ to: string; contactId: number | null }>,
  mail: DocumentMail,
): Promise<number> {
  const attachments = [];
  for (const a of mail.attachments) {
    const kept = await files.keepBytes(t, a.body, a.contentType);
    attachments.push({ fileName: a.fileName, contentType: a.contentType, key: kept.key });
  }
  const to = recipients.map((r) => r.to).join(', ');
  const outboxId = await enqueueMail(t, { kind: mail.kind, to, subject: mail.subject, text: mail.text, attachments });
  // In the sent mails of each customer the documents are about.
  for (const customer of customers) {
    for (const r of recipients) {
      await recordSentEmail(t, {
        customer_id: customer.id,
        contact_id: r.contactId,
        email_type: mail.emailType,
        to_address: r.to,
        subject: mail.subject,
        body: mail.text,
        outbox_id: outboxId,
      });
    }
  }
  const after = {
    outboxId,
    to: recipients.map((r) => r.to),
    subject: mail.subject,
    attachments: attachments.map((a) => ({ fileName: a.fileName, key: a.key })),
  };
  for (const entityId of mail.entityIds) await audit(t, { action: `${mail.kind}_mailed`, entityType: mail.entityType, entityId, after });
  return outboxId;
}
