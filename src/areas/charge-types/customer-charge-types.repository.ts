// SQL of customers' charge types, in the company's transaction. A customer's list is small (its
// copy of the company's list plus its own types), so it is read whole.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { PRICING_COLUMNS, type CustomerTypeRow, type PricingValues } from './charge-types.schemas.js';

const COLUMNS = [...PRICING_COLUMNS, 'customer_id', 'charge_type_id', 'removed_at'] as const;

/** Serializes the writers of one customer's list (seeding on read, PUT, DELETE, sync) until commit,
 *  so that two first reads never seed the list twice. */
export async function lockList(t: Tenant, customerId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('customer_charge_types'), ${customerId}::int)`.execute(t.db);
}

/** Every row of the customer, by name. */
export function rowsOf(t: Tenant, customerId: number): Promise<CustomerTypeRow[]> {
  return t.db.selectFrom('customer_charge_types').select(COLUMNS)
    .where('company_id', '=', t.companyId).where('customer_id', '=', customerId)
    .orderBy((eb) => eb.fn('lower', ['name'])).orderBy('id').execute();
}

export interface NewRow extends PricingValues {
  charge_type_id: number | null;
  is_system: boolean;
}

export async function insertRows(t: Tenant, customerId: number, rows: NewRow[]): Promise<void> {
  if (rows.length === 0) return;
  await t.db.insertInto('customer_charge_types')
    .values(rows.map((r) => ({ company_id: t.companyId, customer_id: customerId, ...r }))).execute();
}

export async function insertRow(t: Tenant, customerId: number, row: NewRow): Promise<number> {
  const made = await t.db.insertInto('customer_charge_types')
    .values({ company_id: t.companyId, customer_id: customerId, ...row }).returning('id').executeTakeFirstOrThrow();
  return made.id;
}

export interface RowChange extends Partial<PricingValues> {
  charge_type_id?: number | null;
  is_system?: boolean;
  removed_at?: Date | null;
}

export async function updateRow(t: Tenant, id: number, change: RowChange): Promise<void> {
  await t.db.updateTable('customer_charge_types').set({ ...change, updated_at: new Date() })
    .where('company_id', '=', t.companyId).where('id', '=', id).execute();
}

export async function deleteRows(t: Tenant, customerId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await t.db.deleteFrom('customer_charge_types')
    .where('company_id', '=', t.companyId).where('customer_id', '=', customerId).where('id', 'in', ids).execute();
}

/** How many customers' rows copy each of these company types. */
export async function copiesOf(t: Tenant, chargeTypeIds: number[]): Promise<Map<number, number>> {
  if (chargeTypeIds.length === 0) return new Map();
  const rows = await t.db.selectFrom('customer_charge_types')
    .select(['charge_type_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('company_id', '=', t.companyId).where('charge_type_id', 'in', chargeTypeIds).groupBy('charge_type_id').execute();
  return new Map(rows.map((r) => [r.charge_type_id!, Number(r.n)]));
}
