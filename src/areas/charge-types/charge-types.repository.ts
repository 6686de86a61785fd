// SQL of the company's charge types, through the company door. A delete keeps the row
// (deleted_at): customers' copies and past invoices point at it, and it can be restored.
import { sql, type Transaction } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import type { DB } from '../../db/types.js';
import { companyRecords } from '../../platform/records.js';
import { type CompanyTypeRow, PRICING_COLUMNS, type PricingValues } from './charge-types.schemas.js';

const COLUMNS = [...PRICING_COLUMNS, 'deleted_at'] as const;

const types = (t: Tenant) => t.select('charge_types');

/** The company's charge types by id, live or deleted (a deleted one is read, and restored by a PUT). */
export const chargeTypeRecords = companyRecords<CompanyTypeRow>({
  name: 'charge_type',
  what: 'Charge type',
  read: (t, ids) => types(t).select(COLUMNS).where('id', 'in', ids).execute(),
});

/** Charge types as an invoice's lines name them: a company type (live or deleted) or a row of one of
 *  the company's customers' lists, by id (one sequence numbers both: their ids never collide).
 *  Whether one applies to the invoice's customer is the invoice's own check. */
export const lineChargeTypeRecords = companyRecords<{ id: number }>({
  name: 'charge_type',
  what: 'Charge type',
  read: async (t, ids) => [
    ...(await types(t).select('id').where('id', 'in', ids).execute()),
    ...(await t.select('customer_charge_types').select('id').where('id', 'in', ids).execute()),
  ],
});

export interface TypeFilter {
  excludeSystem: boolean;
  includeDeleted: boolean;
}

export function listTypes(t: Tenant, f: TypeFilter): Promise<CompanyTypeRow[]> {
  let q = types(t).select(COLUMNS);
  if (!f.includeDeleted) q = q.where('deleted_at', 'is', null);
  if (f.excludeSystem) q = q.where('is_system', '=', false);
  return q
    .orderBy((eb) => eb.fn('lower', ['name']))
    .orderBy('id')
    .execute();
}

/** The live types whose code or name (any case) is one of these, other than `exceptId`. */
export function findClashes(t: Tenant, code: string, name: string, exceptId: number | null): Promise<Array<{ id: number; code: string; name: string }>> {
  let q = types(t)
    .select(['id', 'code', 'name'])
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('code', '=', code), eb(eb.fn('lower', ['name']), '=', name.toLowerCase())]));
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return q.execute();
}

/** Codes of the live types (to make a free one). */
export async function liveCodes(t: Tenant): Promise<Set<string>> {
  const rows = await types(t).select('code').where('deleted_at', 'is', null).execute();
  return new Set(rows.map((r) => r.code));
}

export async function countLive(t: Tenant): Promise<number> {
  const row = await types(t)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertType(t: Tenant, values: PricingValues): Promise<number> {
  return (await t.insert('charge_types', values).returning('id').executeTakeFirstOrThrow()).id;
}

/** Writes the values; a deleted type written to is live again. */
export async function updateType(t: Tenant, id: number, values: PricingValues): Promise<void> {
  await t
    .update('charge_types')
    .set({ ...values, deleted_at: null, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function markDeleted(t: Tenant, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await t
    .update('charge_types')
    .set({ deleted_at: new Date(), updated_at: new Date() })
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .where('is_system', '=', false)
    .execute();
}

/** The types pricing itself produces lines for: every company has them; they cannot be deleted
 *  (deactivate instead) and their code and kind never change. */
const SYSTEM_CHARGE_TYPES = [
  {
    code: 'LINEHAUL',
    name: 'Linehaul',
    description: 'The transport itself, priced by the pricing model (base charge and mileage); the rate here is not used.',
    kind: 'Flat',
    unit: 'flat',
  },
  {
    code: 'FUEL',
    name: 'Fuel surcharge',
    description: 'A percentage of the linehaul; set the rate to the current fuel surcharge (18.5 = 18.5 %).',
    kind: 'PercentOfLinehaul',
    unit: 'percent',
  },
] as const;

/** The system types for a new company, in its provisioning transaction (before it has a user to
 *  open the door for). Migration 0006 gave them to the companies of its day. */
export async function seedSystemChargeTypes(trx: Transaction<DB>, companyId: number): Promise<void> {
  const rows = SYSTEM_CHARGE_TYPES.map((s) => sql`(${companyId}, ${s.code}, ${s.name}, ${s.description}, ${s.kind}, ${s.unit}, 0, true)`);
  await sql`INSERT INTO charge_types (company_id, code, name, description, kind, unit, rate, is_system) VALUES ${sql.join(rows)}`.execute(trx);
}
