// SQL of addresses, through the company door. Rows of kind 'warehouse' are the company's sites
// (company-sites.ts): the rules and lookups of customers' addresses leave them out.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { applyFilters, type Filters, type OrderTerm, pagedList } from '../../platform/list.js';
import { likePattern } from '../../platform/paging.js';
import { companyRecords } from '../../platform/records.js';
import { SharedListQuery, type SharedListQueryT } from '../../platform/schemas.js';
import { type AddressRow, type AddressT, toAddress } from './addresses.schemas.js';
import { customerListChanged, customersChanged } from './customer-upkeep.js';

/** What a write sets: the row without its key, timestamps and the joined customer name. */
export type AddressValues = Omit<AddressRow, 'id' | 'customer_name' | 'created_at' | 'updated_at'>;

const COLUMNS = [
  'a.id',
  // A kept copy (kind 'kept', migration 0030) answers whose address it was.
  sql<number | null>`coalesce(a.customer_id, a.kept_customer_id)`.as('customer_id'),
  sql<string | null>`coalesce(c.name, kc.name)`.as('customer_name'),
  'a.name',
  'a.street',
  'a.street2',
  'a.city',
  'a.state',
  'a.postal_code',
  'a.country',
  'a.latitude',
  'a.longitude',
  'a.is_main',
  'a.is_hub',
  'a.contact_name',
  'a.contact_phone',
  'a.notes',
  'a.normalized_key',
  'a.created_at',
  'a.updated_at',
] as const;

/** Addresses joined to their customer (none for the company's own), and a kept copy to whose
 *  address it was (`kc`): each join on its own key and index, no expression (a correlated subquery
 *  beside the outer join is refused by Citus on PostgreSQL 15). */
function addresses(t: Tenant) {
  return t
    .select('addresses as a')
    .leftJoin('customers as c', (j) => j.onRef('c.company_id', '=', 'a.company_id').onRef('c.id', '=', 'a.customer_id'))
    .leftJoin('customers as kc', (j) => j.onRef('kc.company_id', '=', 'a.company_id').onRef('kc.id', '=', 'a.kept_customer_id'));
}

/** Addresses with their customer's name; every read goes through here. */
export function selectAddresses(t: Tenant) {
  return addresses(t).select(COLUMNS);
}

/** Addresses by id: a customer's or the company's own, never a warehouse's place; with
 *  `customerId`, that customer's only (another's reads as missing). */
export const addressRecords = companyRecords<AddressRow, number, { customerId?: number } | undefined>({
  name: 'address',
  what: 'Address',
  plural: 'Addresses',
  read: (t, ids, options) =>
    selectAddresses(t)
      .where('a.id', 'in', ids)
      .where('a.kind', '=', 'customer')
      .$if(options?.customerId !== undefined, (q) => q.where('a.customer_id', '=', options!.customerId!))
      .execute(),
});

/** Addresses of these customers, main first. One query for a whole page of customers. */
export function addressesOfCustomers(t: Tenant, customerIds: number[]): Promise<AddressRow[]> {
  if (customerIds.length === 0) return Promise.resolve([]);
  return selectAddresses(t).where('a.customer_id', 'in', customerIds).orderBy('a.customer_id').orderBy('a.is_main', 'desc').orderBy('a.id').execute();
}

export async function insertAddress(t: Tenant, values: AddressValues): Promise<number> {
  const row = await t.insert('addresses', values).returning('id').executeTakeFirstOrThrow();
  await customersChanged(t, [values.customer_id]);
  return row.id;
}

export async function updateAddress(t: Tenant, id: number, values: AddressValues): Promise<void> {
  // The customer it belonged to loses its text, the one it belongs to gains it.
  const before = await t.select('addresses').select('customer_id').where('id', '=', id).executeTakeFirst();
  await t
    .update('addresses')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  await customersChanged(t, [before?.customer_id, values.customer_id]);
}

export async function deleteAddress(t: Tenant, id: number): Promise<void> {
  const gone = await t.delete('addresses').where('id', '=', id).returning('customer_id').execute();
  await customersChanged(
    t,
    gone.map((r) => r.customer_id),
  );
}

/** Clears the customer's main flag (before another address takes it). */
export async function clearMain(t: Tenant, customerId: number): Promise<void> {
  await t.update('addresses').set({ is_main: false }).where('customer_id', '=', customerId).where('is_main', '=', true).execute();
  await customerListChanged(t);
}

export async function setMain(t: Tenant, id: number): Promise<void> {
  await t.update('addresses').set({ is_main: true, updated_at: new Date() }).where('id', '=', id).execute();
  await customerListChanged(t);
}

export async function hasMain(t: Tenant, customerId: number): Promise<boolean> {
  const row = await t.select('addresses').select('id').where('customer_id', '=', customerId).where('is_main', '=', true).executeTakeFirst();
  return Boolean(row);
}

/** The customer's oldest address (other than one), which becomes main when the main one goes. */
export async function oldestAddressId(t: Tenant, customerId: number, exceptId: number | null): Promise<number | null> {
  let q = t.select('addresses').select('id').where('customer_id', '=', customerId);
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

async function rankedAddresses(t: Tenant, text: string, byName: boolean): Promise<AddressRow[]> {
  if (t.distributed) {
    // On Citus the function's rows are read by a statement of their own (see Tenant.distributed).
    const { rows: ranked } = await sql<{ id: number; rank: number }>`SELECT m.id, m.rank FROM ${rankedMatches(t, text.toLowerCase(), byName)}`.execute(t.db);
    if (ranked.length === 0) return [];
    ranked.sort((a, b) => b.rank - a.rank || a.id - b.id);
    const rows = await selectAddresses(t)
      .where(
        'a.id',
        'in',
        ranked.map((r) => r.id),
      )
      .execute();
    const order = new Map(ranked.map((r, i) => [r.id, i]));
    return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  }
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

/** SearchTerm (contained in the address's text), Cities, States, Zip, Countries. */
function placeFilters<QB extends ReturnType<typeof addresses>>(): Filters<SharedListQueryT, QB> {
  return {
    SearchTerm: (q, term) => q.where('a.search_text', 'like', likePattern(term.toLowerCase())) as QB,
    Cities: (q, cities) =>
      q.where(
        sql`lower(a.city)`,
        'in',
        cities.map((c) => c.toLowerCase()),
      ) as QB,
    States: (q, states) =>
      q.where(
        sql`lower(a.state)`,
        'in',
        states.map((s) => s.toLowerCase()),
      ) as QB,
    Zip: (q, zips) => q.where('a.postal_code', 'in', zips) as QB,
    Countries: (q, countries) =>
      q.where(
        'a.country',
        'in',
        countries.map((c) => c.toUpperCase()),
      ) as QB,
  };
}

/** The main address first and ties in id order, whatever SortDirection asks. */
const MAIN_FIRST = { term: 'a.is_main', direction: 'desc' } as const;
const BY_ID = { term: 'a.id', direction: 'asc' } as const;

/** A customer's addresses, the main one first, then by SortBy (name, city or createdAt), then by id. */
export const lookupAddresses = pagedList({
  query: SharedListQuery,
  from: (t: Tenant, _q, customerId: number) => addresses(t).where('a.customer_id', '=', customerId),
  filters: placeFilters(),
  sortable: {
    name: [MAIN_FIRST, sql`lower(coalesce(a.name, a.street))`, BY_ID],
    city: [MAIN_FIRST, sql`lower(a.city)`, BY_ID],
    createdAt: [MAIN_FIRST, 'a.created_at', BY_ID],
  } satisfies Record<string, OrderTerm[]>,
  select: (q) => q.select(COLUMNS),
  map: (rows) => rows.map((r) => ({ ...toAddress(r), normalizedAddress: r.normalized_key })),
});

export interface GroupedPlace {
  normalizedAddress: string;
  address: AddressT;
  addressIds: number[];
  customers: Array<{ id: number; name: string }>;
}

/**
 * A customer's distinct places (addresses identical once normalized), in order of first appearance,
 * each with the customer's addresses there and every active customer of the company with an
 * address at the same place. The list takes no SortBy: the order is the places' first address.
 */
export const groupedPlaces = pagedList({
  query: SharedListQuery,
  from: (t: Tenant, q, customerId: number) =>
    t.db.selectFrom(
      applyFilters(addresses(t).where('a.customer_id', '=', customerId), placeFilters(), q, t)
        .select(['a.normalized_key', (eb) => eb.fn.min('a.id').as('first')])
        .groupBy('a.normalized_key')
        .as('k'),
    ),
  sortable: { first: ['k.first'] },
  fixedOrder: true,
  select: (q) => q.select(['k.normalized_key']),
  map: async (rows, t, _q, customerId) => {
    const keys = rows.map((r) => r.normalized_key);
    const [own, sharing] = await Promise.all([customerAddressesAt(t, customerId, keys), customersAt(t, keys)]);
    return keys.map((key): GroupedPlace => {
      const here = own.filter((a) => a.normalized_key === key);
      return {
        normalizedAddress: key,
        address: toAddress(here[0]!),
        addressIds: here.map((a) => a.id).sort((a, b) => a - b),
        customers: sharing.filter((s) => s.normalized_key === key).map((s) => ({ id: s.id, name: s.name })),
      };
    });
  },
});

/** Addresses of a customer and of its active child accounts, optionally only of customers named like. */
export function locations(t: Tenant, customerId: number, customerName: string | null): Promise<AddressRow[]> {
  let q = selectAddresses(t)
    .where('c.status', '=', 0)
    .where((eb) => eb.or([eb('c.id', '=', customerId), eb('c.parent_customer_id', '=', customerId)]));
  if (customerName) q = q.where(sql`lower(c.name)`, 'like', likePattern(customerName.toLowerCase()));
  return q.orderBy(sql`c.id = ${customerId}`, 'desc').orderBy('a.is_main', 'desc').orderBy('a.id').limit(1000).execute();
}

/** The customer's addresses at these places. */
export function customerAddressesAt(t: Tenant, customerId: number, keys: string[]): Promise<AddressRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return selectAddresses(t)
    .where('a.customer_id', '=', customerId)
    .where('a.normalized_key', 'in', keys)
    .orderBy('a.is_main', 'desc')
    .orderBy('a.id')
    .execute();
}

/** Active customers with an address at these places (index on normalized_key). */
export function customersAt(t: Tenant, keys: string[]): Promise<Array<{ normalized_key: string; id: number; name: string }>> {
  if (keys.length === 0) return Promise.resolve([]);
  return t
    .select('addresses as a')
    .innerJoin('customers as c', (j) => j.onRef('c.company_id', '=', 'a.company_id').onRef('c.id', '=', 'a.customer_id'))
    .where('a.normalized_key', 'in', keys)
    .where('c.status', '=', 0)
    .select(['a.normalized_key', 'c.id', 'c.name'])
    .distinct()
    .orderBy('a.normalized_key')
    .orderBy('c.id')
    .execute();
}

/** Deletes a customer's addresses that repeat another of its addresses at the same place, keeping
 *  the main one, else the oldest. One statement for the whole company. */
export async function deleteDuplicateAddresses(t: Tenant): Promise<number> {
  const result = await sql<{ customer_id: number }>`
    delete from addresses a using (
      select id, row_number() over (partition by customer_id, normalized_key order by is_main desc, id) as rank
      from addresses where company_id = ${t.companyId} and customer_id is not null and kind = 'customer'
    ) ranked
    where a.company_id = ${t.companyId} and a.id = ranked.id and ranked.rank > 1
    returning a.customer_id`.execute(t.db);
  await customersChanged(
    t,
    result.rows.map((r) => r.customer_id),
  );
  return result.rows.length;
}

/** The place's fields a kept copy repeats; two rows with the same values are the same place. */
const PLACE = [
  'name',
  'street',
  'street2',
  'city',
  'state',
  'postal_code',
  'country',
  'latitude',
  'longitude',
  'is_hub',
  'contact_name',
  'contact_phone',
  'notes',
  'normalized_key',
] as const;

type Place = Pick<AddressRow, (typeof PLACE)[number]>;
const samePlace = (a: Place, b: Place) => PLACE.every((k) => a[k] === b[k]);

/**
 * For each customer's address (not a hub: hubs and warehouses are the company's own sites, which
 * transfers find by their address), a kept copy of it as it is now: one that already repeats it
 * exactly, else a new one; other addresses, and kept copies, stay themselves. Kept copies have no
 * customer_id, so no customer's list, search, main-address rule or duplicate sees them;
 * kept_customer_id says whose address it was.
 */
export async function keptCopies(t: Tenant, ids: readonly number[]): Promise<Map<number, number>> {
  const kept = new Map<number, number>();
  if (ids.length === 0) return kept;
  const sources = await t
    .select('addresses')
    .select(['id', 'kind', 'customer_id', ...PLACE])
    .where('id', 'in', [...ids])
    .execute();
  const live = sources.filter((s) => s.kind === 'customer' && !s.is_hub);
  for (const s of sources) if (!live.includes(s)) kept.set(s.id, s.id);
  if (live.length === 0) return kept;
  const copies = await t
    .select('addresses')
    .select(['id', 'kept_customer_id', ...PLACE])
    .where('kind', '=', 'kept')
    .where(
      'normalized_key',
      'in',
      live.map((s) => s.normalized_key),
    )
    .execute();
  for (const s of live) {
    let copy = copies.find((c) => c.kept_customer_id === s.customer_id && samePlace(c, s));
    if (!copy) {
      const values = Object.fromEntries(PLACE.map((k) => [k, s[k]])) as Place;
      const made = await t
        .insert('addresses', { ...values, kind: 'kept', customer_id: null, kept_customer_id: s.customer_id, is_main: false })
        .returning('id')
        .executeTakeFirstOrThrow();
      copy = { ...values, id: made.id, kept_customer_id: s.customer_id };
      copies.push(copy);
    }
    kept.set(s.id, copy.id);
  }
  return kept;
}
