// SQL of carriers' finance records, through the company door. Records of deleted carriers are
// kept but never found here: their carrier answers as missing.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { companyRecords } from '../../platform/records.js';
import type { FinanceRow } from './carrier-finances.schemas.js';
import type { OfCarrier } from './carrier-lookup.js';

const COLUMNS = [
  'f.id',
  'f.outsource_company_id',
  'f.label',
  'f.is_default',
  'f.payment_terms_days',
  'f.payment_method',
  'f.currency',
  'f.quick_pay_fee_percent',
  'f.factoring_company',
  'f.remit_to_name',
  'f.remit_to_street',
  'f.remit_to_street2',
  'f.remit_to_city',
  'f.remit_to_state',
  'f.remit_to_postal_code',
  'f.remit_to_country',
  'f.remit_to_email',
  'f.bank_name',
  'f.routing_number',
  'f.swift_bic',
  'f.account_number',
  'f.account_type',
  'f.tax_id',
  'f.contact_id',
  'f.notes',
  'f.created_at',
  'f.updated_at',
] as const;

/** Records of live carriers. */
function finances(t: Tenant) {
  return t
    .select('outsource_company_finances as f')
    .select(COLUMNS)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('outsource_companies as o')
          .select(sql`1`.as('one'))
          .where(t.owns('o'))
          .whereRef('o.id', '=', 'f.outsource_company_id')
          .where('o.deleted_at', 'is', null),
      ),
    );
}

/** Finance records of live carriers; with `carrierId`, only that carrier's. */
export const financeRecords = companyRecords<FinanceRow, number, OfCarrier>({
  name: 'carrier_finance',
  what: 'Finance record',
  read: (t, ids, options) => {
    const q = finances(t).where('f.id', 'in', ids);
    return (options?.carrierId === undefined ? q : q.where('f.outsource_company_id', '=', options.carrierId)).execute();
  },
});

/** A carrier's records, the default first. */
export function financesOf(t: Tenant, outsourceCompanyId: number): Promise<FinanceRow[]> {
  return finances(t).where('f.outsource_company_id', '=', outsourceCompanyId).orderBy('f.is_default', 'desc').orderBy('f.id').execute();
}

export async function hasDefault(t: Tenant, outsourceCompanyId: number): Promise<boolean> {
  const row = await t
    .select('outsource_company_finances')
    .select('id')
    .where('outsource_company_id', '=', outsourceCompanyId)
    .where('is_default', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

/** The carrier's contact with this id, if it is one of its. */
export async function isContactOf(t: Tenant, outsourceCompanyId: number, contactId: number): Promise<boolean> {
  const row = await t
    .select('outsource_company_contacts')
    .select('id')
    .where('outsource_company_id', '=', outsourceCompanyId)
    .where('id', '=', contactId)
    .executeTakeFirst();
  return row !== undefined;
}

export type FinanceValues = Omit<FinanceRow, 'id' | 'outsource_company_id' | 'created_at' | 'updated_at'>;

/** The carrier's default record stops being it (before another becomes it). */
export async function clearDefault(t: Tenant, outsourceCompanyId: number, exceptId: number | null): Promise<void> {
  let q = t
    .update('outsource_company_finances')
    .set({ is_default: false, updated_at: new Date() })
    .where('outsource_company_id', '=', outsourceCompanyId)
    .where('is_default', '=', true);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  await q.execute();
}

export async function insertFinance(t: Tenant, outsourceCompanyId: number, values: Partial<FinanceValues>): Promise<number> {
  return (
    await t
      .insert('outsource_company_finances', { outsource_company_id: outsourceCompanyId, ...values })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export async function updateFinance(t: Tenant, id: number, values: Partial<FinanceValues>): Promise<void> {
  await t
    .update('outsource_company_finances')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteFinances(t: Tenant, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await t.delete('outsource_company_finances').where('id', 'in', ids).execute();
}
