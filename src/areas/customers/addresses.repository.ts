// SQL of addresses, in the company's transaction.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { likePattern } from '../../platform/paging.js';
import type { AddressRow } from './addresses.schemas.js';

/** What a write sets: the row without its key, timestamps and the joined customer name. */
export type AddressValues = Omit<AddressRow, 'id' | 'customer_name' | 'created_at' | 'updated_at'>;

/** Addresses with their customer's name; every read goes through here. */
export function selectAddresses(t: Tenant) {
  return t.db
    .selectFrom('addresses as a')
    .leftJoin('customers as c', (j) => j.onRef('c.company_id', '=', 'a.company_id').onRef('c.id', '=', 'a.customer_id'))
    .where('a.company_id', '=', t.companyId)
    .select([
      'a.id', 'a.customer_id', 'c.name as customer_name', 'a.name', 'a.street', 'a.street2', 'a.city', 'a.state',
      'a.postal_code', 'a.country', 'a.latitude', 'a.longitude', 'a.is_main', 'a.is_hub', 'a.contact_name',
      'a.contact_phone', 'a.notes', 'a.normalized_key', 'a.created_at', 'a.updated_at',
    ]);
}

export function findAddress(t: Tenant, id: number): Promise<AddressRow | undefined> {
  return selectAddresses(t).where('a.id', '=', id).where('a.kind', '=', 'customer').executeTakeFirst();
}

/** Addresses of these customers, main first. One query for a whole page of customers. */
export function addressesOfCustomers(t: Tenant, customerIds: number[]): Promise<AddressRow[]> {
  if (customerIds.length === 0) return Promise.resolve([]);
  return selectAddresses(t).where('a.customer_id', 'in', customerIds)
    .orderBy('a.customer_id').orderBy('a.is_main', 'desc').orderBy('a.id').execute();
}

export async function insertAddress(t: Tenant, values: AddressValues): Promise<number> {
  const row = await t.db.insertInto('addresses').values({ company_id: t.companyId, ...values }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAddress(t: Tenant, id: number, values: AddressValues): Promise<void> {
  await t.db.updateTable('addresses').set({ ...values, updated_at: new Date() })
    .where('company_id', '=', t.companyId).where('id', '=', id).execute();
}

export async function deleteAddress(t: Tenant, id: number): Promise<void> {
  await t.db.deleteFrom('addresses').where('company_id', '=', t.companyId).where('id', '=', id).execute();
}

/** Clears the customer's main flag (before another address takes it). */
export async function clearMain(t: Tenant, customerId: number): Promise<void> {
  await t.db.updateTable('addresses').set({ is_main: false })
    .where('company_id', '=', t.companyId).where('customer_id', '=', customerId).where('is_main', '=', true).execute();
}

export async function setMain(t: Tenant, id: number): Promise<void> {
  await t.db.updateTable('addresses').set({ is_main: true, updated_at: new Date() })
    .where('company_id', '=', t.companyId).where('id', '=', id).execute();
}

export async function hasMain(t: Tenant, customerId: number): Promise<boolean> {
  const row = await t.db.selectFrom('addresses').select('id').where('company_id', '=', t.companyId)
    .where('customer_id', '=', customerId).where('is_main', '=', true).executeTakeFirst();
  return Boolean(row);
}

/** The customer's oldest address (other than one), which becomes main when the main one goes. */
export async function oldestAddressId(t: Tenant, customerId: number, exceptId: number | null): Promise<number | null> {
  let q = t.db.selectFrom('addresses').select('id').where('company_id', '=', t.companyId).where('customer_id', '=', customerId);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  const row = await q.orderBy('id').limit(1).executeTakeFirst();
  return row?.id ?? null;
}

const LOOKUP_LIMIT = 50;
/** Resembling addresses are looked for only when fewer than this many contain the text: a
 *  resemblance search reads every posting list of every trigram of the text (migration 0010). */
const RESEMBLANCE_BELOW = 5;

/** Warehouses and hubs whose text matches, best match first. */
export function lookupForTransfer(t: Tenant, term: string | null): Promise<AddressRow[]> {
  let q = selectAddresses(t).where((eb) => eb.or([eb('a.is_hub', '=', true), eb('a.kind', '=', 'warehouse')]));
  if (term) q = q.where('a.search_text', 'ilike', likePattern(term)).orderBy(sql`similarity(a.search_text, ${term.toLowerCase()})`, 'desc');
  return q.orderBy('a.name').orderBy('a.id').limit(LOOKUP_LIMIT).execute();
}

/** The best customer addresses matching the text, ranked (a definer function: row security keeps
 *  @> and % from reaching the search-key and trigram indexes directly; migrations 0004, 0012). */
function rankedMatches(t: Tenant, lowered: string, byName: boolean) {
  return sql<{ id: number; rank: number }>`fds_address_matches(${t.companyId}, ${lowered}, ${byName}, ${RESEMBLANCE_BELOW}, ${LOOKUP_LIMIT})`.as('m');
}

function rankedAddresses(t: Tenant, text: string, byName: boolean): Promise<AddressRow[]> {
  return selectAddresses(t)
    .innerJoin(rankedMatches(t, text.toLowerCase(), byName), 'm.id', 'a.id')
    .orderBy('m.rank', 'desc')
    .orderBy('a.id')
    .execute();
}

/** Customer addresses (of active customers) whose place name or customer name contains or
 *  resembles the name, best first. */
export function searchByCompanyName(t: Tenant, name: string): Promise<AddressRow[]> {
  return rankedAddresses(t, name, true);
}

/** Customer addresses (of active customers) whose text contains or resembles the given address, best first. */
export function searchByAddress(t: Tenant, text: string): Promise<AddressRow[]> {
  return rankedAddresses(t, text, false);
}

export interface PlaceFilter {
  search: string | null;
  cities: string[] | null;
  states: string[] | null;
  zips: string[] | null;
  countries: string[] | null;
}

function placesOf(t: Tenant, customerId: number, f: PlaceFilter) {
  let q = selectAddresses(t).where('a.customer_id', '=', customerId);
  if (f.search) q = q.where('a.search_text', 'like', likePattern(f.search.toLowerCase()));
  if (f.cities?.length) q = q.where(sql`lower(a.city)`, 'in', f.cities.map((c) => c.toLowerCase()));
  if (f.states?.length) q = q.where(sql`lower(a.state)`, 'in', f.states.map((s) => s.toLowerCase()));
  if (f.zips?.length) q = q.where('a.postal_code', 'in', f.zips);
  if (f.countries?.length) q = q.where('a.country', 'in', f.countries.map((c) => c.toUpperCase()));
  return q;
}

export type PlaceSort = 'name' | 'city' | 'created_at';

export function listPlaces(t: Tenant, customerId: number, f: PlaceFilter, sort: { by: PlaceSort; descending: boolean }, limit: number, offset: number): Promise<AddressRow[]> {
  const direction = sort.descending ? 'desc' : 'asc';
  const column = sort.by === 'name' ? sql`lower(coalesce(a.name, a.street))` : sort.by === 'city' ? sql`lower(a.city)` : sql`a.created_at`;
  return placesOf(t, customerId, f).orderBy('a.is_main', 'desc').orderBy(column, direction).orderBy('a.id').limit(limit).offset(offset).execute();
}

export async function countPlaces(t: Tenant, customerId: number, f: PlaceFilter): Promise<number> {
  const row = await placesOf(t, customerId, f).clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Addresses of a customer and of its active child accounts, optionally only of customers named like. */
export function locations(t: Tenant, customerId: number, customerName: string | null): Promise<AddressRow[]> {
  let q = selectAddresses(t)
    .where('c.status', '=', 0)
    .where((eb) => eb.or([eb('c.id', '=', customerId), eb('c.parent_customer_id', '=', customerId)]));
  if (customerName) q = q.where(sql`lower(c.name)`, 'like', likePattern(customerName.toLowerCase()));
  return q.orderBy(sql`c.id = ${customerId}`, 'desc').orderBy('a.is_main', 'desc').orderBy('a.id').limit(1000).execute();
}

/** The customer's distinct places (normalized keys), in order of first appearance. */
export async function placeKeys(t: Tenant, customerId: number, f: PlaceFilter, limit: number, offset: number): Promise<string[]> {
  const rows = await placesOf(t, customerId, f).clearSelect().clearOrderBy()
    .select(['a.normalized_key', (eb) => eb.fn.min('a.id').as('first')])
    .groupBy('a.normalized_key').orderBy('first').limit(limit).offset(offset).execute();
  return rows.map((r) => r.normalized_key);
}

export async function countPlaceKeys(t: Tenant, customerId: number, f: PlaceFilter): Promise<number> {
  const row = await placesOf(t, customerId, f).clearSelect()
    .select(sql<number>`count(distinct a.normalized_key)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The customer's addresses at these places. */
export function customerAddressesAt(t: Tenant, customerId: number, keys: string[]): Promise<AddressRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return selectAddresses(t).where('a.customer_id', '=', customerId).where('a.normalized_key', 'in', keys)
    .orderBy('a.is_main', 'desc').orderBy('a.id').execute();
}

/** Active customers with an address at these places (index on normalized_key). */
export function customersAt(t: Tenant, keys: string[]): Promise<Array<{ normalized_key: string; id: number; name: string }>> {
  if (keys.length === 0) return Promise.resolve([]);
  return t.db.selectFrom('addresses as a')
    .innerJoin('customers as c', (j) => j.onRef('c.company_id', '=', 'a.company_id').onRef('c.id', '=', 'a.customer_id'))
    .where('a.company_id', '=', t.companyId).where('a.normalized_key', 'in', keys).where('c.status', '=', 0)
    .select(['a.normalized_key', 'c.id', 'c.name']).distinct().orderBy('a.normalized_key').orderBy('c.id').execute();
}

/** Deletes a customer's addresses that repeat another of its addresses at the same place, keeping
 *  the main one, else the oldest. One statement for the whole company. */
export async function deleteDuplicateAddresses(t: Tenant): Promise<number> {
  const result = await sql`
    delete from addresses a using (
      select id, row_number() over (partition by customer_id, normalized_key order by is_main desc, id) as rank
      from addresses where company_id = ${t.companyId} and customer_id is not null and kind = 'customer'
    ) ranked
    where a.company_id = ${t.companyId} and a.id = ranked.id and ranked.rank > 1`.execute(t.db);
  return Number(result.numAffectedRows ?? 0);
}
