// SQL of customer contacts, through the company door.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { companyRecords } from '../../platform/records.js';
import { contactTable } from './contact-book.repository.js';
import type { ContactRow } from './contacts.schemas.js';

const COLUMNS = ['id', 'customer_id', 'name', 'email', 'phone', 'phone_extension', 'title', 'notes', 'is_primary', 'created_at', 'updated_at'] as const;

function contacts(t: Tenant) {
  return t.select('customer_contacts');
}

/** Contacts by id: those of active customers ("Contact 5 was not found." for any other); with
 *  `customerId`, that customer's only. */
export const contactRecords = companyRecords<ContactRow, number, { customerId?: number } | undefined>({
  name: 'customer_contact',
  what: 'Contact',
  read: (t, ids, options) =>
    contacts(t)
      .select(COLUMNS)
      .where('id', 'in', ids)
      .$if(options?.customerId !== undefined, (q) => q.where('customer_id', '=', options!.customerId!))
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('customers as c')
            .select(sql`1`.as('one'))
            .where(t.owns('c'))
            .whereRef('c.id', '=', 'customer_contacts.customer_id')
            .where('c.status', '=', 0),
        ),
      )
      .execute(),
});

/** The queries every contact list shares (contact-book.repository.ts). */
export const contactList = contactTable<ContactRow>('customer_contacts', 'customer_id');

export const contactsOfCustomers = contactList.contactsOf;

/** What a write sets: the row without its key, primary flag (moved by makePrimary) and timestamps. */
export type ContactValues = Omit<ContactRow, 'id' | 'is_primary' | 'created_at' | 'updated_at'>;

export async function insertContact(t: Tenant, values: ContactValues): Promise<number> {
  const row = await t.insert('customer_contacts', values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Where contacts are used, per contact: sent mails (this area's) and support tickets (read only,
 *  the support area's table). */
export async function usage(t: Tenant, ids: number[]): Promise<Map<number, { sentEmails: number; supportTickets: number }>> {
  const out = new Map(ids.map((id) => [id, { sentEmails: 0, supportTickets: 0 }]));
  if (ids.length === 0) return out;
  const mails = await t
    .select('sent_emails')
    .select(['contact_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('contact_id', 'in', ids)
    .groupBy('contact_id')
    .execute();
  const tickets = await t
    .select('support_tickets')
    .select(['contact_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('contact_id', 'in', ids)
    .groupBy('contact_id')
    .execute();
  for (const m of mails) out.get(m.contact_id!)!.sentEmails = Number(m.n);
  for (const k of tickets) out.get(k.contact_id!)!.supportTickets = Number(k.n);
  return out;
}

/** Mails sent to these contacts now name another contact. */
export async function reassignSentEmails(t: Tenant, fromIds: number[], toId: number): Promise<void> {
  if (fromIds.length === 0) return;
  await t.update('sent_emails').set({ contact_id: toId }).where('contact_id', 'in', fromIds).execute();
}

/** Contacts with the same email (any case) or a phone with the same digits (of a customer, or of
 *  the company); `phoneDigits` lists the forms a number can be written in (with and without the
 *  country code). */
export function findByEmailOrPhone(
  t: Tenant,
  email: string | null,
  phoneDigits: string[],
  customerId: number | null,
  exceptId: number | null,
): Promise<ContactRow[]> {
  if (!email && phoneDigits.length === 0) return Promise.resolve([]);
  let q = contacts(t)
    .select(COLUMNS)
    .where((eb) =>
      eb.or([
        ...(email ? [eb(sql`lower(email)`, '=', email)] : []),
        ...(phoneDigits.length > 0 ? [eb(sql`regexp_replace(phone, '[^0-9]', '', 'g')`, 'in', phoneDigits)] : []),
      ]),
    );
  if (customerId !== null) q = q.where('customer_id', '=', customerId);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return q.orderBy('id').limit(50).execute();
}

/** The main address country of each customer (to read phones written without +). */
export async function countriesOf(t: Tenant, customerIds: number[]): Promise<Map<number, string>> {
  if (customerIds.length === 0) return new Map();
  const rows = await t.select('addresses').select(['customer_id', 'country']).where('customer_id', 'in', customerIds).where('is_main', '=', true).execute();
  return new Map(rows.map((r) => [r.customer_id!, r.country]));
}

export interface ContactExportRow extends ContactRow {
  customer_name: string;
}

/** Contacts of active customers, in id order after `afterId`: an export reads in batches. */
export function exportBatch(
  t: Tenant,
  scope: { customerIds: number[] | null; contactIds: number[] | null },
  afterId: number,
  limit: number,
): Promise<ContactExportRow[]> {
  let q = t
    .select('customer_contacts as k')
    .innerJoin('customers as c', (j) => j.onRef('c.company_id', '=', 'k.company_id').onRef('c.id', '=', 'k.customer_id'))
    .where('c.status', '=', 0)
    .where('k.id', '>', afterId)
    .select([
      'k.id',
      'k.customer_id',
      'k.name',
      'k.email',
      'k.phone',
      'k.phone_extension',
      'k.title',
      'k.notes',
      'k.is_primary',
      'k.created_at',
      'k.updated_at',
      'c.name as customer_name',
    ]);
  if (scope.customerIds) q = q.where('k.customer_id', 'in', scope.customerIds);
  if (scope.contactIds) q = q.where('k.id', 'in', scope.contactIds);
  return q.orderBy('k.id').limit(limit).execute();
}
