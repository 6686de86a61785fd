// SQL of customers' charge types, through the company door. A customer's list is small (its
// copy of the company's list plus its own types), so it is read whole.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { type CompanyRecords, companyRecords } from '../../platform/records.js';
import { chargeTypeRecords } from './charge-types.repository.js';
import { type CompanyTypeRow, type CustomerTypeRow, PRICING_COLUMNS, type PricingValues } from './charge-types.schemas.js';

const COLUMNS = [...PRICING_COLUMNS, 'customer_id', 'charge_type_id', 'removed_at'] as const;

/** Serializes the writers of one customer's list (seeding on read, PUT, DELETE, sync) until commit,
 *  so that two first reads never seed the list twice. */
export async function lockList(t: Tenant, customerId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('customer_charge_types'), ${customerId}::int)`.execute(t.db);
}

/** Every row of the customer, by name. */
export function rowsOf(t: Tenant, customerId: number): Promise<CustomerTypeRow[]> {
  return t
    .select('customer_charge_types')
    .select(COLUMNS)
    .where('customer_id', '=', customerId)
    .orderBy((eb) => eb.fn('lower', ['name']))
    .orderBy('id')
    .execute();
}

/** What a path id of a customer's list names (PUT /Customers/{customerId}/chargeTypes/{chargeTypeId}):
 *  a row of the list, by its id or by the company type it copies, else a live company type the list
 *  lacks. `id` is the id as named. */
export type NamedType = { id: number; row: CustomerTypeRow; company?: undefined } | { id: number; row?: undefined; company: CompanyTypeRow };

/** A row of a customer's list as an id names it: by its own id or by the company type it copies. */
export type ListedType = { id: number; row: CustomerTypeRow };

/** The rows of the list these ids name, the list locked first; the ids naming none left over. */
async function listedOf(t: Tenant, customerId: number, ids: readonly number[]): Promise<{ listed: ListedType[]; rest: number[] }> {
  await lockList(t, customerId);
  const rows = await rowsOf(t, customerId);
  const listed: ListedType[] = [];
  const rest: number[] = [];
  for (const id of ids) {
    const row = rows.find((r) => r.id === id) ?? rows.find((r) => r.charge_type_id === id);
    if (row) listed.push({ id, row });
    else rest.push(id);
  }
  return { listed, rest };
}

/** The types a customer's list may be changed through, read with the list's lock (the change holds
 *  it until commit): a row of the customer's by its id or the company type it copies, else a live
 *  company type (a deleted one is missing, like an unknown id). "Charge type 9 was not found." */
export function namedTypeRecords(customerId: number): CompanyRecords<NamedType, number> {
  return companyRecords<NamedType>({
    name: 'customer_charge_type',
    what: chargeTypeRecords.what,
    plural: chargeTypeRecords.plural,
    async read(t, ids) {
      const { listed, rest } = await listedOf(t, customerId, ids);
      const out: NamedType[] = [...listed];
      for (const company of await chargeTypeRecords.findAll(t, rest)) {
        if (company.deleted_at === null) out.push({ id: company.id, company });
      }
      return out;
    },
  });
}

/** The rows of a customer's list (DELETE /Customers/{customerId}/chargeTypes), read with the list's
 *  lock: by a row's id or the company type it copies; any other id — a company type the list lacks
 *  included — is missing. "Charge type 9 was not found." */
export function listedTypeRecords(customerId: number): CompanyRecords<ListedType, number> {
  return companyRecords<ListedType>({
    name: 'customer_charge_type',
    what: chargeTypeRecords.what,
    plural: chargeTypeRecords.plural,
    read: async (t, ids) => (await listedOf(t, customerId, ids)).listed,
  });
}

export interface NewRow extends PricingValues {
  charge_type_id: number | null;
  is_system: boolean;
}

export async function insertRows(t: Tenant, customerId: number, rows: NewRow[]): Promise<void> {
  if (rows.length === 0) return;
  await t
    .insert(
      'customer_charge_types',
      rows.map((r) => ({ customer_id: customerId, ...r })),
    )
    .execute();
}

export async function insertRow(t: Tenant, customerId: number, row: NewRow): Promise<number> {
  return (
    await t
      .insert('customer_charge_types', { customer_id: customerId, ...row })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export interface RowChange extends Partial<PricingValues> {
  charge_type_id?: number | null;
  is_system?: boolean;
  removed_at?: Date | null;
}

export async function updateRow(t: Tenant, id: number, change: RowChange): Promise<void> {
  await t
    .update('customer_charge_types')
    .set({ ...change, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteRows(t: Tenant, customerId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await t.delete('customer_charge_types').where('customer_id', '=', customerId).where('id', 'in', ids).execute();
}

/** How many customers' rows copy each of these company types. */
export async function copiesOf(t: Tenant, chargeTypeIds: number[]): Promise<Map<number, number>> {
  if (chargeTypeIds.length === 0) return new Map();
  const rows = await t
    .select('customer_charge_types')
    .select(['charge_type_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('charge_type_id', 'in', chargeTypeIds)
    .groupBy('charge_type_id')
    .execute();
  return new Map(rows.map((r) => [r.charge_type_id!, Number(r.n)]));
}
