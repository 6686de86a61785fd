// SQL of mails sent to customers, through the company door.

import type { Selectable } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import type { OutboxTable } from '../../db/types.js';
import type { SentEmailsTable } from './customers.tables.js';

/** A sent mail with its delivery state from the outbox. */
export type SentEmailRow = Omit<Selectable<SentEmailsTable>, 'company_id' | 'outbox_id'> & Pick<Selectable<OutboxTable>, 'status' | 'sent_at'>;

export const SENT_EMAILS_LIMIT = 1000;

/** Newest first, with the delivery state from the outbox. */
export function sentEmails(t: Tenant, customerId: number): Promise<SentEmailRow[]> {
  return t
    .select('sent_emails as s')
    .innerJoin('outbox as o', (j) => j.onRef('o.company_id', '=', 's.company_id').onRef('o.id', '=', 's.outbox_id'))
    .where('s.customer_id', '=', customerId)
    .select([
      's.id',
      's.customer_id',
      's.contact_id',
      's.email_type',
      's.to_address',
      's.subject',
      's.body',
      'o.status',
      'o.sent_at',
      's.sent_by',
      's.created_at',
    ])
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(SENT_EMAILS_LIMIT)
    .execute();
}

export async function recordSentEmail(
  t: Tenant,
  values: {
    customer_id: number;
    contact_id: number | null;
    email_type: string;
    to_address: string;
    subject: string;
    body: string;
    outbox_id: number;
  },
): Promise<number> {
  const row = await t
    .insert('sent_emails', { sent_by: t.userId, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
