// SQL of terms and conditions texts, through the company door.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { companyRecords } from '../../platform/records.js';
import type { TermsRow } from './terms.schemas.js';

const COLUMNS = ['id', 'title', 'content', 'is_default', 'created_at', 'updated_at'] as const;

const terms = (t: Tenant) => t.select('terms_and_conditions');

export const termsRecords = companyRecords<TermsRow>({
  name: 'terms',
  what: 'Terms and conditions',
  plural: 'Terms and conditions',
  read: (t, ids) => terms(t).select(COLUMNS).where('id', 'in', ids).execute(),
});

/** Every text of the company, the default first, then by title. */
export function listTerms(t: Tenant): Promise<TermsRow[]> {
  return terms(t)
    .select(COLUMNS)
    .orderBy('is_default', 'desc')
    .orderBy((eb) => eb.fn('lower', ['title']))
    .orderBy('id')
    .execute();
}

export async function countTerms(t: Tenant): Promise<number> {
  const row = await terms(t)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type TermsValues = Pick<TermsRow, 'title' | 'content' | 'is_default'>;

/** Orders the company's default changes one after the other: a concurrent request that also makes
 *  its text the default waits here, then finds (and clears) the one made meanwhile. */
export async function lockDefault(t: Tenant): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('terms_and_conditions_default'), ${t.companyId}::int)`.execute(t.db);
}

/** The company's default stops being one (before another becomes it, in the same transaction). */
export async function clearDefault(t: Tenant): Promise<void> {
  await t.update('terms_and_conditions').set({ is_default: false, updated_at: new Date() }).where('is_default', '=', true).execute();
}

export async function insertTerms(t: Tenant, values: TermsValues): Promise<number> {
  return (await t.insert('terms_and_conditions', values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateTerms(t: Tenant, id: number, values: TermsValues): Promise<void> {
  await t
    .update('terms_and_conditions')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteTerms(t: Tenant, id: number): Promise<void> {
  await t.delete('terms_and_conditions').where('id', '=', id).execute();
}
