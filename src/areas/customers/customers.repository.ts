// SQL of customers, through the company door (and the list version, read outside it).
import { type Expression, type OperationNodeSource, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Tenant } from '../../db/tenant.js';
import { inlined } from '../../platform/list.js';
import type { SortSpec } from '../../platform/paging.js';
import { companyRecords } from '../../platform/records.js';
import type { AddressRow } from './addresses.schemas.js';
import { customerListChanged, customersChanged, newCustomerSearchText, searchedColumnsIn } from './customer-upkeep.js';
import type { CustomerRow } from './customers.schemas.js';

const COLUMNS = [
  'c.id',
  'c.name',
  'c.email',
  'c.phone',
  'c.pipeline',
  'c.status',
  'c.source',
  'c.is_entrepreneur',
  'c.parent_customer_id',
  'c.merged_into_id',
  'c.notes',
  'c.last_order_at',
  'c.payment_terms_days',
  'c.tax_exempt',
  'c.created_at',
  'c.updated_at',
] as const;

function customers(t: Tenant) {
  return t.select('customers as c');
}

/** Which customers count: active ones unless `statuses` says otherwise (0 active, 1 deleted);
 *  `lock` reads them FOR UPDATE (a write that must see them unchanged until it commits). */
export interface CustomerReadOptions {
  statuses?: number[];
  lock?: boolean;
}

/** Customers by id: "Customer 5 was not found." for one the company does not have (or has in
 *  another status than asked: a deleted customer is found only when status 1 is asked for). */
export const customerRecords = companyRecords<CustomerRow, number, CustomerReadOptions | undefined>({
  name: 'customer',
  what: 'Customer',
  read: (t, ids, options) =>
    customers(t)
      .select(COLUMNS)
      .where('c.id', 'in', ids)
      .where('c.status', 'in', options?.statuses ?? [0])
      .$if(options?.lock === true, (q) => q.forUpdate())
      .execute(),
});

export type CustomerSort = 'name' | 'created_at';

export interface CustomerFilter {
  statuses: number[];
  search: string | null;
  nameOnly: boolean;
  pipelines: number[] | null;
  sources: number[] | null;
  entrepreneur: boolean | null;
  lastOrder: { start: Date; end: Date } | null;
  cities: string[] | null;
  states: string[] | null;
  zips: string[] | null;
  countries: string[] | null;
}

/** Everything but the search term: what the search narrows. */
export function withoutSearch(f: CustomerFilter): CustomerFilter {
  return { ...f, search: null, nameOnly: false };
}

/**
 * The customers a search matches, as rows of the table: read through the company's search-key
 * index by a definer function, since row security keeps the index condition from reaching it
 * directly (migrations 0003, 0012). The function returns whole `customers` rows, so the builder
 * is typed as the table's.
 */
function searched(t: Tenant, search: string, nameOnly: boolean, matched: number[] | null): ReturnType<typeof customers> {
  if (matched) return customers(t).where('c.id', '=', sql<number>`any(${matched}::int[])`);
  // A function's rows, not a table: the door does not open it, so the filter is written here.
  const rows = sql<{ company_id: number }>`fds_customer_matches(${t.companyId}, ${search.toLowerCase()}, ${nameOnly})`.as('c');
  return t.db.selectFrom(rows).where('c.company_id', '=', t.companyId) as unknown as ReturnType<typeof customers>;
}

/**
 * On Citus, the ids of the search's matches, read first by a statement of their own (null
 * elsewhere, where the function's rows join the page's statement). The function runs on the
 * coordinator and its own statement goes to the company's shard; with the page's company tables
 * in the same statement, Citus would send the function to the shard, where it cannot run.
 */
async function matchedIds(t: Tenant, f: CustomerFilter): Promise<number[] | null> {
  if (!t.distributed || !f.search) return null;
  const { rows } = await sql<{ id: number }>`SELECT id FROM fds_customer_matches(${t.companyId}, ${f.search.toLowerCase()}, ${f.nameOnly})`.execute(t.db);
  return rows.map((r) => r.id);
}

function filtered(t: Tenant, f: CustomerFilter, matched: number[] | null = null) {
  let q = (f.search ? searched(t, f.search, f.nameOnly, matched) : customers(t)).where('c.status', 'in', f.statuses);
  if (f.pipelines) q = q.where('c.pipeline', 'in', f.pipelines);
  if (f.sources) q = q.where('c.source', 'in', f.sources);
  if (f.entrepreneur !== null) q = q.where('c.is_entrepreneur', '=', f.entrepreneur);
  if (f.lastOrder) q = q.where('c.last_order_at', '>=', f.lastOrder.start).where('c.last_order_at', '<=', f.lastOrder.end);
  const place: Array<[string, string[] | null]> = [
    ['lower(a.city)', f.cities?.map((c) => c.toLowerCase()) ?? null],
    ['lower(a.state)', f.states?.map((s) => s.toLowerCase()) ?? null],
    ['a.postal_code', f.zips],
    ['a.country', f.countries?.map((c) => c.toUpperCase()) ?? null],
  ];
  for (const [column, values] of place) {
    if (!values || values.length === 0) continue;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('addresses as a')
          .select(sql`1`.as('one'))
          .where(t.owns('a'))
          .whereRef('a.customer_id', '=', 'c.id')
          .where(sql.raw(column), 'in', values) as unknown as Expression<SqlBool>,
      ),
    );
  }
  return q;
}

/** An address of a page row, as JSON (timestamps as text). */
export type AddressJson = Omit<AddressRow, 'customer_name' | 'created_at' | 'updated_at'> & { created_at: string; updated_at: string };

/**
 * A row of a list page, with what the page needs besides the customer, read in the same statement
 * (one round trip, one snapshot): the customer's addresses, and the company's list version with
 * whether this transaction wrote (customer-lists.ts trusts cached counts by it).
 */
export interface PageRow extends CustomerRow {
  list_version: string | null;
  /** All matches of the filter, when the page was read `counted`. */
  full_count?: string;
  wrote: boolean;
  addresses_json: AddressJson[];
}

type Direction = 'asc' | 'desc';

function withPageExtras(t: Tenant, page: OperationNodeSource, direction: Direction): Promise<PageRow[]> {
  const dir = sql.raw(direction);
  // The extras are computed for the page's rows only: the page (limit, offset) is the subquery.
  return sql<PageRow>`
    SELECT p.*,
      coalesce((SELECT v.version::text FROM customer_list_versions v WHERE v.company_id = ${t.companyId}), '0') AS list_version,
      txid_current_if_assigned() IS NOT NULL AS wrote,
      (SELECT coalesce(json_agg(a ORDER BY a.is_main DESC, a.id), '[]'::json) FROM (
        SELECT a.id, a.customer_id, a.name, a.street, a.street2, a.city, a.state, a.postal_code, a.country, a.latitude,
               a.longitude, a.is_main, a.is_hub, a.contact_name, a.contact_phone, a.notes, a.normalized_key, a.created_at, a.updated_at
        FROM addresses a WHERE a.company_id = ${t.companyId} AND a.customer_id = p.id) a) AS addresses_json
    FROM (${page}) p
    ORDER BY p.sort_key ${dir}, p.id ${dir}`
    .execute(t.db)
    .then((r) => r.rows);
}

function sortKeyOf(sort: SortSpec<CustomerSort>) {
  // Typed as one type for both keys: only compared and ordered, never read back.
  return sort.by === 'name' ? sql<string>`lower(c.name)` : sql<string>`c.created_at`;
}

/** The page through the search index: every match is found, then sorted. Cheap when matches are few.
 *  `counted` adds each row's `full_count`, the number of all matches (the count and the page from
 *  one pass through the index, when the count is not known yet). */
export async function listCustomers(
  t: Tenant,
  f: CustomerFilter,
  sort: SortSpec<CustomerSort>,
  limit: number,
  offset: number,
  counted = false,
): Promise<PageRow[]> {
  const direction = sort.descending ? 'desc' : 'asc';
  const sortKey = sortKeyOf(sort);
  const page = filtered(t, f, await matchedIds(t, f))
    .select([...COLUMNS, sortKey.as('sort_key')])
    .$if(counted, (q) => q.select(sql<string>`count(*) OVER ()`.as('full_count')))
    .orderBy(sortKey, direction)
    .orderBy('c.id', direction)
    .limit(inlined(limit))
    .offset(inlined(offset));
  return withPageExtras(t, page, direction);
}

/**
 * The page of a search by walking the sort index (company, status, sort key, id) and testing each
 * row, stopping when the page is full, and after `cap` rows at most. Cheap when matches are many;
 * `null` when the cap was reached first (the matches cluster late in the sort order): the caller
 * then reads the page through the search index instead. `candidates` is how many rows the filter
 * gives without the search. Needs a single status: the sort index orders one status at a time.
 */
export async function walkCustomers(
  t: Tenant,
  f: CustomerFilter & { search: string },
  sort: SortSpec<CustomerSort>,
  page: { limit: number; offset: number },
  walk: { cap: number; candidates: number },
): Promise<PageRow[] | null> {
  const direction = sort.descending ? 'desc' : 'asc';
  const sortKey = sortKeyOf(sort);
  const candidates = filtered(t, withoutSearch(f))
    .select([...COLUMNS, sortKey.as('sort_key'), f.nameOnly ? sql<string>`lower(c.name)`.as('haystack') : 'c.search_text as haystack'])
    .orderBy(sortKey, direction)
    .orderBy('c.id', direction)
    .limit(inlined(walk.cap));
  const matches = t.db
    .selectFrom(candidates.as('w'))
    .select([
      'w.id',
      'w.name',
      'w.email',
      'w.phone',
      'w.pipeline',
      'w.status',
      'w.source',
      'w.is_entrepreneur',
      'w.parent_customer_id',
      'w.merged_into_id',
      'w.notes',
      'w.last_order_at',
      'w.payment_terms_days',
      'w.tax_exempt',
      'w.created_at',
      'w.updated_at',
      'w.sort_key',
    ])
    // strpos is LIKE '%term%' without wildcards to escape, and no index serves it: the plan stays a walk.
    .where(sql`strpos(w.haystack, ${f.search.toLowerCase()})`, '>', 0)
    .orderBy('w.sort_key', direction)
    .orderBy('w.id', direction)
    .limit(inlined(page.limit))
    .offset(inlined(page.offset));
  const rows = await withPageExtras(t, matches, direction);
  // A short page is the true last page only if the walk reached the last candidate.
  return rows.length === page.limit || walk.candidates <= walk.cap ? rows : null;
}

/** The count, with the list version of the statement's snapshot (null when this transaction wrote). */
export async function countCustomers(t: Tenant, f: CustomerFilter): Promise<{ n: number; version: string | null }> {
  const row = await filtered(t, f, await matchedIds(t, f))
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      sql<string | null>`CASE WHEN txid_current_if_assigned() IS NULL THEN
      coalesce((SELECT v.version::text FROM customer_list_versions v WHERE v.company_id = ${t.companyId}), '0') END`.as('version'),
    ])
    .executeTakeFirstOrThrow();
  return { n: Number(row.n), version: row.version };
}

/**
 * The company's customer-list version as any request may read it, outside a tenant transaction:
 * only this counter, of the company a verified token names (platform/answer-cache.ts).
 */
export async function currentListVersion(db: Db, companyId: number): Promise<string> {
  const { rows } = await sql<{ version: string }>`
    SELECT version::text AS version FROM customer_list_versions WHERE company_id = ${companyId}`.execute(db);
  return rows[0]?.version ?? '0';
}

/**
 * The company's customer-list version (bumped by every transaction writing its customers), or null
 * when this transaction has written anything itself: its uncommitted view must not be cached.
 */
export async function listVersion(t: Tenant): Promise<string | null> {
  const { rows } = await sql<{ version: string | null; wrote: boolean }>`
    SELECT (SELECT version::text FROM customer_list_versions WHERE company_id = ${t.companyId}) AS version,
           txid_current_if_assigned() IS NOT NULL AS wrote`.execute(t.db);
  return rows[0]!.wrote ? null : (rows[0]!.version ?? '0');
}

export interface CustomerValues {
  name: string;
  email: string | null;
  phone: string | null;
  pipeline: number;
  source: number;
  is_entrepreneur: boolean;
  parent_customer_id: number | null;
  notes: string | null;
  name_key: string;
  email_key: string | null;
  phone_key: string | null;
  /** Invoicing (0019); left out: none (the company's terms), not exempt. */
  payment_terms_days?: number | null;
  tax_exempt?: boolean;
}

export async function insertCustomer(t: Tenant, values: CustomerValues): Promise<number> {
  const row = await t
    .insert('customers', { ...values, search_text: newCustomerSearchText(values) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await customerListChanged(t);
  return row.id;
}

export async function updateCustomer(t: Tenant, id: number, values: Partial<CustomerValues>): Promise<void> {
  await t
    .update('customers')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  // Its search text only when a searched field was written (a pipeline change leaves it).
  if (searchedColumnsIn(values)) await customersChanged(t, [id]);
  else await customerListChanged(t);
}

export async function setStatus(t: Tenant, ids: number[], status: 0 | 1, mergedInto: number | null = null): Promise<void> {
  if (ids.length === 0) return;
  await t
    .update('customers')
    .set({ status, deleted_at: status === 1 ? new Date() : null, merged_into_id: mergedInto, updated_at: new Date() })
    .where('id', 'in', ids)
    .execute();
  await customerListChanged(t);
}

/** Active customers sharing a normalized name, email or phone (excluding one). */
export function findLikelyDuplicates(
  t: Tenant,
  keys: { name: string; email: string | null; phone: string | null },
  excludeId: number | null,
): Promise<Array<CustomerRow & { name_key: string; email_key: string | null; phone_key: string | null }>> {
  let q = customers(t)
    .where('c.status', '=', 0)
    .where((eb) =>
      eb.or([
        eb('c.name_key', '=', keys.name),
        ...(keys.email ? [eb('c.email_key', '=', keys.email)] : []),
        ...(keys.phone ? [eb('c.phone_key', '=', keys.phone)] : []),
      ]),
    );
  if (excludeId !== null) q = q.where('c.id', '<>', excludeId);
  return q
    .select([...COLUMNS, 'c.name_key', 'c.email_key', 'c.phone_key'])
    .orderBy('c.id')
    .limit(50)
    .execute();
}

/** Moves merged customers' addresses, contacts and mails (this area's tables) to the parent;
 *  answers how many rows of each moved. Other areas move their own rows on `customersMerged`. */
export async function moveChildren(t: Tenant, fromIds: number[], toId: number): Promise<Record<string, number>> {
  const moved: Record<string, number> = {};
  // The parent keeps its own main address and primary contact.
  await t.update('addresses').set({ is_main: false }).where('customer_id', 'in', fromIds).execute();
  await t.update('customer_contacts').set({ is_primary: false }).where('customer_id', 'in', fromIds).execute();
  for (const table of ['addresses', 'customer_contacts', 'sent_emails'] as const) {
    const result = await t.update(table).set({ customer_id: toId }).where('customer_id', 'in', fromIds).executeTakeFirst();
    moved[table] = Number(result.numUpdatedRows);
  }
  // Child accounts of a merged customer now hang from the parent.
  await t.update('customers').set({ parent_customer_id: toId }).where('parent_customer_id', 'in', fromIds).where('id', '<>', toId).execute();
  await customersChanged(t, [...fromIds, toId]);
  return moved;
}

/** How many support tickets these customers have (read only: the support area moves them). */
export async function ticketCount(t: Tenant, customerIds: number[]): Promise<number> {
  const row = await t
    .select('support_tickets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', 'in', customerIds)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface ExportRow extends CustomerRow {
  address_id: number | null;
  address_name: string | null;
  street: string | null;
  street2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** Customers with their main address, in id order after `afterId`: an export reads in batches. */
export function exportBatch(t: Tenant, ids: number[] | null, afterId: number, limit: number): Promise<ExportRow[]> {
  let q = customers(t)
    .leftJoin('addresses as a', (j) => j.onRef('a.company_id', '=', 'c.company_id').onRef('a.customer_id', '=', 'c.id').on('a.is_main', '=', true))
    .select([
      ...COLUMNS,
      'a.id as address_id',
      'a.name as address_name',
      'a.street',
      'a.street2',
      'a.city',
      'a.state',
      'a.postal_code',
      'a.country',
      'a.latitude',
      'a.longitude',
    ])
    .where('c.id', '>', afterId);
  q = ids ? q.where('c.id', 'in', ids) : q.where('c.status', '=', 0);
  return q.orderBy('c.id').limit(limit).execute();
}

/** Which of these ids are customers of the company (any status). */
export async function existingIds(t: Tenant, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await customers(t).select('c.id').where('c.id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}
