// SQL of carriers' contacts, in the company's transaction. The queries every contact list shares
// come from the customers area's contact book; these are the carriers' own.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { contactTable } from '../customers/index.js';
import type { OutsourceCompanyContactRow } from './carrier-contacts.schemas.js';

const COLUMNS = ['id', 'outsource_company_id', 'name', 'email', 'phone', 'phone_extension', 'title', 'notes', 'is_primary', 'created_at', 'updated_at'] as const;

export const contactList = contactTable<OutsourceCompanyContactRow>('outsource_company_contacts', 'outsource_company_id');

function contacts(t: Tenant) {
  return t.db.selectFrom('outsource_company_contacts').where('company_id', '=', t.companyId);
}

/** A contact of a live (not deleted) carrier. */
export function findContact(t: Tenant, id: number): Promise<OutsourceCompanyContactRow | undefined> {
  return contacts(t).select(COLUMNS).where('id', '=', id)
    .where(({ exists, selectFrom }) => exists(selectFrom('outsource_companies as o').select(sql`1`.as('one'))
      .whereRef('o.company_id', '=', 'outsource_company_contacts.company_id').whereRef('o.id', '=', 'outsource_company_contacts.outsource_company_id')
      .where('o.deleted_at', 'is', null)))
    .executeTakeFirst();
}

export function primaryContactOf(t: Tenant, outsourceCompanyId: number): Promise<OutsourceCompanyContactRow | undefined> {
  return contacts(t).select(COLUMNS).where('outsource_company_id', '=', outsourceCompanyId).where('is_primary', '=', true).executeTakeFirst();
}

export type ContactValues = Omit<OutsourceCompanyContactRow, 'id' | 'is_primary' | 'created_at' | 'updated_at'>;

export async function insertContact(t: Tenant, values: ContactValues): Promise<number> {
  const row = await t.db.insertInto('outsource_company_contacts').values({ company_id: t.companyId, ...values }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Where contacts are used, per contact: finance records naming them as billing contact. */
export async function usage(t: Tenant, ids: number[]): Promise<Map<number, { finances: number }>> {
  const out = new Map(ids.map((id) => [id, { finances: 0 }]));
  if (ids.length === 0) return out;
  const rows = await t.db.selectFrom('outsource_company_finances').select(['contact_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('company_id', '=', t.companyId).where('contact_id', 'in', ids).groupBy('contact_id').execute();
  for (const r of rows) out.get(r.contact_id!)!.finances = Number(r.n);
  return out;
}

/** Moves every use of the contacts to another contact. */
export async function reassignUses(t: Tenant, fromIds: number[], toId: number): Promise<void> {
  if (fromIds.length === 0) return;
  await t.db.updateTable('outsource_company_finances').set({ contact_id: toId, updated_at: new Date() })
    .where('company_id', '=', t.companyId).where('contact_id', 'in', fromIds).execute();
}

/** The country of each carrier's address (to read phones written without +). */
export async function countriesOf(t: Tenant, outsourceCompanyIds: number[]): Promise<Map<number, string>> {
  if (outsourceCompanyIds.length === 0) return new Map();
  const rows = await t.db.selectFrom('outsource_companies').select(['id', 'country'])
    .where('company_id', '=', t.companyId).where('id', 'in', outsourceCompanyIds).where('country', 'is not', null).execute();
  return new Map(rows.map((r) => [r.id, r.country!]));
}
