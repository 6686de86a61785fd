// Mails to customers: the types (Static templates or Regular free text), the send request, the record.
import { DateTime, Id, NameEnum, Nullable, Opt, type Static, Type, UserId } from '../../platform/schemas.js';

export const EmailTypeInfo = Type.Object({
  name: Type.String(),
  type: NameEnum(['Static', 'Regular'], {
    description: 'Static: a template the service fills (subject and body may still be sent to replace it). Regular: the sender writes subject and body.',
  }),
  description: Type.String(),
  defaultSubject: Nullable(Type.String()),
  defaultBody: Nullable(Type.String({ description: 'Placeholders: {customerName}, {companyName}, {senderName}.' })),
});
export type EmailTypeInfoT = Static<typeof EmailTypeInfo>;

export const EmailSendRequest = Type.Object({
  emailType: Opt(Type.String({ maxLength: 64, description: 'A name from /Customers/EmailTypes; default General.' })),
  to: Opt(Type.Array(Type.String({ format: 'email', maxLength: 254 }), { maxItems: 50, description: 'Addresses to write to.' })),
  contactIds: Opt(Type.Array(Id, { maxItems: 50, description: 'Contacts of the customer to write to (their email).' })),
  subject: Opt(Type.String({ maxLength: 300 })),
  body: Opt(Type.String({ maxLength: 20000 })),
});
export type EmailSendRequestT = Static<typeof EmailSendRequest>;

export const SentEmail = Type.Object({
  id: Id,
  customerId: Id,
  contactId: Nullable(Id),
  emailType: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  status: NameEnum(['pending', 'sent', 'failed'], { description: 'Delivery: pending in the outbox, sent over SMTP, or failed for good.' }),
  sentAt: Nullable(DateTime),
  sentBy: Nullable(UserId),
  createdAt: DateTime,
});
export type SentEmailT = Static<typeof SentEmail>;

export const SendResult = Type.Object({ sent: Type.Integer(), sentEmailIds: Type.Array(Id) });

export const EMAIL_TYPES: EmailTypeInfoT[] = [
  { name: 'General', type: 'Regular', description: 'A message written by the sender.', defaultSubject: null, defaultBody: null },
  {
    name: 'Welcome',
    type: 'Static',
    description: 'Welcome to a new customer.',
    defaultSubject: 'Welcome to {companyName}',
    defaultBody:
      'Dear {customerName},\n\nThank you for choosing {companyName}. We look forward to moving your freight.\n\nBest regards,\n{senderName}\n{companyName}',
  },
  {
    name: 'QuoteFollowUp',
    type: 'Static',
    description: 'A follow-up on a quote sent earlier.',
    defaultSubject: 'Your quote from {companyName}',
    defaultBody:
      'Dear {customerName},\n\nWe wanted to follow up on the quote we sent you. Reply to this mail if you have questions or want to book.\n\nBest regards,\n{senderName}\n{companyName}',
  },
  {
    name: 'PaymentReminder',
    type: 'Static',
    description: 'A reminder of open invoices.',
    defaultSubject: 'Payment reminder from {companyName}',
    defaultBody:
      'Dear {customerName},\n\nOur records show invoices that are still open. Please arrange payment at your earliest convenience.\n\nBest regards,\n{senderName}\n{companyName}',
  },
  {
    name: 'ServiceUpdate',
    type: 'Static',
    description: 'News about service, schedules or holidays.',
    defaultSubject: 'Service update from {companyName}',
    defaultBody: 'Dear {customerName},\n\nWe would like to let you know about a change in our service.\n\nBest regards,\n{senderName}\n{companyName}',
  },
];
