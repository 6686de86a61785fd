// What this area keeps beside each write of customers and addresses (triggers did until migration
// 0014; Citus cannot run their statements on the shard holding the row):
//  - a customer's search text: its name, email and phone, then each address's own search text
//    (a generated column), lowercased — what a search term is looked for in (customers.repository);
//  - the company's customer list version (customer_list_versions), which a kept count or page
//    holds only while it stands (customer-lists.ts): bumped once per transaction that writes
//    customers or addresses, not once per row (a 10,000-row import bumps it once).
// Every repository function that writes those tables calls these; nothing else writes them (the
// door test keeps other areas out).
import { type Expression, sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';

/** Transactions (one Tenant each) that have bumped the version already. */
const bumped = new WeakSet<Tenant>();

/** The company's customers or addresses changed in this transaction: the list version moves on. */
export async function customerListChanged(t: Tenant): Promise<void> {
  if (bumped.has(t)) return;
  await t
    .insert('customer_list_versions', {})
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ version: sql`customer_list_versions.version + 1` }))
    .execute();
  bumped.add(t);
}

/** The customers' search text, computed again from their fields and addresses (ids may repeat or
 *  be null: an address without a customer). Also bumps the list version. */
export async function customersChanged(t: Tenant, ids: ReadonlyArray<number | null | undefined>): Promise<void> {
  await customerListChanged(t);
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return;
  await t
    .update('customers as c')
    .set({ search_text: searchText(t.companyId) })
    .where('c.id', 'in', wanted)
    .execute();
}

/** The customer's own fields as searched: name, email and phone, lowercased. */
function ownText(name: Expression<string> | string, email: Expression<string | null> | string | null, phone: Expression<string | null> | string | null) {
  return sql<string>`lower(${name}::text || ' ' || coalesce(${email}::text, '') || ' ' || coalesce(${phone}::text, ''))`;
}

/** A customer row's search text, for `UPDATE customers AS c` (the addresses are the company's:
 *  the subquery names it, so on Citus it stays on the customer's shard). */
export function searchText(companyId: number) {
  return sql<string>`${ownText(sql.ref('c.name'), sql.ref('c.email'), sql.ref('c.phone'))} || ' ' ||
    coalesce((SELECT string_agg(a.search_text, ' ' ORDER BY a.id) FROM addresses a
              WHERE a.company_id = ${companyId} AND a.customer_id = c.id), '')`;
}

/** A new customer's search text, written by its INSERT (it has no address yet): no second statement. */
export function newCustomerSearchText(values: { name: string; email: string | null; phone: string | null }) {
  return sql<string>`${ownText(values.name, values.email, values.phone)} || ' '`;
}

/** Whether a change of these customer columns changes the search text. */
export const searchedColumnsIn = (values: object): boolean => 'name' in values || 'email' in values || 'phone' in values;
