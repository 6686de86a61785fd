// Mails to customers: each recipient's mail goes to the outbox (sent over SMTP when configured) and
// is recorded against the customer, in the transaction of the request.
import type { Tenant } from '../../db/tenant.js';
import { enqueueMail } from '../../integrations/mail/outbox.js';
import { audit } from '../../platform/audit.js';
import type { Principal } from '../../platform/auth.js';
import { fail, invalid } from '../../platform/errors.js';
import type { ContactRow } from './contacts.schemas.js';
import { CustomersErrors } from './customers.errors.js';
import type { CustomerRow } from './customers.schemas.js';
import { requireCustomer } from './customers.service.js';
import * as repo from './emails.repository.js';
import { EMAIL_TYPES, type EmailSendRequestT, type EmailTypeInfoT, type SentEmailT } from './emails.schemas.js';
import { isEmail } from './keys.js';

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** The mails sent to a customer, newest first. */
async function sentTo(t: Tenant, customer: Pick<CustomerRow, 'id'>): Promise<SentEmailT[]> {
  return (await repo.sentEmails(t, customer.id)).map((r) => ({
    id: r.id,
    customerId: r.customer_id,
    contactId: r.contact_id,
    emailType: r.email_type,
    to: r.to_address,
    subject: r.subject,
    body: r.body,
    status: r.status,
    sentAt: r.sent_at,
    sentBy: r.sent_by,
    createdAt: r.created_at,
  }));
}

/** The routes' services take the records the request names as the id gate read them (route ids). */
export function emailsService() {
  return {
    types: (): EmailTypeInfoT[] => EMAIL_TYPES,

    /** The mails sent to an active customer, or 404 (other areas list theirs so: accounting). */
    list: async (t: Tenant, customerId: number): Promise<SentEmailT[]> => sentTo(t, await requireCustomer(t, customerId)),

    sentTo,

    /** One mail per recipient: the `to` addresses, the contacts' emails, or else the customer's own.
     *  `contacts`: those contactIds names, the customer's (the gate read them so). */
    async send(t: Tenant, principal: Principal, customer: CustomerRow, input: EmailSendRequestT, contacts: ContactRow[]) {
      const customerId = customer.id;
      const typeName = input.emailType?.trim() || 'General';
      const type = EMAIL_TYPES.find((e) => e.name.toLowerCase() === typeName.toLowerCase());
      if (!type) throw invalid('emailType', `Unknown email type "${typeName}"; see GET /Customers/EmailTypes.`);
      const senderName = [principal.firstName, principal.lastName].filter(Boolean).join(' ') || principal.email;
      const values = { customerName: customer.name, companyName: principal.companyName, senderName };
      const subject = input.subject?.trim() || (type.defaultSubject ? fill(type.defaultSubject, values) : null);
      const body = input.body?.trim() || (type.defaultBody ? fill(type.defaultBody, values) : null);
      if (!subject) throw invalid('subject', `A ${type.name} email needs a subject.`);
      if (!body) throw invalid('body', `A ${type.name} email needs a body.`);

      const recipients: Array<{ to: string; contactId: number | null }> = (input.to ?? []).map((to) => ({ to: to.trim(), contactId: null }));
      if (input.contactIds?.length) {
        const byId = new Map(contacts.map((c) => [c.id, c]));
        for (const id of input.contactIds) {
          const contact = byId.get(id)!;
          if (!contact.email || !isEmail(contact.email.trim()))
            throw fail(CustomersErrors.contactWithoutEmail, `Contact ${id} (${contact.name}) has no valid email address.`);
          recipients.push({ to: contact.email.trim(), contactId: id });
        }
      }
      if (recipients.length === 0) {
        if (!customer.email || !isEmail(customer.email))
          throw fail(CustomersErrors.noRecipient, 'Send `to` or `contactIds`: the customer has no email address of its own.');
        recipients.push({ to: customer.email, contactId: null });
      }

      const ids: number[] = [];
      for (const r of recipients) {
        const outboxId = await enqueueMail(t, { kind: `customer.${type.name}`, to: r.to, subject, text: body });
        ids.push(
          await repo.recordSentEmail(t, {
            customer_id: customerId,
            contact_id: r.contactId,
            email_type: type.name,
            to_address: r.to,
            subject,
            body,
            outbox_id: outboxId,
          }),
        );
      }
      await audit(t, {
        action: 'customer.email',
        entityType: 'customer',
        entityId: customerId,
        after: { emailType: type.name, recipients: recipients.map((r) => r.to) },
      });
      return { sent: ids.length, sentEmailIds: ids };
    },
  };
}

export type EmailsService = ReturnType<typeof emailsService>;
