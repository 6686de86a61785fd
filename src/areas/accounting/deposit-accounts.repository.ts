// SQL of the 'Deposit to' accounts: each with its running total, the sum of its live settled
// payments, in one grouped statement (payments_deposit_idx covers it: amount and state included).
import { type Selectable, sql, type Updateable } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { companyRecords } from '../../platform/records.js';
import type { DepositAccountsTable } from './accounting.tables.js';

export type DepositAccountRow = Omit<Selectable<DepositAccountsTable>, 'company_id'>;
export type DepositAccountTotals = DepositAccountRow & { deposited_total: number; payments_count: number };

const COLUMNS = [
  'd.id',
  'd.name',
  'd.account_type',
  'd.ledger_account',
  'd.currency',
  'd.opening_balance',
  'd.is_default',
  'd.deleted_at',
  'd.created_at',
  'd.updated_at',
] as const;

/** The company's live deposit accounts. */
export const depositAccountRecords = companyRecords<DepositAccountRow>({
  name: 'deposit_account',
  what: 'Deposit account',
  read: (t, ids) => t.select('deposit_accounts as d').select(COLUMNS).where('d.id', 'in', ids).where('d.deleted_at', 'is', null).execute(),
});

/** The accounts with their running totals, by name; all of them, or these. */
export function accountsWithTotals(t: Tenant, ids?: readonly number[]): Promise<DepositAccountTotals[]> {
  const totals = t
    .select('payments as p')
    .select(['p.deposit_account_id', sql<number>`sum(p.amount)`.as('deposited_total'), sql<number>`count(*)::int`.as('payments_count')])
    .where('p.deposit_account_id', 'is not', null)
    .where('p.deleted_at', 'is', null)
    .where('p.processing_status', '=', 'settled')
    .$if(ids !== undefined, (q) => q.where('p.deposit_account_id', 'in', [...(ids ?? [])]))
    .groupBy('p.deposit_account_id')
    .as('s');
  return t
    .select('deposit_accounts as d')
    .leftJoin(totals, 's.deposit_account_id', 'd.id')
    .select([...COLUMNS, sql<number>`coalesce(s.deposited_total, 0)`.as('deposited_total'), sql<number>`coalesce(s.payments_count, 0)`.as('payments_count')])
    .where('d.deleted_at', 'is', null)
    .$if(ids !== undefined, (q) => q.where('d.id', 'in', [...(ids ?? [])]))
    .orderBy(sql`lower(d.name)`)
    .orderBy('d.id')
    .execute();
}

export async function defaultAccountId(t: Tenant): Promise<number | null> {
  const row = await t.select('deposit_accounts as d').select('d.id').where('d.is_default', '=', true).where('d.deleted_at', 'is', null).executeTakeFirst();
  return row?.id ?? null;
}

/** Another live account with this name (any case). */
export async function accountNamed(t: Tenant, name: string, exceptId: number | null): Promise<number | null> {
  const row = await t
    .select('deposit_accounts as d')
    .select('d.id')
    .where(sql`lower(d.name)`, '=', name.toLowerCase())
    .where('d.deleted_at', 'is', null)
    .$if(exceptId !== null, (q) => q.where('d.id', '<>', exceptId!))
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function insertAccount(t: Tenant, values: Omit<DepositAccountRow, 'id' | 'deleted_at' | 'created_at' | 'updated_at'>): Promise<number> {
  return (await t.insert('deposit_accounts', values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateAccount(t: Tenant, id: number, values: Omit<Updateable<DepositAccountsTable>, 'company_id' | 'id'>): Promise<void> {
  await t
    .update('deposit_accounts')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** The company's default becomes none (before another is made the default). */
export async function clearDefault(t: Tenant, exceptId: number | null): Promise<void> {
  await t
    .update('deposit_accounts')
    .set({ is_default: false, updated_at: sql`now()` })
    .where('is_default', '=', true)
    .$if(exceptId !== null, (q) => q.where('id', '<>', exceptId!))
    .execute();
}
