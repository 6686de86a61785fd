// SQL of carriers' contacts, through the company door. The queries every contact list shares come
// from the customers area's contact book; these are the carriers' own.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { companyRecords } from '../../platform/records.js';
import { contactTable } from '../customers/index.js';
import type { OutsourceCompanyContactRow } from './carrier-contacts.schemas.js';

const COLUMNS = [
  'k.id',
  'k.outsource_company_id',
  'k.name',
  'k.email',
  'k.phone',
  'k.phone_extension',
  'k.title',
  'k.notes',
  'k.is_primary',
  'k.created_at',
  'k.updated_at',
] as const;

export const contactList = contactTable<OutsourceCompanyContactRow>('outsource_company_contacts', 'outsource_company_id');

const contacts = (t: Tenant) => t.select('outsource_company_contacts as k');

/** Contacts of live (not deleted) carriers: a deleted carrier's contacts answer as missing. */
export const contactRecords = companyRecords<OutsourceCompanyContactRow>({
  name: 'carrier_contact',
  what: 'Contact',
  read: (t, ids) =>
    contacts(t)
      .select(COLUMNS)
      .where('k.id', 'in', ids)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('outsource_companies as o')
            .select(sql`1`.as('one'))
            .where(t.owns('o'))
            .whereRef('o.id', '=', 'k.outsource_company_id')
            .where('o.deleted_at', 'is', null),
        ),
      )
      .execute(),
});

export function primaryContactOf(t: Tenant, outsourceCompanyId: number): Promise<OutsourceCompanyContactRow | undefined> {
  return contacts(t).select(COLUMNS).where('k.outsource_company_id', '=', outsourceCompanyId).where('k.is_primary', '=', true).executeTakeFirst();
}

export type ContactValues = Omit<OutsourceCompanyContactRow, 'id' | 'is_primary' | 'created_at' | 'updated_at'>;

export async function insertContact(t: Tenant, values: ContactValues): Promise<number> {
  return (await t.insert('outsource_company_contacts', values).returning('id').executeTakeFirstOrThrow()).id;
}

/** Where contacts are used, per contact: finance records naming them as billing contact. */
export async function usage(t: Tenant, ids: number[]): Promise<Map<number, { finances: number }>> {
  const out = new Map(ids.map((id) => [id, { finances: 0 }]));
  if (ids.length === 0) return out;
  const rows = await t
    .select('outsource_company_finances')
    .select(['contact_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('contact_id', 'in', ids)
    .groupBy('contact_id')
    .execute();
  for (const r of rows) out.get(r.contact_id!)!.finances = Number(r.n);
  return out;
}

/** Moves every use of the contacts to another contact. */
export async function reassignUses(t: Tenant, fromIds: number[], toId: number): Promise<void> {
  if (fromIds.length === 0) return;
  await t.update('outsource_company_finances').set({ contact_id: toId, updated_at: new Date() }).where('contact_id', 'in', fromIds).execute();
}

/** The country of each carrier's address (to read phones written without +). */
export async function countriesOf(t: Tenant, outsourceCompanyIds: number[]): Promise<Map<number, string>> {
  if (outsourceCompanyIds.length === 0) return new Map();
  const rows = await t
    .select('outsource_companies')
    .select(['id', 'country'])
    .where('id', 'in', outsourceCompanyIds)
    .where('country', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [r.id, r.country!]));
}
