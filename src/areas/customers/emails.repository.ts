// SQL of mails sent to customers, in the company's transaction.
import type { Tenant } from '../../db/tenant.js';

export interface SentEmailRow {
  id: number;
  customer_id: number;
  contact_id: number | null;
  email_type: string;
  to_address: string;
  subject: string;
  body: string;
  status: 'pending' | 'sent' | 'failed';
  sent_at: Date | null;
  sent_by: string | null;
  created_at: Date;
}

export const SENT_EMAILS_LIMIT = 1000;

/** Newest first, with the delivery state from the outbox. */
export function sentEmails(t: Tenant, customerId: number): Promise<SentEmailRow[]> {
  return t.db.selectFrom('sent_emails as s')
    .innerJoin('outbox as o', (j) => j.onRef('o.company_id', '=', 's.company_id').onRef('o.id', '=', 's.outbox_id'))
    .where('s.company_id', '=', t.companyId).where('s.customer_id', '=', customerId)
    .select(['s.id', 's.customer_id', 's.contact_id', 's.email_type', 's.to_address', 's.subject', 's.body', 'o.status', 'o.sent_at', 's.sent_by', 's.created_at'])
    .orderBy('s.created_at', 'desc').orderBy('s.id', 'desc').limit(SENT_EMAILS_LIMIT).execute();
}

export async function recordSentEmail(t: Tenant, values: {
  customer_id: number; contact_id: number | null; email_type: string; to_address: string; subject: string; body: string; outbox_id: number;
}): Promise<number> {
  const row = await t.db.insertInto('sent_emails').values({ company_id: t.companyId, sent_by: t.userId, ...values }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
