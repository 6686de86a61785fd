// SQL of invoices' activity, through the company door: newest first on the (company_id, invoice_id,
// created_at, id) index, or by order on its partial index; each with the user's name as the company
// knows it.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { companyRecords } from '../../platform/records.js';
import type { InvoiceActivityT } from './history.schemas.js';

/** Most entries one read answers (the spec's answer is a plain array). */
export const MAX_ENTRIES = 1000;

const userName = sql<string | null>`nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), '')`;

const activities = (t: Tenant) =>
  t
    .select('invoice_activity as a')
    .innerJoin('invoices as i', (j) => j.onRef('i.company_id', '=', 'a.company_id').onRef('i.id', '=', 'a.invoice_id'))
    .leftJoin('company_users as u', (j) => j.onRef('u.company_id', '=', 'a.company_id').onRef('u.user_id', '=', 'a.user_id'))
    .select([
      'a.id',
      'a.invoice_id',
      'i.invoice_number',
      'a.order_id',
      'a.payment_id',
      'a.type',
      'a.description',
      'a.user_id',
      userName.as('user_name'),
      'a.created_at',
      'a.note',
      'a.note_by',
      'a.note_at',
    ]);

type ActivityRow = Awaited<ReturnType<ReturnType<typeof activities>['executeTakeFirstOrThrow']>>;

const toActivity = (r: ActivityRow): InvoiceActivityT => ({
  id: r.id,
  invoiceId: r.invoice_id,
  invoiceNumber: r.invoice_number,
  orderId: r.order_id,
  paymentId: r.payment_id,
  type: r.type,
  description: r.description,
  userId: r.user_id,
  userName: r.user_name,
  createdAt: r.created_at,
  note: r.note,
  noteBy: r.note_by,
  noteAt: r.note_at,
});

export const invoiceActivityRecords = companyRecords<InvoiceActivityT>({
  name: 'invoice_activity',
  what: 'Activity',
  plural: 'Activities',
  read: async (t, ids) => (await activities(t).where('a.id', 'in', ids).execute()).map(toActivity),
});

/** An invoice's activity, or an order's invoices' (both: the invoice's about the order), newest first. */
export async function activityOf(t: Tenant, by: { invoiceId: number | null; orderId: number | null }): Promise<InvoiceActivityT[]> {
  const rows = await activities(t)
    .$if(by.invoiceId !== null, (q) => q.where('a.invoice_id', '=', by.invoiceId!))
    .$if(by.orderId !== null, (q) => q.where('a.order_id', '=', by.orderId!))
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(MAX_ENTRIES)
    .execute();
  return rows.map(toActivity);
}

export async function setNote(t: Tenant, id: number, note: string | null): Promise<void> {
  await t
    .update('invoice_activity')
    .set(note === null ? { note: null, note_by: null, note_at: null } : { note, note_by: t.userId, note_at: new Date() })
    .where('id', '=', id)
    .execute();
}
